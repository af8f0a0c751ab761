import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operatorToken, registerUser, startTestApp, type TestApp, uniqueEmail, withOperator } from '../../test/test-app.ts';

describe('operators publish app versions and read the dev outbox', () => {
  let testApp: TestApp;
  let operator: string;
  beforeAll(async () => {
    testApp = await startTestApp({ configOverrides: withOperator });
    operator = await operatorToken(testApp);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('tells the app the newest published version, 1.0.0 before any, with an audit row for each publication', async () => {
    expect((await testApp.call<{ version: string }>('/appVersion/getPublishAppVersion', { method: 'GET' })).body.data.version).toBe(
      '1.0.0',
    );
    const published = await testApp.call('/app-versions', {
      isOperatorApi: true,
      token: operator,
      body: { version: '1.1.0', notes: 'Operar desde la ficha de cotización', downloadUrl: 'https://bolsa.example/app' },
    });
    expect(published.body.code).toBe(200);
    const current = await testApp.call<{ version: string; notes: string; downloadUrl: string }>('/appVersion/getPublishAppVersion', {
      method: 'GET',
    });
    expect(current.body.data).toMatchObject({
      version: '1.1.0',
      notes: 'Operar desde la ficha de cotización',
      downloadUrl: 'https://bolsa.example/app',
    });
    const audit = await testApp.database.db.execute(
      sql`SELECT action, after->>'version' AS version FROM audit_log WHERE action = 'app-version.publish'`,
    );
    expect(audit.rows).toEqual([{ action: 'app-version.publish', version: '1.1.0' }]);
  });

  it('refuses a malformed version or a non-HTTPS link, and anyone who is not an operator', async () => {
    const badVersion = await testApp.call('/app-versions', {
      isOperatorApi: true,
      token: operator,
      language: 'en',
      body: { version: 'v2' },
    });
    expect(badVersion.body).toMatchObject({ code: 1001 });
    const plainHttp = await testApp.call('/app-versions', {
      isOperatorApi: true,
      token: operator,
      body: { version: '2.0.0', downloadUrl: 'http://bolsa.example' },
    });
    expect(plainHttp.body.code).toBe(1001);
    const user = await registerUser(testApp);
    expect((await testApp.call('/app-versions', { isOperatorApi: true, token: user.token, body: { version: '9.9.9' } })).status).toBe(401);
    expect((await testApp.call<{ version: string }>('/appVersion/getPublishAppVersion', { method: 'GET' })).body.data.version).toBe(
      '1.1.0',
    );
  });

  it('shows operators the mails the server would have sent without SMTP', async () => {
    const email = uniqueEmail('outbox');
    await testApp.call('/getEmailCode', { body: { email, type: 'register' }, language: 'en' });
    const outbox = await testApp.call<Array<{ to: string; subject: string }>>('/outbox', {
      isOperatorApi: true,
      token: operator,
      method: 'GET',
    });
    expect(outbox.body.data[0]).toMatchObject({ to: email, subject: expect.stringMatching(/^Your Bolsa verification code: \d{6}$/) });
  });
});
