import { randomBytes, randomInt } from 'node:crypto';
import {
  EMAIL_CODE_ATTEMPTS_MAX,
  EMAIL_CODE_RESEND_INTERVAL_MS,
  EMAIL_CODE_VALIDITY_MS,
  type EmailCodePurpose,
  type Locale,
  type LoginResult,
  type OwnSession,
  type Session,
  type UserRecord,
  userChatLink,
} from '@bolsa/contracts';
import { hash, verify } from '@node-rs/argon2';
import { sql as sqlTag } from 'drizzle-orm';
import { type Database, type Executor, inTransaction, uniqueViolationConstraint } from '../../platform/db/index.ts';
import { AppError, type Principal } from '../../platform/http/index.ts';
import { translate } from '../../platform/i18n/index.ts';
import type { JobDefinition } from '../../platform/jobs/index.ts';
import type { Mailer } from '../../platform/mail/index.ts';
import { matchTotp, newSessionToken, newTotpSecret, otpauthUri, sha256Hex } from '../../platform/security/index.ts';
import * as repository from './auth.repository.ts';
import {
  browserOf,
  isTotpShape,
  LOGIN_CHALLENGE_VALIDITY_MS,
  newRecoveryCode,
  normalisedRecoveryCode,
  RECOVERY_CODE_COUNT,
  TOTP_ISSUER,
} from './second-factor.ts';
import type { SessionCache } from './session-cache.ts';

export type AuthSettings = { sessionIdleMs: number; sessionLifetimeMs: number; emailCodesPerClientHour: number };
export type ClientMeta = { ipAddress: string; userAgent: string | undefined; locale: Locale };

/**
 * Throttling of failed logins and pay passwords (ASVS 6.3.1). A sign-in: five failures lock that account
 * for the guessing address, twenty lock the address for every account, and past five the account itself
 * is only slowed (30 s after its latest failure, doubling), so the owner elsewhere still gets in.
 */
export const throttle = {
  loginAccount: { limit: 5, windowMs: 15 * 60_000, slowdown: { baseDelayMs: 30_000, maxDelayMs: 15 * 60_000 } },
  loginPair: { limit: 5, windowMs: 15 * 60_000 },
  loginAddress: { limit: 20, windowMs: 15 * 60_000 },
  payPassword: { limit: 5, windowMs: 15 * 60_000 },
  passwordChange: { limit: 5, windowMs: 15 * 60_000 },
  /** Code mails to one address per hour (on top of one a minute); per client address, see AuthSettings. */
  codeMailEmail: { limit: 5, windowMs: 60 * 60_000 },
  /** Wrong second-factor codes of one account, wherever asked (sign-in, pay password, withdrawals), like a login. */
  secondFactor: { limit: 5, windowMs: 15 * 60_000 },
} as const;

/** Attempts reserved before a secret is verified (see repository.reserveAttempt); kept as failures unless released. */
export type ReservedAttempt = { ids: number[]; clear: Array<{ scope: repository.FailureScope; subject: string }> };

const INVITATION_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const INVITATION_LENGTH = 8;

function codeHashOf(email: string, purpose: EmailCodePurpose, code: string) {
  return sha256Hex(`${purpose}:${email}:${code}`);
}

function newInvitationCode() {
  return Array.from({ length: INVITATION_LENGTH }, () => INVITATION_ALPHABET[randomInt(INVITATION_ALPHABET.length)]).join('');
}

function minutesUntil(moment: Date) {
  return Math.max(1, Math.ceil((moment.getTime() - Date.now()) / 60_000));
}

function isUniqueViolation(error: unknown, constraint: string): boolean {
  return uniqueViolationConstraint(error) === constraint;
}

export function toUserRecord(row: repository.UserRow): UserRecord {
  return {
    id: String(row.id),
    username: row.email,
    email: row.email,
    invitationCode: row.invitationCode,
    hasPayPassword: row.payPasswordHash !== null,
    hasTwoFactor: row.totpSecret !== null,
    wsUrl: userChatLink(row.id),
    createTimeTimestamp: row.createdAt.getTime(),
  };
}

