import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTotpSecret, totpCode } from '../../platform/security/index.ts';
import { operatorWithRole } from '../../test/operators.ts';
import { registerUser, startTestApp, type TestApp, uniqueEmail } from '../../test/test-app.ts';

/**
 * A burst of guesses sent at once: every throttle reserves the attempt before it verifies, so no more
 * than the allowed five are ever judged, and the right secret sent after the burst is refused too.
 */
const BURST = 100;
const ALLOWED = 5;

/** 100 requests at once from 20 addresses; the envelope codes that came back, counted. */
async function burst(testApp: TestApp, send: (index: number, remoteAddress: string) => Promise<{ code: number }>) {
  const codes = await Promise.all(Array.from({ length: BURST }, (_, index) => send(index, `198.51.100.${index % 20}`)));
  const counts = new Map<number, number>();
  for (const { code } of codes) counts.set(code, (counts.get(code) ?? 0) + 1);
  return counts;
}

async function post(testApp: TestApp, url: string, body: unknown, options: { remoteAddress?: string; token?: string } = {}) {
  const response = await testApp.app.inject({
    method: 'POST',
    url,
    payload: body as Record<string, unknown>,
    remoteAddress: options.remoteAddress ?? '203.0.113.7',
    headers: options.token ? { authorization: options.token } : {},
  });
  return response.json() as { code: number };
}

describe('throttles hold under a burst of concurrent guesses', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('user login: at most five of 100 simultaneous wrong passwords are judged, and the right one after is refused', async () => {
    const { email, password } = await registerUser(testApp, uniqueEmail(), 'right-secret-1');
    const counts = await burst(testApp, (index, remoteAddress) =>
      post(testApp, '/web/loginByUsername', { username: email, password: `wrong-${index}` }, { remoteAddress }),
    );
    expect(counts.get(2007) ?? 0).toBeLessThanOrEqual(ALLOWED);
    expect((counts.get(2007) ?? 0) + (counts.get(2008) ?? 0)).toBe(BURST);
    const right = await post(testApp, '/web/loginByUsername', { username: email, password }, { remoteAddress: '198.51.100.99' });
    expect(right.code).toBe(2008);
  });

  it('pay password: at most five of 100 simultaneous wrong pay passwords are judged', async () => {
    const { token } = await registerUser(testApp);
    expect((await post(testApp, '/web/settingPayPassword', { payPassword: '135790', confirmPayPassword: '135790' }, { token })).code).toBe(
      200,
    );
    const counts = await burst(testApp, (index) =>
      post(
        testApp,
        '/web/updatePayPassword',
        { oldPayPassword: String(200000 + index), payPassword: '246802', confirmPayPassword: '246802' },
        { token },
      ),
    );
    expect(counts.get(2012) ?? 0).toBeLessThanOrEqual(ALLOWED);
    expect((counts.get(2012) ?? 0) + (counts.get(2013) ?? 0)).toBe(BURST);
    const right = await post(
      testApp,
      '/web/updatePayPassword',
      { oldPayPassword: '135790', payPassword: '246802', confirmPayPassword: '246802' },
      { token },
    );
    expect(right.code).toBe(2013);
  });

  it('changing the password: at most five of 100 simultaneous wrong old passwords are judged', async () => {
    const { token, password } = await registerUser(testApp, uniqueEmail(), 'right-secret-2');
    const counts = await burst(testApp, (index) =>
      post(
        testApp,
        '/web/updatePassword',
        { oldPassword: `wrong-${index}`, password: 'new-secret-9', confirmPassword: 'new-secret-9' },
        { token },
      ),
    );
    expect(counts.get(2009) ?? 0).toBeLessThanOrEqual(ALLOWED);
    expect((counts.get(2009) ?? 0) + (counts.get(2008) ?? 0)).toBe(BURST);
    const right = await post(
      testApp,
      '/web/updatePassword',
      { oldPassword: password, password: 'new-secret-9', confirmPassword: 'new-secret-9' },
      { token },
    );
    expect(right.code).toBe(2008);
  });

  it('operator login: at most five of 100 simultaneous wrong passwords are judged', async () => {
    const operator = await operatorWithRole(testApp, 'support');
    const counts = await burst(testApp, (index, remoteAddress) =>
      post(testApp, '/admin/api/auth/login', { email: operator.email, password: `wrong-password-${index}` }, { remoteAddress }),
    );
    expect(counts.get(6001) ?? 0).toBeLessThanOrEqual(ALLOWED);
    expect((counts.get(6001) ?? 0) + (counts.get(2008) ?? 0)).toBe(BURST);
    const right = await post(testApp, '/admin/api/auth/login', { email: operator.email, password: operator.password });
    expect(right.code).toBe(2008);
  });

  it('operator second factor: at most five of 100 simultaneous wrong codes are judged', async () => {
    const operator = await operatorWithRole(testApp, 'support');
    const secret = newTotpSecret();
    await testApp.database.db.execute(sql`UPDATE operators SET totp_secret = ${secret} WHERE id = ${operator.id}`);
    const valid = new Set([-30_000, 0, 30_000, 60_000].map((offset) => totpCode(secret, Date.now() + offset)));
    const wrongCodes = Array.from({ length: 1000 }, (_, index) => String(index * 997).padStart(6, '0')).filter((code) => !valid.has(code));
    const counts = await burst(testApp, (index, remoteAddress) =>
      post(
        testApp,
        '/admin/api/auth/login',
        { email: operator.email, password: operator.password, totpCode: wrongCodes[index] },
        { remoteAddress },
      ),
    );
    const judged = counts.get(6011) ?? 0;
    expect(judged).toBeLessThanOrEqual(ALLOWED);
    expect(judged + (counts.get(2008) ?? 0)).toBe(BURST);
    const right = await post(testApp, '/admin/api/auth/login', {
      email: operator.email,
      password: operator.password,
      totpCode: totpCode(secret, Date.now()),
    });
    expect(right.code).toBe(2008);
  });
});
