import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, startTestApp, type TestApp, uniqueEmail } from '../../test/test-app.ts';

type SessionData = { token: string; user: { id: string; email: string; invitationCode: string; hasPayPassword: boolean } };

describe('accounts: a person registers, logs in and manages passwords', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await startTestApp();
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('registers with the mailed code, gets a session and an invitation code of their own', async () => {
    const email = uniqueEmail('Ana');
    const codeResponse = await testApp.call('/getEmailCode', { body: { email, type: 'register' }, language: 'ar' });
    expect(codeResponse.body).toMatchObject({ code: 200, data: { resendAfterSeconds: 60 } });
    const mail = testApp.mailer.outbox()[0];
    expect(mail?.to).toBe(email.toLowerCase());
    expect(mail?.subject).toMatch(/^Su código de verificación de Bolsa: \d{6}$/);

    const code = testApp.lastCodeFor(email.toLowerCase());
    const response = await testApp.call<SessionData>('/register', {
      body: { email, password: 'secret123', confirmPassword: 'secret123', code },
    });
    expect(response.body.code).toBe(200);
    expect(response.body.data.user.email).toBe(email.toLowerCase());
    expect(response.body.data.user.invitationCode).toMatch(/^[A-Z2-9]{8}$/);
    expect(response.body.data.user.hasPayPassword).toBe(false);

    const info = await testApp.call<SessionData['user']>('/api/user/info', { token: response.body.data.token });
    expect(info.body.data.email).toBe(email.toLowerCase());
  });

  it('stores only hashes: no password, token or code appears in the database', async () => {
    const { token, email } = await registerUser(testApp, uniqueEmail(), 'plainSecret9');
    const dump = await testApp.database.db.execute(
      sql`SELECT (SELECT string_agg(password_hash, ',') FROM users) || (SELECT string_agg(token_hash, ',') FROM sessions) AS everything`,
    );
    const everything = String(dump.rows[0]?.everything);
    expect(everything).not.toContain('plainSecret9');
    expect(everything).not.toContain(token);
    expect(everything).toContain('$argon2id$');
    expect(email).toBeTruthy();
  });

  it('refuses a wrong code, and after five wrong tries the code is dead even when right', async () => {
    const email = uniqueEmail();
    await testApp.call('/getEmailCode', { body: { email, type: 'register' } });
    const code = testApp.lastCodeFor(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const body = (attempt: string) => ({ email, password: 'secret123', confirmPassword: 'secret123', code: attempt });
    const first = await testApp.call('/register', { body: body(wrong), language: 'en' });
    expect(first.body).toMatchObject({ code: 2002, msg: 'The verification code is not correct' });
    for (let attempt = 2; attempt <= 5; attempt += 1) await testApp.call('/register', { body: body(wrong) });
    const right = await testApp.call('/register', { body: body(code), language: 'en' });
    expect(right.body).toMatchObject({ code: 2004, msg: 'Too many wrong codes, please request a new one' });
    const users = await testApp.database.db.execute(sql`SELECT count(*)::int AS n FROM users WHERE email = ${email}`);
    expect(users.rows[0]?.n).toBe(0);
  });

  it('sends at most one code per minute to an address and says how long to wait', async () => {
    const email = uniqueEmail();
    await testApp.call('/getEmailCode', { body: { email } });
    const again = await testApp.call('/getEmailCode', { body: { email }, language: 'en' });
    expect(again.status).toBe(429);
    expect(again.body.code).toBe(2005);
    expect(again.body.msg).toMatch(/^Please wait (60|59) s before requesting another code$/);
  });

  it('refuses a code that has expired', async () => {
    const email = uniqueEmail();
    await testApp.call('/getEmailCode', { body: { email } });
    await testApp.database.db.execute(sql`UPDATE email_codes SET expires_at = now() - interval '1 second' WHERE email = ${email}`);
    const response = await testApp.call('/register', {
      body: { email, password: 'secret123', confirmPassword: 'secret123', code: testApp.lastCodeFor(email) },
    });
    expect(response.body.code).toBe(2003);
  });

  it('answers the same for a registered and an unknown address, tells the owner, and never makes a second account', async () => {
    const owner = await registerUser(testApp);
    const unknown = uniqueEmail();
    // Its registration code is older than the resend interval, as for any address asked again later.
    await testApp.database.db.execute(
      sql`UPDATE email_codes SET created_at = created_at - interval '2 minutes' WHERE email = ${owner.email}`,
    );
    const forKnown = await testApp.call('/getEmailCode', { body: { email: owner.email, type: 'register' }, language: 'en' });
    const forUnknown = await testApp.call('/getEmailCode', { body: { email: unknown, type: 'register' }, language: 'en' });
    expect(forKnown.status).toBe(forUnknown.status);
    expect(forKnown.body).toEqual(forUnknown.body);
    const toOwner = testApp.mailer.outbox().filter((mail) => mail.to === owner.email);
    expect(toOwner.map((mail) => mail.subject)).toContain('Someone tried to register a Bolsa account with your email');
    // Only the code of the owner's own registration was ever mailed to the address.
    expect(toOwner.filter((mail) => /\b\d{6}\b/.test(mail.text))).toHaveLength(1);

    const storedCode = await testApp.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM email_codes WHERE email = ${owner.email} AND purpose = 'register'`,
    );
    expect(storedCode.rows[0]?.n).toBe(2);
    const body = (email: string) => ({ email, password: 'another123', confirmPassword: 'another123', code: '123456' });
    const registerKnown = await testApp.call('/register', { body: body(owner.email), language: 'en' });
    const registerUnknown = await testApp.call('/register', { body: body(uniqueEmail()), language: 'en' });
    expect(registerKnown.status).toBe(registerUnknown.status);
    expect(registerKnown.body).toEqual(registerUnknown.body);
    const accounts = await testApp.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM users WHERE email = ${owner.email}`,
    );
    expect(accounts.rows[0]?.n).toBe(1);
    expect((await testApp.call('/loginByUsername', { body: { username: owner.email, password: owner.password } })).body.code).toBe(200);
  });

  it('limits code mails per address (five an hour) and per client address, the same for any address', async () => {
    const email = uniqueEmail();
    const ask = () => testApp.call('/getEmailCode', { body: { email, type: 'register' }, language: 'en' });
    for (let round = 0; round < 5; round += 1) {
      expect((await ask()).body.code).toBe(200);
      await testApp.database.db.execute(sql`UPDATE email_codes SET created_at = created_at - interval '2 minutes' WHERE email = ${email}`);
    }
    const sixth = await ask();
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ code: 2017, msg: expect.stringMatching(/^Too many codes requested, please try again in \d+ min$/) });

    const limited = await startTestApp({ configOverrides: { EMAIL_CODES_PER_CLIENT_HOUR: '3' } });
    try {
      const from = (address: string, language = 'en') =>
        limited.app.inject({
          method: 'POST',
          url: '/web/getEmailCode',
          remoteAddress: address,
          headers: { 'accept-language': language },
          payload: { email: uniqueEmail(), type: 'register' },
        });
      for (let round = 0; round < 3; round += 1) expect((await from('198.51.100.20')).json().code).toBe(200);
      const fourth = await from('198.51.100.20', 'es');
      expect(fourth.statusCode).toBe(429);
      expect(fourth.json().msg).toMatch(/^Se solicitaron demasiados códigos; inténtelo de nuevo en \d+ min$/);
      expect((await from('198.51.100.21')).json().code).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('links an invitation code to the inviter and refuses an unknown one', async () => {
    const inviter = await registerUser(testApp);
    const email = uniqueEmail();
    await testApp.call('/getEmailCode', { body: { email } });
    const code = testApp.lastCodeFor(email);
    const unknown = await testApp.call('/register', {
      body: { email, password: 'secret123', confirmPassword: 'secret123', code, invitationCode: 'ZZZZZZZZ' },
    });
    expect(unknown.body.code).toBe(2006);
    const invited = await testApp.call<SessionData>('/register', {
      body: { email, password: 'secret123', confirmPassword: 'secret123', code, invitationCode: inviter.user.invitationCode.toLowerCase() },
    });
    expect(invited.body.code).toBe(200);
    const link = await testApp.database.db.execute(sql`SELECT invited_by_user_id::text AS inviter FROM users WHERE email = ${email}`);
    expect(link.rows[0]?.inviter).toBe(inviter.user.id);
  });

  it('logs in, and a wrong password gets one message whether or not the account exists', async () => {
    const { email, password } = await registerUser(testApp);
    const ok = await testApp.call<SessionData>('/loginByUsername', { body: { username: email.toUpperCase(), password } });
    expect(ok.body.code).toBe(200);
    expect(ok.body.data.user.email).toBe(email);
    const wrong = await testApp.call('/loginByUsername', { body: { username: email, password: 'nope-nope' }, language: 'ar' });
    const missing = await testApp.call('/loginByUsername', { body: { username: uniqueEmail(), password: 'nope-nope' }, language: 'ar' });
    expect(wrong.body).toEqual({ code: 2007, msg: 'Correo o contraseña incorrectos', data: null });
    expect(missing.body).toEqual(wrong.body);
  });

  it('five failed logins lock the guessing address, only slow the account for the owner elsewhere, and tell the owner', async () => {
    const { email, password } = await registerUser(testApp);
    const from = (remoteAddress: string, secret: string) =>
      testApp.app.inject({
        method: 'POST',
        url: '/web/loginByUsername',
        remoteAddress,
        headers: { 'accept-language': 'en' },
        payload: { username: email, password: secret },
      });
    for (let attempt = 0; attempt < 5; attempt += 1) expect((await from('203.0.113.50', 'wrong-one')).json().code).toBe(2007);
    const guesser = await from('203.0.113.50', password);
    expect(guesser.statusCode).toBe(429);
    expect(guesser.json()).toMatchObject({ code: 2008, msg: 'Too many failed attempts, please try again in 15 min' });
    const mails = testApp.mailer
      .outbox()
      .filter((mail) => mail.to === email && mail.subject === 'Repeated failed sign-ins to your Bolsa account');
    expect(mails).toHaveLength(1);

    // The owner elsewhere is slowed (30 s after the latest failure), not locked out.
    const slowed = await from('198.51.100.60', password);
    expect(slowed.json()).toMatchObject({ code: 2008, msg: 'Too many failed attempts, please try again in 1 min' });
    await testApp.database.db.execute(
      sql`UPDATE auth_failures SET created_at = created_at - interval '1 minute' WHERE scope = 'login-account' AND subject = ${email}`,
    );
    expect((await from('198.51.100.60', password)).json().code).toBe(200);
    expect((await from('203.0.113.50', password)).json().code).toBe(2008);
  });

  it('throttles an address after twenty failed logins across accounts', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.9' };
    const { email, password } = await registerUser(testApp);
    const address = '198.51.100.7';
    for (let attempt = 0; attempt < 20; attempt += 1) {
      await testApp.app.inject({
        method: 'POST',
        url: '/web/loginByUsername',
        remoteAddress: address,
        payload: { username: uniqueEmail(), password: 'wrong-one' },
        headers,
      });
    }
    const fromThere = await testApp.app.inject({
      method: 'POST',
      url: '/web/loginByUsername',
      remoteAddress: address,
      payload: { username: email, password },
    });
    expect(fromThere.json().code).toBe(2008);
    const fromElsewhere = await testApp.app.inject({
      method: 'POST',
      url: '/web/loginByUsername',
      remoteAddress: '192.0.2.1',
      payload: { username: email, password },
    });
    expect(fromElsewhere.json().code).toBe(200);
  });

  it('logs out: the token stops working', async () => {
    const { token } = await registerUser(testApp);
    expect((await testApp.call('/logout', { token })).body.code).toBe(200);
    const after = await testApp.call('/api/user/info', { token, language: 'en' });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ code: 401, msg: 'Login expired, please log in again', data: null });
  });

  it('answers 401 for a missing, unknown or idle-expired token', async () => {
    expect((await testApp.call('/api/user/info')).body.code).toBe(401);
    expect((await testApp.call('/api/user/info', { token: 'not-a-token' })).body.code).toBe(401);
    const { token } = await registerUser(testApp);
    await testApp.database.db.execute(sql`UPDATE sessions SET last_seen_at = now() - interval '2 days' WHERE revoked_at IS NULL`);
    expect((await testApp.call('/api/user/info', { token })).body.code).toBe(401);
  });

  it('ends a session at its absolute lifetime even when in use', async () => {
    const { token } = await registerUser(testApp);
    await testApp.database.db.execute(sql`UPDATE sessions SET expires_at = now() - interval '1 second' WHERE revoked_at IS NULL`);
    expect((await testApp.call('/api/user/info', { token })).body.code).toBe(401);
  });

  it('changes the password: other sessions end, this one stays, the old password stops working', async () => {
    const { email, password, token: first } = await registerUser(testApp);
    const second = (await testApp.call<SessionData>('/loginByUsername', { body: { username: email, password } })).body.data.token;
    const wrongOld = await testApp.call('/updatePassword', {
      token: second,
      body: { oldPassword: 'bad-old', password: 'newSecret1', confirmPassword: 'newSecret1' },
    });
    expect(wrongOld.body.code).toBe(2009);
    const changed = await testApp.call('/updatePassword', {
      token: second,
      body: { oldPassword: password, password: 'newSecret1', confirmPassword: 'newSecret1' },
    });
    expect(changed.body.code).toBe(200);
    expect((await testApp.call('/api/user/info', { token: first })).body.code).toBe(401);
    expect((await testApp.call('/api/user/info', { token: second })).body.code).toBe(200);
    expect((await testApp.call('/loginByUsername', { body: { username: email, password } })).body.code).toBe(2007);
    expect((await testApp.call('/loginByUsername', { body: { username: email, password: 'newSecret1' } })).body.code).toBe(200);
  });

  it('resets a forgotten password by email code and ends every session', async () => {
    const { email, token } = await registerUser(testApp);
    await testApp.call('/getEmailCode', { body: { email, type: 'resetPassword' } });
    const code = testApp.lastCodeFor(email);
    const reset = await testApp.call('/resetPassword', { body: { email, code, password: 'fresh-pass', confirmPassword: 'fresh-pass' } });
    expect(reset.body.code).toBe(200);
    expect((await testApp.call('/api/user/info', { token })).body.code).toBe(401);
    expect((await testApp.call('/loginByUsername', { body: { username: email, password: 'fresh-pass' } })).body.code).toBe(200);
  });

  it('answers a reset-code request for an unknown address like any other, and mails nothing', async () => {
    const before = testApp.mailer.outbox().length;
    const email = uniqueEmail('ghost');
    const response = await testApp.call('/getEmailCode', { body: { email, type: 'resetPassword' } });
    expect(response.body.code).toBe(200);
    expect(testApp.mailer.outbox().length).toBe(before);
  });

  it('sets a 6-digit pay password once, then changes it only with the old one, throttling wrong tries', async () => {
    const { token } = await registerUser(testApp);
    const update = (oldPayPassword: string, payPassword: string) =>
      testApp.call('/updatePayPassword', { token, body: { oldPayPassword, payPassword, confirmPayPassword: payPassword } });
    expect((await update('123456', '654321')).body.code).toBe(2011);
    expect(
      (await testApp.call('/settingPayPassword', { token, body: { payPassword: '123456', confirmPayPassword: '123456' } })).body.code,
    ).toBe(200);
    expect(
      (await testApp.call('/settingPayPassword', { token, body: { payPassword: '123456', confirmPayPassword: '123456' } })).body.code,
    ).toBe(2010);
    const info = await testApp.call<SessionData['user']>('/api/user/info', { token });
    expect(info.body.data.hasPayPassword).toBe(true);
    expect((await update('000000', '654321')).body.code).toBe(2012);
    expect((await update('123456', '654321')).body.code).toBe(200);
    for (let attempt = 0; attempt < 5; attempt += 1) await update('000000', '111111');
    expect((await update('654321', '111111')).body.code).toBe(2013);
  });
});