// A real argon2id hash of a random password, verified on unknown emails so a miss costs the same time as a hit.
const timingEqualiserHash = hash(randomBytes(16).toString('hex'));

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(dependencies: {
  db: Database;
  mailer: Mailer;
  settings: AuthSettings;
  sessions: SessionCache;
  /** The clock of second-factor codes and sign-in challenges (tests pin it). */
  now?: () => Date;
}) {
  const { db, mailer, settings, sessions } = dependencies;
  const now = dependencies.now ?? (() => new Date());

  async function openSession(executor: Executor, user: repository.UserRow, meta: ClientMeta): Promise<Session> {
    const token = newSessionToken();
    await repository.insertSession(executor, {
      userId: user.id,
      tokenHash: sha256Hex(token),
      expiresAt: new Date(Date.now() + settings.sessionLifetimeMs),
      ipAddress: meta.ipAddress,
      userAgent: meta.userAgent?.slice(0, 300),
    });
    return { token, user: toUserRecord(user) };
  }

  /** A sign-in: the session, and a mail in the user's language when no session of theirs came from this browser before. */
  async function signIn(user: repository.UserRow, meta: ClientMeta): Promise<Session> {
    const userAgent = meta.userAgent?.slice(0, 300);
    const { session, isNewDevice } = await inTransaction(db, async (tx) => {
      const isNewDevice = !(await repository.hasSessionWithAgent(tx, user.id, userAgent));
      return { session: await openSession(tx, user, meta), isNewDevice };
    });
    if (isNewDevice) {
      await mailer.send({
        to: user.email,
        subject: translate(meta.locale, 'mail.newDeviceSubject'),
        text: translate(meta.locale, 'mail.newDeviceBody', {
          browser: browserOf(userAgent) ?? '?',
          address: meta.ipAddress,
          time: `${now().toISOString().slice(0, 16).replace('T', ' ')}`,
        }),
      });
    }
    return session;
  }

  /**
   * Checks and consumes the latest code for an email and purpose inside the caller's transaction.
   * A wrong code still counts as a try, so the caller commits and then throws the returned refusal.
   */
  async function checkEmailCode(executor: Executor, email: string, purpose: EmailCodePurpose, code: string): Promise<AppError | undefined> {
    const latest = await repository.latestEmailCode(executor, email, purpose, true);
    if (!latest || latest.consumedAt) return new AppError('EMAIL_CODE_INVALID');
    if (latest.attempts >= EMAIL_CODE_ATTEMPTS_MAX) return new AppError('EMAIL_CODE_LOCKED');
    if (latest.expiresAt.getTime() <= Date.now()) return new AppError('EMAIL_CODE_EXPIRED');
    if (latest.codeHash !== codeHashOf(email, purpose, code)) {
      const attempts = await repository.recordEmailCodeAttempt(executor, latest.id);
      return new AppError(attempts >= EMAIL_CODE_ATTEMPTS_MAX ? 'EMAIL_CODE_LOCKED' : 'EMAIL_CODE_INVALID');
    }
    await repository.consumeEmailCode(executor, latest.id);
    return undefined;
  }

  async function insertUserWithInvitationCode(
    executor: Executor,
    values: { email: string; passwordHash: string; invitedByUserId: number | undefined },
  ) {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await executor.transaction(async (savepoint) =>
          repository.insertUser(savepoint, { ...values, invitationCode: newInvitationCode() }),
        );
      } catch (error) {
        if (isUniqueViolation(error, 'users_invitation_code_unique') && attempt < 5) continue;
        if (isUniqueViolation(error, 'users_email_unique')) throw new AppError('EMAIL_TAKEN');
        throw error;
      }
    }
  }

  /**
   * Reserves an attempt against each budget before anything is verified, in a transaction of its own that
   * commits first, so that attempts sent at once are judged at most up to the limit (ASVS 6.3.1).
   * A full success forgets the failures of the first `clearedOnSuccess` budgets.
   */
  async function reserveAttempt(
    budgets: repository.AttemptBudget[],
    refusal: 'LOGIN_THROTTLED' | 'PAY_PASSWORD_THROTTLED' | 'EMAIL_CODES_THROTTLED' | 'SECOND_FACTOR_THROTTLED',
    clearedOnSuccess = 1,
  ): Promise<ReservedAttempt> {
    const reserved = await inTransaction(db, (tx) => repository.reserveAttempt(tx, budgets));
    if (reserved.lockedUntil) throw new AppError(refusal, { minutes: minutesUntil(reserved.lockedUntil) });
    if (budgets.length === 0) throw new Error('an attempt needs a budget');
    const clear = budgets.slice(0, clearedOnSuccess).map(({ scope, subject }) => ({ scope, subject }));
    return { ids: reserved.ids, clear };
  }

  /**
   * Gives the reservation back: the secret was never judged, or was right. Only a full success forgets the
   * account's earlier failures (a right password without its second factor must not reset the count).
   */
  async function releaseAttempt(attempt: ReservedAttempt, isSuccess: boolean) {
    await inTransaction(db, async (tx) => {
      await repository.releaseAttempts(tx, attempt.ids);
      if (isSuccess) for (const { scope, subject } of attempt.clear) await repository.clearFailures(tx, scope, subject);
    });
  }

  /** Verifies under a reserved attempt: a wrong secret keeps the reservation as its failure, anything else releases it. */
  async function judged<T>(attempt: ReservedAttempt, isWrongSecret: (error: unknown) => boolean, work: () => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await work();
    } catch (error) {
      if (!isWrongSecret(error)) await releaseAttempt(attempt, false);
      throw error;
    }
    await releaseAttempt(attempt, true);
    return result;
  }

  /** Mails the owner once the account's failures (this one counted) reach the point where it is slowed. */
  async function tellOwnerOfFailures(user: repository.UserRow, account: string, locale: Locale) {
    const { limit, windowMs } = throttle.loginAccount;
    if ((await repository.failuresWithin(db, 'login-account', account, windowMs)) !== limit) return;
    await mailer.send({
      to: user.email,
      subject: translate(locale, 'mail.loginFailuresSubject'),
      text: translate(locale, 'mail.loginFailuresBody', { count: limit }),
    });
  }

  const isRefusal = (result: string) => (error: unknown) => error instanceof AppError && error.result === result;

  async function checkPayPassword(user: repository.UserRow, payPassword: string) {
    const payPasswordHash = user.payPasswordHash;
    if (!payPasswordHash) throw new AppError('PAY_PASSWORD_NOT_SET');
    const attempt = await reserveAttempt(
      [{ scope: 'pay-password', subject: String(user.id), ...throttle.payPassword }],
      'PAY_PASSWORD_THROTTLED',
    );
    await judged(attempt, isRefusal('PAY_PASSWORD_WRONG'), async () => {
      if (!(await verify(payPasswordHash, payPassword))) throw new AppError('PAY_PASSWORD_WRONG');
    });
  }

  /**
   * Checks a second-factor code of a user with two-factor on: a TOTP code of a step later than the last one
   * accepted, or an unused recovery code, which is used up. Wrong codes count against the account like
   * failed logins (`throttle.secondFactor`).
   */
  async function checkSecondFactor(user: repository.UserRow, otpCode: string | undefined) {
    const secret = user.totpSecret;
    if (secret === null) return;
    if (!otpCode) throw new AppError('SECOND_FACTOR_REQUIRED');
    const attempt = await reserveAttempt(
      [{ scope: 'second-factor', subject: String(user.id), ...throttle.secondFactor }],
      'SECOND_FACTOR_THROTTLED',
    );
    await judged(attempt, isRefusal('SECOND_FACTOR_WRONG'), async () => {
      if (isTotpShape(otpCode)) {
        const step = matchTotp(secret, otpCode, now().getTime(), user.totpLastStep);
        if (step === undefined || !(await repository.advanceTotpStep(db, user.id, step))) throw new AppError('SECOND_FACTOR_WRONG');
        return;
      }
      const typed = normalisedRecoveryCode(otpCode);
      for (const candidate of await repository.unusedRecoveryCodes(db, user.id)) {
        if (await verify(candidate.codeHash, typed)) {
          if (await repository.consumeRecoveryCode(db, candidate.id)) return;
          break;
        }
      }
      throw new AppError('SECOND_FACTOR_WRONG');
    });
  }

  async function requireUser(executor: Executor, principal: Principal) {
    const user = await repository.findUserById(executor, Number(principal.userId));
    if (!user) throw new AppError('UNAUTHORIZED');
    return user;
  }

  const scopesOf = {
    user: { account: 'login-account', address: 'login-address', pair: 'login-pair' },
    operator: { account: 'operator-login-account', address: 'operator-login-address', pair: 'operator-login-pair' },
  } as const;
  /**
   * Failed sign-ins counted per account, per address and per account at one address (ASVS 6.3.1); past a
   * limit a sign-in is refused with the minutes to wait, even with the right password (see `throttle`). `judged` runs the verification under
   * an attempt reserved first: a refusal that `isWrongSecret` names stays counted as a failure.
   */
  const loginThrottle = {
    async judged<T>(
      kind: 'user' | 'operator',
      subjects: { account: string; ipAddress: string },
      isWrongSecret: (error: unknown) => boolean,
      work: () => Promise<T>,
    ): Promise<T> {
      const scopes = scopesOf[kind];
      const attempt = await reserveAttempt(
        [
          { scope: scopes.account, subject: subjects.account, ...throttle.loginAccount },
          { scope: scopes.pair, subject: `${subjects.account}|${subjects.ipAddress}`, ...throttle.loginPair },
          { scope: scopes.address, subject: subjects.ipAddress, ...throttle.loginAddress },
        ],
        'LOGIN_THROTTLED',
        2,
      );
      return judged(attempt, isWrongSecret, work);
    },
  };

  return {
    /**
     * The same answer whether or not the address has an account (no enumeration): the owner of a registered
     * address is told someone tried to register with it instead of getting a code, and an unknown address
     * asking for a reset gets nothing. Each code mail counts against the address and the client.
     */
    async requestEmailCode(input: { email: string; type: EmailCodePurpose }, meta: Pick<ClientMeta, 'ipAddress' | 'locale'>) {
      const { locale } = meta;
      await reserveAttempt(
        [
          { scope: 'code-mail-email', subject: input.email, ...throttle.codeMailEmail },
          { scope: 'code-mail-client', subject: meta.ipAddress, limit: settings.emailCodesPerClientHour, windowMs: 60 * 60_000 },
        ],
        'EMAIL_CODES_THROTTLED',
      );
      const existing = await repository.findUserByEmail(db, input.email);
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const shouldSend = await inTransaction(db, async (tx) => {
        // Serialises requests for one address so two at once cannot both pass the resend check.
        await tx.execute(sqlLock(`email-code:${input.type}:${input.email}`));
        const latest = await repository.latestEmailCode(tx, input.email, input.type, false);
        if (latest) {
          const waitMs = latest.createdAt.getTime() + EMAIL_CODE_RESEND_INTERVAL_MS - Date.now();
          if (waitMs > 0) throw new AppError('EMAIL_CODE_TOO_SOON', { seconds: Math.ceil(waitMs / 1000) });
        }
        await repository.insertEmailCode(tx, {
          email: input.email,
          purpose: input.type,
          codeHash: codeHashOf(input.email, input.type, code),
          expiresAt: new Date(Date.now() + EMAIL_CODE_VALIDITY_MS),
        });
        // A reset code for an unknown address, or a registration code for a known one, is recorded (same
        // answer, same timing) but never mailed: it cannot be used.
        return input.type === 'register' ? existing === undefined : existing !== undefined;
      });
      if (input.type === 'register' && existing) {
        await mailer.send({
          to: input.email,
          subject: translate(locale, 'mail.registerAttemptSubject'),
          text: translate(locale, 'mail.registerAttemptBody'),
        });
      }
      if (shouldSend) {
        const minutes = EMAIL_CODE_VALIDITY_MS / 60_000;
        await mailer.send({
          to: input.email,
          subject: translate(locale, 'mail.codeSubject', { code }),
          text: translate(locale, input.type === 'register' ? 'mail.codeBodyRegister' : 'mail.codeBodyResetPassword', { code, minutes }),
        });
      }
      return { resendAfterSeconds: EMAIL_CODE_RESEND_INTERVAL_MS / 1000 };
    },

    async register(input: { email: string; password: string; code: string; invitationCode?: string | undefined }, meta: ClientMeta) {
      const passwordHash = await hash(input.password);
      let refusal: AppError | undefined;
      const session = await inTransaction(db, async (tx) => {
        let invitedByUserId: number | undefined;
        if (input.invitationCode) {
          invitedByUserId = await repository.findUserIdByInvitationCode(tx, input.invitationCode.toUpperCase());
          if (invitedByUserId === undefined) throw new AppError('INVITATION_CODE_UNKNOWN');
        }
        refusal = await checkEmailCode(tx, input.email, 'register', input.code);
        if (refusal) return undefined;
        const user = await insertUserWithInvitationCode(tx, { email: input.email, passwordHash, invitedByUserId });
        return openSession(tx, user, meta);
      });
      if (refusal || !session) throw refusal ?? new AppError('EMAIL_CODE_INVALID');
      return session;
    },

    async login(input: { username: string; password: string }, meta: ClientMeta): Promise<LoginResult> {
      const subjects = { account: input.username, ipAddress: meta.ipAddress };
      const user = await loginThrottle.judged('user', subjects, isRefusal('LOGIN_FAILED'), async () => {
        const found = await repository.findUserByEmail(db, input.username);
        const isPasswordRight = await verify(found?.passwordHash ?? (await timingEqualiserHash), input.password);
        if (found && !isPasswordRight) await tellOwnerOfFailures(found, input.username, meta.locale);
        if (!found || !isPasswordRight) throw new AppError('LOGIN_FAILED');
        return found;
      });
      if (user.status === 'frozen') throw new AppError('ACCOUNT_DISABLED');
      if (user.totpSecret !== null) {
        // The password was right; the session waits for a code against a challenge good for a few minutes.
        const challenge = newSessionToken();
        await repository.insertLoginChallenge(db, {
          userId: user.id,
          tokenHash: sha256Hex(challenge),
          expiresAt: new Date(now().getTime() + LOGIN_CHALLENGE_VALIDITY_MS),
        });
        return { secondFactor: { challenge, expiresInSeconds: LOGIN_CHALLENGE_VALIDITY_MS / 1000 } };
      }
      return signIn(user, meta);
    },

    /** The second step of a sign-in with two-factor on: a code against the challenge opens the session. */
    async verifyLogin(input: { challenge: string; otpCode: string }, meta: ClientMeta): Promise<Session> {
      const found = await repository.findLoginChallenge(db, sha256Hex(input.challenge));
      if (!found || found.consumedAt !== null || found.expiresAt.getTime() <= now().getTime())
        throw new AppError('LOGIN_CHALLENGE_INVALID');
      const user = await repository.findUserById(db, found.userId);
      if (!user) throw new AppError('LOGIN_CHALLENGE_INVALID');
      if (user.status === 'frozen') throw new AppError('ACCOUNT_DISABLED');
      if (user.totpSecret === null) throw new AppError('LOGIN_CHALLENGE_INVALID');
      await checkSecondFactor(user, input.otpCode);
      if (!(await repository.consumeLoginChallenge(db, found.id))) throw new AppError('LOGIN_CHALLENGE_INVALID');
      return signIn(user, meta);
    },

    /** The same throttle guards the operators' sign-in (admin module), counted apart from users'. */
    loginThrottle,

    async logout(principal: Principal) {
      const userId = Number(principal.userId);
      const ending = await sessions.sessionsEnding(userId);
      await repository.revokeSession(db, Number(principal.sessionId));
      await sessions.sessionsEnded(userId, ending);
    },

    /**
     * Resolves a token to its principal, or undefined when it is missing, expired, idle too long, revoked or
     * frozen. A session checked recently is answered from this process's cache (see session-cache.ts).
     */
    async authenticate(token: string | undefined): Promise<Principal | undefined> {
      if (!token || token.length > 200) return undefined;
      const tokenHash = sha256Hex(token);
      return sessions.authenticate(tokenHash, async () => {
        const session = await repository.touchLiveSession(db, tokenHash, settings.sessionIdleMs);
        if (session?.status !== 'active') return undefined;
        return {
          principal: { userId: String(session.userId), sessionId: String(session.sessionId) },
          userId: session.userId,
          expiresAtMs: session.expiresAtMs,
          idleDeadlineMs: session.lastSeenAtMs + settings.sessionIdleMs,
        };
      });
    },

    async resetPassword(input: { email: string; code: string; password: string }) {
      const passwordHash = await hash(input.password);
      let refusal: AppError | undefined;
      let endedUserId: number | undefined;
      let ending: string | undefined;
      await inTransaction(db, async (tx) => {
        refusal = await checkEmailCode(tx, input.email, 'resetPassword', input.code);
        if (refusal) return;
        const user = await repository.findUserByEmail(tx, input.email);
        // A code can only exist for an unknown email if it was never mailed; answer as for a wrong code.
        if (!user) {
          refusal = new AppError('EMAIL_CODE_INVALID');
          return;
        }
        ending = await sessions.sessionsEnding(user.id);
        await repository.setPasswordHash(tx, user.id, passwordHash);
        await repository.revokeSessionsOfUser(tx, user.id);
        await repository.clearFailures(tx, 'login-account', input.email);
        endedUserId = user.id;
      });
      if (endedUserId !== undefined) await sessions.sessionsEnded(endedUserId, ending);
      if (refusal) throw refusal;
      return null;
    },

    async updatePassword(principal: Principal, input: { oldPassword: string; password: string }) {
      const user = await requireUser(db, principal);
      // Guessing the old password with a stolen session is throttled like a login (ASVS 6.3.1).
      const attempt = await reserveAttempt(
        [{ scope: 'password-change', subject: String(user.id), ...throttle.passwordChange }],
        'LOGIN_THROTTLED',
      );
      await judged(attempt, isRefusal('PASSWORD_WRONG'), async () => {
        if (!(await verify(user.passwordHash, input.oldPassword))) throw new AppError('PASSWORD_WRONG');
      });
      const passwordHash = await hash(input.password);
      const ending = await sessions.sessionsEnding(user.id);
      await inTransaction(db, async (tx) => {
        await repository.setPasswordHash(tx, user.id, passwordHash);
        await repository.revokeSessionsOfUser(tx, user.id, Number(principal.sessionId));
      });
      await sessions.sessionsEnded(user.id, ending);
      return null;
    },

    async settingPayPassword(principal: Principal, input: { payPassword: string }) {
      const user = await requireUser(db, principal);
      if (user.payPasswordHash) throw new AppError('PAY_PASSWORD_ALREADY_SET');
      await repository.setPayPasswordHash(db, user.id, await hash(input.payPassword));
      return null;
    },

    async updatePayPassword(principal: Principal, input: { oldPayPassword: string; payPassword: string; otpCode?: string | undefined }) {
      const user = await requireUser(db, principal);
      if (user.totpSecret !== null && !input.otpCode) throw new AppError('SECOND_FACTOR_REQUIRED');
      await checkPayPassword(user, input.oldPayPassword);
      await checkSecondFactor(user, input.otpCode);
      await repository.setPayPasswordHash(db, user.id, await hash(input.payPassword));
      return null;
    },

    /**
     * For money leaving an account (ledger issue): throws unless the pay password is right and, with two-factor
     * on, the code too (asked for before the pay password is judged); wrong tries of each are throttled.
     */
    async verifyPayPassword(principal: Principal, payPassword: string, otpCode: string | undefined) {
      const user = await requireUser(db, principal);
      if (user.totpSecret !== null && !otpCode) throw new AppError('SECOND_FACTOR_REQUIRED');
      await checkPayPassword(user, payPassword);
      await checkSecondFactor(user, otpCode);
    },

    /** For a new or changed withdrawal account: with two-factor on, throws unless the code is right. */
    async verifySecondFactor(principal: Principal, otpCode: string | undefined) {
      await checkSecondFactor(await requireUser(db, principal), otpCode);
    },

    async twoFactorStatus(principal: Principal) {
      const user = await requireUser(db, principal);
      const left = user.totpSecret === null ? 0 : (await repository.unusedRecoveryCodes(db, user.id)).length;
      return { isEnabled: user.totpSecret !== null, recoveryCodesLeft: left };
    },

    /** A new secret to set up (replacing one set up before and never confirmed); two-factor is on only once confirmed. */
    async startTwoFactor(principal: Principal) {
      const user = await requireUser(db, principal);
      if (user.totpSecret !== null) throw new AppError('SECOND_FACTOR_ALREADY_ENABLED');
      const secret = newTotpSecret();
      await repository.setTotp(db, user.id, { totpPendingSecret: secret });
      return { secret, otpauthUri: otpauthUri(secret, user.email, TOTP_ISSUER) };
    },

    /** A right code of the new secret turns two-factor on; the ten recovery codes are answered this once, kept hashed. */
    async confirmTwoFactor(principal: Principal, input: { otpCode: string }) {
      const user = await requireUser(db, principal);
      if (user.totpSecret !== null) throw new AppError('SECOND_FACTOR_ALREADY_ENABLED');
      const pending = user.totpPendingSecret;
      if (pending === null) throw new AppError('SECOND_FACTOR_NOT_STARTED');
      const attempt = await reserveAttempt(
        [{ scope: 'second-factor', subject: String(user.id), ...throttle.secondFactor }],
        'SECOND_FACTOR_THROTTLED',
      );
      const step = await judged(attempt, isRefusal('SECOND_FACTOR_WRONG'), async () => {
        const matched = isTotpShape(input.otpCode) ? matchTotp(pending, input.otpCode, now().getTime(), null) : undefined;
        if (matched === undefined) throw new AppError('SECOND_FACTOR_WRONG');
        return matched;
      });
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
      const hashes = await Promise.all(codes.map((code) => hash(normalisedRecoveryCode(code))));
      await inTransaction(db, async (tx) => {
        await repository.setTotp(tx, user.id, { totpSecret: pending, totpPendingSecret: null, totpEnabledAt: now(), totpLastStep: step });
        await repository.replaceRecoveryCodes(tx, user.id, hashes);
      });
      return { recoveryCodes: codes };
    },

    /** Turning two-factor off needs a code (or a recovery code); the recovery codes go with it. */
    async disableTwoFactor(principal: Principal, input: { otpCode: string }) {
      const user = await requireUser(db, principal);
      if (user.totpSecret === null) throw new AppError('SECOND_FACTOR_NOT_ENABLED');
      await checkSecondFactor(user, input.otpCode);
      await inTransaction(db, async (tx) => {
        await repository.setTotp(tx, user.id, { totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null });
        await repository.replaceRecoveryCodes(tx, user.id, []);
      });
      return null;
    },

    /** The user's live sessions: the address each signed in from, its browser, its last use; the asking one marked. */
    async sessionsOf(principal: Principal): Promise<OwnSession[]> {
      const rows = await repository.liveSessionsOfUser(db, Number(principal.userId), settings.sessionIdleMs);
      return rows.map((row) => ({
        id: String(row.id),
        ipAddress: row.ipAddress,
        browser: browserOf(row.userAgent),
        isCurrent: String(row.id) === principal.sessionId,
        createTimeTimestamp: row.createdAt.getTime(),
        lastSeenTimestamp: row.lastSeenAt.getTime(),
      }));
    },

    /** Ends one of the user's sessions (this one included): its token stops working on every process. */
    async endSession(principal: Principal, sessionId: number) {
      const userId = Number(principal.userId);
      const ending = await sessions.sessionsEnding(userId);
      const isEnded = await repository.revokeOwnSession(db, userId, sessionId);
      await sessions.sessionsEnded(userId, ending);
      if (!isEnded) throw new AppError('SESSION_NOT_FOUND');
      return null;
    },

    /** Ends every session of the user but the asking one. */
    async endOtherSessions(principal: Principal) {
      const userId = Number(principal.userId);
      const ending = await sessions.sessionsEnding(userId);
      const ended = await repository.revokeOtherSessions(db, userId, Number(principal.sessionId));
      await sessions.sessionsEnded(userId, ending);
      return { ended };
    },

    /** Emails of users by id, for operator screens of other modules. */
    /** Accounts registered since `since` (the console's dashboard: new users today). */
    async countRegisteredSince(since: Date): Promise<number> {
      const result = await db.execute<{ total: string }>(
        sqlTag`SELECT count(*)::text AS total FROM users WHERE created_at >= ${since.toISOString()}`,
      );
      return Number(result.rows[0]?.total ?? 0);
    },

    async emailsByUserId(userIds: number[]): Promise<Map<number, string>> {
      return repository.emailsByUserId(db, userIds);
    },

    async userRecord(principal: Principal): Promise<UserRecord> {
      return toUserRecord(await requireUser(db, principal));
    },

    /** The demo account of the README, created once. */
    /** A demo account, once; `invitedByEmail` names the demo account that invited it (the referral demo). */
    async ensureDemoAccount(email: string, password: string, invitedByEmail?: string) {
      if (await repository.findUserByEmail(db, email)) return;
      const passwordHash = await hash(password);
      const inviter = invitedByEmail === undefined ? undefined : await repository.findUserByEmail(db, invitedByEmail);
      await inTransaction(db, async (tx) => {
        await insertUserWithInvitationCode(tx, { email, passwordHash, invitedByUserId: inviter?.id });
      });
    },

    housekeepingJob: {
      name: 'auth-housekeeping',
      intervalMs: 60 * 60_000,
      async run(executor) {
        await repository.deleteExpiredSessions(executor);
        await repository.deleteOldEmailCodes(executor);
        await repository.deleteOldFailures(executor);
        await repository.deleteOldLoginChallenges(executor);
      },
    } satisfies JobDefinition,
  };
}

function sqlLock(name: string) {
  return sqlTag`SELECT pg_advisory_xact_lock(hashtext(${name}))`;
}
