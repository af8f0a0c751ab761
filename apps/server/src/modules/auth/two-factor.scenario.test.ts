import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { totpCode } from '../../platform/security/index.ts';
import { operatorToken, registerUser, startTestApp, type TestApp, uniqueEmail, verifyIdentity, withOperator } from '../../test/test-app.ts';
import { browserOf } from './second-factor.ts';

type Session = { token: string; user: { id: string; hasTwoFactor: boolean } };
type LoginAnswer = Session | { secondFactor: { challenge: string; expiresInSeconds: number } };
type OwnSession = { id: string; ipAddress: string | null; browser: string | null; isCurrent: boolean; lastSeenTimestamp: number };

/**
 * The server's clock stands at the start of a 30-second step; a test moves it a step on so a new code exists
 * (on real time a slow run could cross a step between two calls, and the tests would depend on the time of day).
 */
let clockOffsetMs = 0;
const clockStart = Date.UTC(2026, 2, 10, 14, 0, 1);
const serverNow = () => new Date(clockStart + clockOffsetMs);
const nextStep = () => {
  clockOffsetMs += 30_000;
};
const codeNow = (secret: string) => totpCode(secret, serverNow().getTime());
const wrongCode = (secret: string) => String((Number(codeNow(secret)) + 1) % 1_000_000).padStart(6, '0');

const phone = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const laptop = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

