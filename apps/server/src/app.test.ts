import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT, DEMO_OPERATOR } from './app.ts';
import { startTestApp, type TestApp, withOperator } from './test/test-app.ts';

describe('the HTTP envelope', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('answers health in the envelope with the database kind', async () => {
    const response = await testApp.call('/health', { method: 'GET' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ code: 200, msg: expect.any(String), data: { status: 'ok', database: testApp.database.kind } });
  });

  it('answers an unknown path with NOT_FOUND in the language asked for; Spanish arrives as "ar"', async () => {
    const spanish = await testApp.call('/no/such/path', { language: 'ar' });
    expect(spanish.status).toBe(404);
    expect(spanish.body).toEqual({ code: 1004, msg: 'La URL no existe', data: null });
    const german = await testApp.call('/no/such/path', { headers: { 'accept-language': 'fr-FR;q=0.9, de;q=0.8' } });
    expect(german.body.msg).toBe('Die URL existiert nicht');
    const unknown = await testApp.call('/no/such/path', { headers: { 'accept-language': 'xx' } });
    expect(unknown.body.msg).toBe('The URL does not exist');
  });

  it('never shows a stack trace or SQL: an unexpected error gets a generic message with the request id', async () => {
    const { app } = await startTestAppWithBrokenRoute();
    try {
      const response = await app.inject({ method: 'GET', url: '/web/broken', headers: { languages: 'en' } });
      const body = response.json();
      expect(response.statusCode).toBe(500);
      expect(body.code).toBe(1500);
      expect(body.msg).toContain(response.headers['x-request-id']);
      expect(JSON.stringify(body)).not.toMatch(/SELECT|secret|at .*\.ts/);
    } finally {
      await app.close();
    }
  });

  it('sends security headers and a request id', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/web/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.headers['x-request-id']).toMatch(/[0-9a-f-]{36}/);
  });

  it('parses multipart bodies for the upload route only: elsewhere they are an unsupported content type', async () => {
    const boundary = 'bolsa-boundary';
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/web/loginByUsername',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, languages: 'en' },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="username"\r\n\r\nsomeone\r\n--${boundary}--\r\n`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(1002);
  });

  it('serves the OpenAPI document generated from the shared schemas', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/web/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(['/web/loginByUsername', '/web/register', '/web/api/user/info']));
    expect(document.paths['/web/register'].post.requestBody.content['application/json'].schema.properties).toHaveProperty(
      'confirmPassword',
    );
  });

  it('answers the published app version, 1.0.0 until an operator publishes another', async () => {
    const response = await testApp.call('/appVersion/getPublishAppVersion', { method: 'GET' });
    expect(response.body.data).toMatchObject({ version: '1.0.0' });
  });
});

async function startTestAppWithBrokenRoute() {
  const { buildApp } = await import('./app.ts');
  const { testConfig } = await import('./test/test-app.ts');
  const app = await buildApp(testConfig(), { inMemoryDatabase: true, shouldStartJobs: false });
  app.get('/web/broken', async () => {
    throw new Error('secret: SELECT password_hash FROM users');
  });
  await app.ready();
  return { app };
}

describe('rate limiting', () => {
  it('answers 429 in the envelope once an address passes its API limit per minute', async () => {
    const limited = await startTestApp({ configOverrides: { RATE_LIMIT_PER_MINUTE: '5' } });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 6; attempt += 1) statuses.push((await limited.call('/health', { method: 'GET' })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      const refused = await limited.call('/health', { method: 'GET', language: 'ar' });
      expect(refused.body).toEqual({ code: 1029, msg: 'Demasiadas solicitudes, vuelva a intentarlo en un momento', data: null });
    } finally {
      await limited.close();
    }
  });
});

describe('demo data', () => {
  it('lets a newcomer sign in to the app and, without ADMIN_EMAIL, to the console', async () => {
    const demo = await startTestApp({ configOverrides: { DEMO_DATA: 'true' } });
    try {
      const user = await demo.call<{ token: string }>('/loginByUsername', {
        body: { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
      });
      expect(user.body.code).toBe(200);
      const operator = await demo.call<{ operator: { role: string } }>('/auth/login', { isOperatorApi: true, body: DEMO_OPERATOR });
      expect(operator.body.code).toBe(200);
      expect(operator.body.data.operator.role).toBe('admin');
    } finally {
      await demo.close();
    }
  });

  it('creates no demo operator when the first operator is configured', async () => {
    const configured = await startTestApp({ configOverrides: { DEMO_DATA: 'true', ...withOperator } });
    try {
      const operator = await configured.call('/auth/login', { isOperatorApi: true, body: DEMO_OPERATOR });
      expect(operator.body.code).toBe(6001);
    } finally {
      await configured.close();
    }
  });
});
