import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../platform/security/index.ts';
import { operatorWithRole } from '../../test/operators.ts';
import { operatorToken, startTestApp, TEST_OPERATOR, type TestApp, withOperator } from '../../test/test-app.ts';

type Profile = { id: string; email: string; role: string; permissions: string[]; isTotpEnabled: boolean };

/**
 * The server's clock stands still at the start of a 30-second step, plus a settable offset so a test can move to
 * the next step: on real time a slow run could cross into a new step between two calls and get a fresh code.
 */
let clockOffsetMs = 0;
const clockStart = Math.floor(Date.now() / 30_000) * 30_000 + 1_000;
const serverNow = () => new Date(clockStart + clockOffsetMs);
const codeAt = (secret: string, offsetMs = 0) => totpCode(secret, serverNow().getTime() + offsetMs);

async function signIn(testApp: TestApp, body: { email: string; password: string; totpCode?: string }) {
  return testApp.call<{ token: string; operator: Profile }>('/auth/login', { isOperatorApi: true, body, language: 'en' });
}

async function countRows(testApp: TestApp, query: ReturnType<typeof sql>) {
  return Number((await testApp.database.db.execute(query)).rows[0]?.count);
}

describe('operators sign in with a TOTP second factor once they enrol', () => {
  let testApp: TestApp;
  let token: string;
  let secret: string;

  beforeAll(async () => {
    testApp = await startTestApp({ configOverrides: withOperator, appOptions: { operatorClock: serverNow } });
    token = await operatorToken(testApp);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('signs an admin in with the role and every permission, two-factor off', async () => {
    const response = await signIn(testApp, TEST_OPERATOR);
    expect(response.body.code).toBe(200);
    expect(response.body.data.operator).toMatchObject({ email: TEST_OPERATOR.email, role: 'admin', isTotpEnabled: false });
    expect(response.body.data.operator.permissions).toEqual(expect.arrayContaining(['operators.manage', 'audit.read', 'reviews.kyc']));
  });

  it('enrols: a secret and its otpauth URI, a wrong code refused, the right one turns it on with an audit row', async () => {
    const started = await testApp.call<{ secret: string; otpauthUri: string }>('/auth/totp/enrol', {
      isOperatorApi: true,
      token,
      body: {},
    });
    expect(started.body.code).toBe(200);
    secret = started.body.data.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.body.data.otpauthUri).toBe(
      `otpauth://totp/Bolsa%20Console:ops%40example.com?secret=${secret}&issuer=Bolsa+Console&algorithm=SHA1&digits=6&period=30`,
    );

    const wrongCode = String((Number(codeAt(secret)) + 1) % 1_000_000).padStart(6, '0');
    const refused = await testApp.call('/auth/totp/confirm', { isOperatorApi: true, token, body: { code: wrongCode }, language: 'en' });
    expect(refused.body).toMatchObject({ code: 6011, msg: 'The code is wrong or was already used' });
    const stillOff = await testApp.call<Profile>('/auth/me', { isOperatorApi: true, token, method: 'GET' });
    expect(stillOff.body.data.isTotpEnabled).toBe(false);

    const confirmed = await testApp.call<Profile>('/auth/totp/confirm', { isOperatorApi: true, token, body: { code: codeAt(secret) } });
    expect(confirmed.body.code).toBe(200);
    expect(confirmed.body.data.isTotpEnabled).toBe(true);
    const audit = await testApp.database.db.execute(
      sql`SELECT action, target_type, after FROM audit_log WHERE action LIKE 'operator.totp.%' ORDER BY id`,
    );
    expect(audit.rows).toEqual([{ action: 'operator.totp.enable', target_type: 'operator', after: { isTotpEnabled: true } }]);
    expect(JSON.stringify(audit.rows)).not.toContain(secret);

    const again = await testApp.call('/auth/totp/enrol', { isOperatorApi: true, token, body: {} });
    expect(again.body.code).toBe(6012);
  });

  it('then refuses a sign-in without a code, with a wrong code, or with the code already used, creating no session', async () => {
    const sessionsBefore = await countRows(testApp, sql`SELECT count(*) FROM operator_sessions`);
    const withoutCode = await signIn(testApp, TEST_OPERATOR);
    expect(withoutCode.body).toMatchObject({ code: 6010, msg: 'Enter the 6-digit code from your authenticator app', data: null });

    const wrong = await signIn(testApp, { ...TEST_OPERATOR, totpCode: '000000' === codeAt(secret) ? '111111' : '000000' });
    expect(wrong.body.code).toBe(6011);

    // The code that confirmed the enrolment belongs to a step already used.
    const reused = await signIn(testApp, { ...TEST_OPERATOR, totpCode: codeAt(secret) });
    expect(reused.body.code).toBe(6011);

    const wrongPassword = await signIn(testApp, {
      email: TEST_OPERATOR.email,
      password: 'not-the-password',
      totpCode: codeAt(secret, 30_000),
    });
    expect(wrongPassword.body.code).toBe(6001);
    expect(await countRows(testApp, sql`SELECT count(*) FROM operator_sessions`)).toBe(sessionsBefore);
  });

  it('accepts the next step’s code once, and not twice; a code two steps old never', async () => {
    clockOffsetMs += 30_000;
    const code = codeAt(secret);
    const accepted = await signIn(testApp, { ...TEST_OPERATOR, totpCode: code });
    expect(accepted.body.code).toBe(200);
    expect(accepted.body.data.operator.isTotpEnabled).toBe(true);
    const me = await testApp.call<Profile>('/auth/me', { isOperatorApi: true, token: accepted.body.data.token, method: 'GET' });
    expect(me.body.data).toMatchObject({ email: TEST_OPERATOR.email, role: 'admin', isTotpEnabled: true });

    expect((await signIn(testApp, { ...TEST_OPERATOR, totpCode: code })).body.code).toBe(6011);
    clockOffsetMs += 90_000;
    expect((await signIn(testApp, { ...TEST_OPERATOR, totpCode: codeAt(secret, -60_000) })).body.code).toBe(6011);
  });

  it('turns two-factor off only with a current code, audited; then the password alone signs in', async () => {
    clockOffsetMs += 30_000;
    const refused = await testApp.call('/auth/totp/disable', { isOperatorApi: true, token, body: { code: 'abc' } });
    expect(refused.body.code).toBe(1001);
    const disabled = await testApp.call<Profile>('/auth/totp/disable', { isOperatorApi: true, token, body: { code: codeAt(secret) } });
    expect(disabled.body.data.isTotpEnabled).toBe(false);
    expect(await countRows(testApp, sql`SELECT count(*) FROM audit_log WHERE action = 'operator.totp.disable'`)).toBe(1);
    expect((await signIn(testApp, TEST_OPERATOR)).body.code).toBe(200);
    expect((await testApp.call('/auth/totp/disable', { isOperatorApi: true, token, body: { code: '123456' } })).body.code).toBe(6014);
    expect((await testApp.call('/auth/totp/confirm', { isOperatorApi: true, token, body: { code: '123456' } })).body.code).toBe(6013);
  });

  it('signs out: the token stops working', async () => {
    const session = (await signIn(testApp, TEST_OPERATOR)).body.data.token;
    expect((await testApp.call('/auth/logout', { isOperatorApi: true, token: session, body: {} })).body.code).toBe(200);
    expect((await testApp.call('/auth/me', { isOperatorApi: true, token: session, method: 'GET' })).status).toBe(401);
  });
});

describe('an admin creates operators with a role; each role gets only its permissions', () => {
  let testApp: TestApp;
  let admin: string;

  beforeAll(async () => {
    testApp = await startTestApp({ configOverrides: withOperator });
    admin = await operatorToken(testApp);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('creates a reviewer, audited without the password, and lists it', async () => {
    const created = await testApp.call<{ id: string; email: string; role: string }>('/operators', {
      isOperatorApi: true,
      token: admin,
      body: { email: ' Reviewer@Example.com ', password: 'reviewer-password', role: 'reviewer' },
    });
    expect(created.body.code).toBe(200);
    expect(created.body.data).toMatchObject({ email: 'reviewer@example.com', role: 'reviewer', isTotpEnabled: false });
    const audit = await testApp.database.db.execute(sql`SELECT action, target_id, after FROM audit_log WHERE action = 'operator.create'`);
    expect(audit.rows).toEqual([
      { action: 'operator.create', target_id: created.body.data.id, after: { email: 'reviewer@example.com', role: 'reviewer' } },
    ]);
    expect(JSON.stringify(audit.rows)).not.toContain('reviewer-password');
    const list = await testApp.call<Array<{ email: string; role: string }>>('/operators', {
      isOperatorApi: true,
      token: admin,
      method: 'GET',
    });
    expect(list.body.data.map((operator) => [operator.email, operator.role])).toEqual([
      [TEST_OPERATOR.email, 'admin'],
      ['reviewer@example.com', 'reviewer'],
    ]);
  });

  it('refuses a taken email, an unknown role and a short password, writing nothing', async () => {
    const rowsBefore = await countRows(testApp, sql`SELECT count(*) FROM operators`);
    const auditBefore = await countRows(testApp, sql`SELECT count(*) FROM audit_log`);
    const taken = await testApp.call('/operators', {
      isOperatorApi: true,
      token: admin,
      language: 'es',
      body: { email: 'reviewer@example.com', password: 'another-password', role: 'support' },
    });
    expect(taken.body).toMatchObject({ code: 6015, msg: 'Otro operador ya tiene este correo' });
    const badRole = await testApp.call('/operators', {
      isOperatorApi: true,
      token: admin,
      body: { email: 'x@example.com', password: 'long-enough-password', role: 'superuser' },
    });
    expect(badRole.body.code).toBe(1001);
    const shortPassword = await testApp.call('/operators', {
      isOperatorApi: true,
      token: admin,
      body: { email: 'y@example.com', password: 'short', role: 'support' },
    });
    expect(shortPassword.body.code).toBe(1001);
    expect(await countRows(testApp, sql`SELECT count(*) FROM operators`)).toBe(rowsBefore);
    expect(await countRows(testApp, sql`SELECT count(*) FROM audit_log`)).toBe(auditBefore);
  });

  it.each([
    ['reviewer', ['reviews.kyc', 'ledger.reconcile'], ['operators.manage', 'audit.read']],
    // The dev outbox holds password-reset codes: only an admin reads it.
    ['support', ['users.read', 'users.freeze'], ['operators.manage', 'reviews.kyc', 'outbox.read']],
    ['content_editor', ['content.edit', 'messages.send'], ['operators.manage', 'audit.read']],
  ])('a %s signs in with its own permissions and cannot manage operators or read the audit log', async (role, granted, denied) => {
    const email = `${role}.role@example.com`;
    await testApp.call('/operators', { isOperatorApi: true, token: admin, body: { email, password: 'role-password-12', role } });
    const signedIn = await testApp.call<{ token: string; operator: Profile }>('/auth/login', {
      isOperatorApi: true,
      body: { email, password: 'role-password-12' },
    });
    expect(signedIn.body.data.operator.role).toBe(role);
    expect(signedIn.body.data.operator.permissions).toEqual(expect.arrayContaining([...granted, 'account.security']));
    for (const permission of denied) expect(signedIn.body.data.operator.permissions).not.toContain(permission);

    const roleToken = signedIn.body.data.token;
    const operatorsBefore = await countRows(testApp, sql`SELECT count(*) FROM operators`);
    const list = await testApp.call('/operators', { isOperatorApi: true, token: roleToken, method: 'GET', language: 'en' });
    expect(list.status).toBe(403);
    expect(list.body).toMatchObject({ code: 6002, msg: 'Your role does not allow this action' });
    const create = await testApp.call('/operators', {
      isOperatorApi: true,
      token: roleToken,
      body: { email: `made-by-${role}@example.com`, password: 'role-password-12', role: 'admin' },
    });
    expect(create.body.code).toBe(6002);
    expect(await countRows(testApp, sql`SELECT count(*) FROM operators`)).toBe(operatorsBefore);
    expect((await testApp.call('/audit', { isOperatorApi: true, token: roleToken, method: 'GET' })).body.code).toBe(6002);
    // Every role may still look after its own sign-in.
    expect((await testApp.call('/auth/me', { isOperatorApi: true, token: roleToken, method: 'GET' })).body.code).toBe(200);
  });

  it('never lets a user token in', async () => {
    const response = await testApp.call('/operators', { isOperatorApi: true, token: 'not-an-operator-token', method: 'GET' });
    expect(response.status).toBe(401);
  });
});

describe('the audit log is searchable and cannot be changed', () => {
  let testApp: TestApp;
  let admin: string;
  let secondAdminId: string;

  type AuditPage = {
    list: Array<{ action: string; operatorEmail: string | null; targetType: string; targetId: string; after: unknown }>;
    total: number;
    hasMore: boolean;
  };
  const search = (query: string) =>
    testApp.call<AuditPage>(`/audit${query}`, { isOperatorApi: true, token: admin, method: 'GET', language: 'en' });

  beforeAll(async () => {
    testApp = await startTestApp({ configOverrides: withOperator });
    admin = await operatorToken(testApp);
    // Three creations by the first admin, one by a second admin: four rows to search.
    const second = await testApp.call<{ id: string }>('/operators', {
      isOperatorApi: true,
      token: admin,
      body: { email: 'second.admin@example.com', password: 'second-admin-password', role: 'admin' },
    });
    secondAdminId = second.body.data.id;
    for (const role of ['reviewer', 'support']) {
      await testApp.call('/operators', {
        isOperatorApi: true,
        token: admin,
        body: { email: `${role}@example.com`, password: 'password-of-12', role },
      });
    }
    const secondToken = (
      await testApp.call<{ token: string }>('/auth/login', {
        isOperatorApi: true,
        body: { email: 'second.admin@example.com', password: 'second-admin-password' },
      })
    ).body.data.token;
    await testApp.call('/operators', {
      isOperatorApi: true,
      token: secondToken,
      body: { email: 'editor@example.com', password: 'password-of-12', role: 'content_editor' },
    });
    await testApp.call('/app-versions', { isOperatorApi: true, token: secondToken, body: { version: '1.2.0' } });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('lists newest first with the operator’s email, and pages', async () => {
    const all = await search('');
    expect(all.body.data.total).toBe(5);
    expect(all.body.data.list[0]).toMatchObject({ action: 'app-version.publish', operatorEmail: 'second.admin@example.com' });
    const firstPage = await search('?pageSize=2&pageNum=1');
    expect(firstPage.body.data.list).toHaveLength(2);
    expect(firstPage.body.data.hasMore).toBe(true);
    const lastPage = await search('?pageSize=2&pageNum=3');
    expect(lastPage.body.data.list).toHaveLength(1);
    expect(lastPage.body.data.hasMore).toBe(false);
  });

  it('filters by operator, exact action, action prefix, target type and target id', async () => {
    const bySecond = await search(`?operatorId=${secondAdminId}`);
    expect(bySecond.body.data.list.map((entry) => entry.action)).toEqual(['app-version.publish', 'operator.create']);
    expect((await search('?action=operator.create')).body.data.total).toBe(4);
    expect((await search('?action=app-version.')).body.data.total).toBe(1);
    expect((await search('?action=operator')).body.data.total).toBe(0);
    expect((await search('?targetType=app-version')).body.data.total).toBe(1);
    const byTarget = await search(`?targetType=operator&targetId=${secondAdminId}`);
    expect(byTarget.body.data.list).toEqual([
      expect.objectContaining({ action: 'operator.create', after: { email: 'second.admin@example.com', role: 'admin' } }),
    ]);
  });

  it('filters by date range (whole UTC days, both ends included) and refuses a malformed date', async () => {
    const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
    expect((await search(`?from=${day(0)}&to=${day(0)}`)).body.data.total).toBe(5);
    expect((await search(`?from=${day(1)}`)).body.data.total).toBe(0);
    expect((await search(`?to=${day(-1)}`)).body.data.total).toBe(0);
    expect((await search(`?from=${Date.now() - 60_000}`)).body.data.total).toBe(5);
    const bad = await search('?from=yesterday');
    expect(bad.body.code).toBe(1001);
  });

  it('refuses any change to the log, even from the database owner', async () => {
    await expect(testApp.database.db.execute(sql`UPDATE audit_log SET action = 'nothing'`)).rejects.toThrow();
    await expect(testApp.database.db.execute(sql`DELETE FROM audit_log`)).rejects.toThrow();
    expect((await search('')).body.data.total).toBe(5);
  });
});

describe('operator sign-in is throttled like a user’s', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp({ configOverrides: withOperator });
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('refuses even the right password after five wrong ones, saying when to retry, and creates no session', async () => {
    const sessionsBefore = await countRows(testApp, sql`SELECT count(*) AS count FROM operator_sessions`);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await signIn(testApp, { email: TEST_OPERATOR.email, password: `wrong-password-${attempt}` });
      expect(wrong.body.code).toBe(6001);
    }
    const right = await signIn(testApp, TEST_OPERATOR);
    expect(right.body).toMatchObject({ code: 2008, msg: 'Too many failed attempts, please try again in 15 min' });
    expect(await countRows(testApp, sql`SELECT count(*) AS count FROM operator_sessions`)).toBe(sessionsBefore);
  });

  it('counts wrong two-factor codes too', async () => {
    const { token, email, password } = await operatorWithRole(testApp, 'reviewer');
    const started = await testApp.call<{ secret: string }>('/auth/totp/enrol', { isOperatorApi: true, token, body: {} });
    const secret = started.body.data.secret;
    await testApp.call('/auth/totp/confirm', { isOperatorApi: true, token, body: { code: totpCode(secret, Date.now()) } });
    const wrongCode = String((Number(totpCode(secret, Date.now() + 30_000)) + 1) % 1_000_000).padStart(6, '0');
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const refused = await signIn(testApp, { email, password, totpCode: wrongCode });
      expect(refused.body.code).toBe(6011);
    }
    const right = await signIn(testApp, { email, password, totpCode: totpCode(secret, Date.now() + 30_000) });
    expect(right.body.code).toBe(2008);
  });
});