describe('two-factor sign-in and devices of a user (issue 25 §1)', () => {
  let testApp: TestApp;
  let operator: string;

  const count = async (query: ReturnType<typeof sql>) => Number((await testApp.database.db.execute(query)).rows[0]?.count);
  const login = (email: string, password: string, userAgent = phone, remoteAddress = '203.0.113.7') =>
    testApp.call<LoginAnswer>('/loginByUsername', {
      body: { username: email, password },
      headers: { 'user-agent': userAgent },
      remoteAddress,
      language: 'en',
    });

  /** A registered user who turns two-factor on; answers the secret and the recovery codes. */
  async function enrolled() {
    const user = await registerUser(testApp, uniqueEmail('tf'));
    const started = await testApp.call<{ secret: string; otpauthUri: string }>('/twoFactor/start', { token: user.token });
    const { secret } = started.body.data;
    const confirmed = await testApp.call<{ recoveryCodes: string[] }>('/twoFactor/confirm', {
      token: user.token,
      body: { otpCode: codeNow(secret) },
    });
    expect(confirmed.body.code).toBe(200);
    nextStep();
    return { ...user, secret, recoveryCodes: confirmed.body.data.recoveryCodes };
  }

  beforeAll(async () => {
    testApp = await startTestApp({ configOverrides: withOperator, appOptions: { now: serverNow } });
    operator = await operatorToken(testApp);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it('enrols with a QR secret and a code, gives ten recovery codes once and keeps only their hashes', async () => {
    const user = await registerUser(testApp, uniqueEmail('tf'));
    const started = await testApp.call<{ secret: string; otpauthUri: string }>('/twoFactor/start', { token: user.token });
    const { secret, otpauthUri } = started.body.data;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUri).toBe(
      `otpauth://totp/Bolsa:${encodeURIComponent(user.email)}?secret=${secret}&issuer=Bolsa&algorithm=SHA1&digits=6&period=30`,
    );
    const refused = await testApp.call('/twoFactor/confirm', { token: user.token, body: { otpCode: wrongCode(secret) }, language: 'en' });
    expect(refused.body).toMatchObject({ code: 8801, msg: 'The code is not correct or has already been used' });
    const stillOff = await testApp.call<{ hasTwoFactor: boolean }>('/api/user/info', { token: user.token });
    expect(stillOff.body.data.hasTwoFactor).toBe(false);

    const confirmed = await testApp.call<{ recoveryCodes: string[] }>('/twoFactor/confirm', {
      token: user.token,
      body: { otpCode: codeNow(secret) },
    });
    const codes = confirmed.body.data.recoveryCodes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const stored = await testApp.database.db.execute(
      sql`SELECT code_hash FROM user_recovery_codes WHERE user_id = ${Number(user.user.id)} AND used_at IS NULL`,
    );
    expect(stored.rows).toHaveLength(10);
    const hashes = stored.rows.map((row) => String(row.code_hash)).join(' ');
    expect(hashes).toContain('$argon2id$');
    for (const code of codes) expect(hashes).not.toContain(code.replace('-', ''));

    const status = await testApp.call('/twoFactor/status', { token: user.token });
    expect(status.body.data).toEqual({ isEnabled: true, recoveryCodesLeft: 10 });
    const again = await testApp.call('/twoFactor/start', { token: user.token, language: 'en' });
    expect(again.body.code).toBe(8803);
    nextStep();
  });

  it('asks for a code after the password, opens the session with it, and never accepts the same code twice', async () => {
    const user = await enrolled();
    const first = await login(user.email, user.password);
    expect(first.body.code).toBe(200);
    expect(first.body.data).not.toHaveProperty('token');
    if (!('secondFactor' in first.body.data)) throw new Error('expected a second step');
    const { challenge, expiresInSeconds } = first.body.data.secondFactor;
    expect(expiresInSeconds).toBe(300);

    const wrong = await testApp.call('/loginSecondFactor', { body: { challenge, otpCode: wrongCode(user.secret) }, language: 'en' });
    expect(wrong.body.code).toBe(8801);
    const code = codeNow(user.secret);
    const verified = await testApp.call<Session>('/loginSecondFactor', { body: { challenge, otpCode: code } });
    expect(verified.body.code).toBe(200);
    expect(verified.body.data.user.hasTwoFactor).toBe(true);
    const info = await testApp.call('/api/user/info', { token: verified.body.data.token });
    expect(info.body.code).toBe(200);

    // The challenge is used up, and the same code on a new challenge is refused: it was accepted once.
    const reused = await testApp.call('/loginSecondFactor', { body: { challenge, otpCode: code }, language: 'en' });
    expect(reused.body.code).toBe(8806);
    const second = await login(user.email, user.password);
    if (!('secondFactor' in second.body.data)) throw new Error('expected a second step');
    const replay = await testApp.call('/loginSecondFactor', {
      body: { challenge: second.body.data.secondFactor.challenge, otpCode: code },
      language: 'en',
    });
    expect(replay.body.code).toBe(8801);
    nextStep();
    const fresh = await testApp.call('/loginSecondFactor', {
      body: { challenge: second.body.data.secondFactor.challenge, otpCode: codeNow(user.secret) },
    });
    expect(fresh.body.code).toBe(200);
  });

  it('accepts one code once even when two sign-ins send it at the same moment', async () => {
    const user = await enrolled();
    const challenges = await Promise.all(
      [1, 2].map(async () => {
        const answer = await login(user.email, user.password);
        if (!('secondFactor' in answer.body.data)) throw new Error('expected a second step');
        return answer.body.data.secondFactor.challenge;
      }),
    );
    const code = codeNow(user.secret);
    const answers = await Promise.all(
      challenges.map((challenge) => testApp.call('/loginSecondFactor', { body: { challenge, otpCode: code } })),
    );
    expect(answers.map((answer) => answer.body.code).sort()).toEqual([200, 8801]);
    nextStep();
  });

  it('refuses a challenge after five minutes', async () => {
    const user = await enrolled();
    const first = await login(user.email, user.password);
    if (!('secondFactor' in first.body.data)) throw new Error('expected a second step');
    clockOffsetMs += 5 * 60_000;
    const late = await testApp.call('/loginSecondFactor', {
      body: { challenge: first.body.data.secondFactor.challenge, otpCode: codeNow(user.secret) },
      language: 'en',
    });
    expect(late.body).toMatchObject({ code: 8806, msg: 'This sign-in has expired. Please sign in again' });
    nextStep();
  });

  it('takes a recovery code once, in any case and without its dash', async () => {
    const user = await enrolled();
    const [recovery] = user.recoveryCodes;
    if (!recovery) throw new Error('no recovery code');
    const challengeOf = async () => {
      const answer = await login(user.email, user.password);
      if (!('secondFactor' in answer.body.data)) throw new Error('expected a second step');
      return answer.body.data.secondFactor.challenge;
    };
    const used = await testApp.call('/loginSecondFactor', {
      body: { challenge: await challengeOf(), otpCode: recovery.replace('-', '').toUpperCase() },
    });
    expect(used.body.code).toBe(200);
    const again = await testApp.call('/loginSecondFactor', { body: { challenge: await challengeOf(), otpCode: recovery }, language: 'en' });
    expect(again.body.code).toBe(8801);
    const status = await testApp.call('/twoFactor/status', { token: user.token });
    expect(status.body.data).toEqual({ isEnabled: true, recoveryCodesLeft: 9 });
  });

  it('throttles wrong codes like a login: after five, even the right code waits', async () => {
    const user = await enrolled();
    const answer = await login(user.email, user.password);
    if (!('secondFactor' in answer.body.data)) throw new Error('expected a second step');
    const { challenge } = answer.body.data.secondFactor;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await testApp.call('/loginSecondFactor', { body: { challenge, otpCode: wrongCode(user.secret) } });
      expect(wrong.body.code).toBe(8801);
    }
    const right = await testApp.call('/loginSecondFactor', { body: { challenge, otpCode: codeNow(user.secret) }, language: 'en' });
    expect(right.status).toBe(429);
    expect(right.body.code).toBe(8802);
  });

  it('asks for the code to change the pay password, add a withdrawal account and withdraw; without it nothing is written', async () => {
    const user = await enrolled();
    await verifyIdentity(testApp, user, operator);
    await testApp.call('/settingPayPassword', { token: user.token, body: { payPassword: '123456', confirmPayPassword: '123456' } });
    const card = { bankName: 'Banco Nación', accountName: 'Ana Pérez', cardNumber: '4509 9535 8000 6623' };
    const cardsOf = () => count(sql`SELECT count(*) AS count FROM bank_cards WHERE user_id = ${Number(user.user.id)}`);

    const noCode = await testApp.call('/UserAccount/addCardNo', { token: user.token, body: card, language: 'en' });
    expect(noCode.body).toMatchObject({ code: 8800, msg: 'Enter the 6-digit code from your authenticator app' });
    const badCode = await testApp.call('/UserAccount/addCardNo', { token: user.token, body: { ...card, otpCode: wrongCode(user.secret) } });
    expect(badCode.body.code).toBe(8801);
    expect(await cardsOf()).toBe(0);
    const address = { network: 'TRC20', address: `T${'A'.repeat(33)}` };
    const noCodeAddress = await testApp.call('/UserAccount/saveWalletAddress', { token: user.token, body: address });
    expect(noCodeAddress.body.code).toBe(8800);
    expect(await count(sql`SELECT count(*) AS count FROM withdrawal_addresses WHERE user_id = ${Number(user.user.id)}`)).toBe(0);

    const added = await testApp.call<{ id: string }>('/UserAccount/addCardNo', {
      token: user.token,
      body: { ...card, otpCode: codeNow(user.secret) },
    });
    expect(added.body.code).toBe(200);
    nextStep();

    const withdrawal = {
      method: 'bank',
      cardId: added.body.data.id,
      amount: '10.00',
      payPassword: '123456',
      idempotencyKey: `two-factor-withdrawal-${user.user.id}`,
    };
    const withdrawalsOf = () => count(sql`SELECT count(*) AS count FROM withdrawals WHERE user_id = ${Number(user.user.id)}`);
    const refused = await testApp.call('/withdrawal/withdrawal-apply', { token: user.token, body: withdrawal, language: 'es' });
    expect(refused.body).toMatchObject({ code: 8800, msg: 'Introduzca el código de 6 dígitos de su aplicación de autenticación' });
    const wrong = await testApp.call('/withdrawal/withdrawal-apply', {
      token: user.token,
      body: { ...withdrawal, otpCode: wrongCode(user.secret) },
    });
    expect(wrong.body.code).toBe(8801);
    expect(await withdrawalsOf()).toBe(0);
    // With the code the request goes past the second factor to the balance (none here): the code was the gate.
    const withCode = await testApp.call('/withdrawal/withdrawal-apply', {
      token: user.token,
      body: { ...withdrawal, otpCode: codeNow(user.secret) },
    });
    expect(withCode.body.code).toBe(4001);
    nextStep();

    const change = { oldPayPassword: '123456', payPassword: '654321', confirmPayPassword: '654321' };
    const noCodeChange = await testApp.call('/updatePayPassword', { token: user.token, body: change });
    expect(noCodeChange.body.code).toBe(8800);
    const changed = await testApp.call('/updatePayPassword', { token: user.token, body: { ...change, otpCode: codeNow(user.secret) } });
    expect(changed.body.code).toBe(200);
    nextStep();
  });

  it('turns off only with a code, and then the sign-in and the card need none', async () => {
    const user = await enrolled();
    const refused = await testApp.call('/twoFactor/disable', { token: user.token, body: { otpCode: wrongCode(user.secret) } });
    expect(refused.body.code).toBe(8801);
    const off = await testApp.call('/twoFactor/disable', { token: user.token, body: { otpCode: codeNow(user.secret) } });
    expect(off.body.code).toBe(200);
    expect(await count(sql`SELECT count(*) AS count FROM user_recovery_codes WHERE user_id = ${Number(user.user.id)}`)).toBe(0);
    const signIn = await login(user.email, user.password);
    expect(signIn.body.data).toHaveProperty('token');
    nextStep();
  });

  it('lists sessions with address, browser and last use; ends one, then all others', async () => {
    const user = await registerUser(testApp, uniqueEmail('dev'));
    const onPhone = await login(user.email, user.password, phone, '198.51.100.20');
    const onLaptop = await login(user.email, user.password, laptop, '198.51.100.30');
    if (!('token' in onPhone.body.data) || !('token' in onLaptop.body.data)) throw new Error('expected sessions');
    const phoneToken = onPhone.body.data.token;
    const laptopToken = onLaptop.body.data.token;

    const listed = await testApp.call<OwnSession[]>('/sessions/list', { token: phoneToken });
    expect(listed.body.data).toHaveLength(3);
    const mine = listed.body.data.find((session) => session.isCurrent);
    expect(mine).toMatchObject({ ipAddress: '198.51.100.20', browser: 'Chrome · Android' });
    const other = listed.body.data.find((session) => session.ipAddress === '198.51.100.30');
    expect(other).toMatchObject({ browser: 'Safari · macOS', isCurrent: false });
    if (!other) throw new Error('laptop session missing');

    const ended = await testApp.call('/sessions/end', { token: phoneToken, body: { id: other.id } });
    expect(ended.body.code).toBe(200);
    expect((await testApp.call('/api/user/info', { token: laptopToken })).status).toBe(401);
    expect((await testApp.call('/sessions/end', { token: phoneToken, body: { id: other.id }, language: 'en' })).body.code).toBe(8807);

    const endedOthers = await testApp.call<{ ended: number }>('/sessions/endOthers', { token: phoneToken });
    expect(endedOthers.body.data.ended).toBe(1);
    expect((await testApp.call('/api/user/info', { token: user.token })).status).toBe(401);
    expect((await testApp.call('/api/user/info', { token: phoneToken })).status).toBe(200);
    const left = await testApp.call<OwnSession[]>('/sessions/list', { token: phoneToken });
    expect(left.body.data.map((session) => session.isCurrent)).toEqual([true]);

    // Nobody ends another user's session.
    const stranger = await registerUser(testApp, uniqueEmail('dev'));
    const foreign = await testApp.call('/sessions/end', { token: stranger.token, body: { id: mine?.id } });
    expect(foreign.body.code).toBe(8807);
    expect((await testApp.call('/api/user/info', { token: phoneToken })).status).toBe(200);
  });

  it('mails the user in their language on a sign-in from a browser not seen before, and only then', async () => {
    const user = await registerUser(testApp, uniqueEmail('mail'));
    const newDeviceMails = () => testApp.mailer.outbox().filter((mail) => mail.to === user.email).length;
    const before = newDeviceMails();
    const signIn = (userAgent: string, language: string) =>
      testApp.call('/loginByUsername', {
        body: { username: user.email, password: user.password },
        headers: { 'user-agent': userAgent },
        language,
        remoteAddress: '192.0.2.44',
      });
    await signIn(phone, 'de');
    const mail = testApp.mailer.outbox()[0];
    expect(mail?.to).toBe(user.email);
    expect(mail?.subject).toBe('Neue Anmeldung bei Ihrem Bolsa-Konto');
    expect(mail?.text).toContain('Chrome · Android');
    expect(mail?.text).toContain('192.0.2.44');
    expect(newDeviceMails()).toBe(before + 1);
    await signIn(phone, 'de');
    expect(newDeviceMails()).toBe(before + 1);
    await signIn(laptop, 'es');
    expect(testApp.mailer.outbox()[0]?.subject).toBe('Nuevo inicio de sesión en su cuenta de Bolsa');
  });

  it('names browsers shortly', () => {
    expect(browserOf(phone)).toBe('Chrome · Android');
    expect(browserOf(laptop)).toBe('Safari · macOS');
    expect(
      browserOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Chrome · iOS');
    expect(
      browserOf(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Edge · Windows');
    expect(browserOf('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox · Linux');
    expect(browserOf(undefined)).toBeNull();
  });
});
