import { z } from 'zod';
import {
  emailCodeSchema,
  emailSchema,
  optionalTextSchema,
  otpCodeSchema,
  passwordSchema,
  payPasswordSchema,
  typeError,
  withMatchingPasswords,
} from './validation.ts';

/** Account calls of spec §7: paths relative to /web, request bodies and response data. */

export const emailCodePurposes = ['register', 'resetPassword'] as const;
export type EmailCodePurpose = (typeof emailCodePurposes)[number];

export const userRecordSchema = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  invitationCode: z.string(),
  hasPayPassword: z.boolean(),
  /** Two-factor sign-in is on: sign-in, a pay-password change, a new withdrawal account and a withdrawal ask for `otpCode`. */
  hasTwoFactor: z.boolean(),
  /** The user's own support chat link (`userChatLink`); nullable as the spec's record allows. */
  wsUrl: z.string().nullable(),
  createTimeTimestamp: z.number().int(),
});
export type UserRecord = z.infer<typeof userRecordSchema>;

export const sessionSchema = z.object({ token: z.string(), user: userRecordSchema });
export type Session = z.infer<typeof sessionSchema>;

/** What sign-in answers when the account has two-factor on: no session yet, a challenge for `verifyLogin` (5 minutes). */
export const secondFactorNeededSchema = z.object({
  secondFactor: z.object({ challenge: z.string(), expiresInSeconds: z.number().int() }),
});
export type SecondFactorNeeded = z.infer<typeof secondFactorNeededSchema>;
export const loginData = z.union([sessionSchema, secondFactorNeededSchema]);
export type LoginResult = z.infer<typeof loginData>;

export const verifyLoginBody = z.object({
  challenge: z.string({ error: typeError }).min(1, { error: 'validation.required' }).max(100, { error: 'validation.tooLong' }),
  otpCode: otpCodeSchema,
});

export const twoFactorStatusSchema = z.object({ isEnabled: z.boolean(), recoveryCodesLeft: z.number().int() });
export const twoFactorEnrolmentSchema = z.object({ secret: z.string(), otpauthUri: z.string() });
export const twoFactorCodeBody = z.object({ otpCode: otpCodeSchema });
/** Shown once when two-factor is turned on; only their hashes are kept. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** One of the user's live sessions: where (the address it signed in from), the browser, and its last use. */
export const ownSessionSchema = z.object({
  id: z.string(),
  ipAddress: z.string().nullable(),
  /** A short readable name of the browser and system from its user agent ("Chrome on Android"), or null. */
  browser: z.string().nullable(),
  isCurrent: z.boolean(),
  createTimeTimestamp: z.number().int(),
  lastSeenTimestamp: z.number().int(),
});
export type OwnSession = z.infer<typeof ownSessionSchema>;
export const endSessionBody = z.object({ id: z.coerce.number({ error: typeError }).int().positive({ error: 'validation.invalidValue' }) });

export const getEmailCodeBody = z.object({
  email: emailSchema,
  type: z.enum(emailCodePurposes, { error: 'validation.invalidValue' }).default('register'),
});
export const getEmailCodeData = z.object({ resendAfterSeconds: z.number().int() });

export const registerBody = withMatchingPasswords(
  z.object({
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: passwordSchema,
    code: emailCodeSchema,
    invitationCode: optionalTextSchema(20),
  }),
  'password',
  'confirmPassword',
);

export const loginBody = z.object({
  username: emailSchema,
  password: z.string({ error: typeError }).min(1, { error: 'validation.required' }).max(128, { error: 'validation.tooLong' }),
});

export const resetPasswordBody = withMatchingPasswords(
  z.object({
    email: emailSchema,
    code: emailCodeSchema,
    password: passwordSchema,
    confirmPassword: passwordSchema,
  }),
  'password',
  'confirmPassword',
);

export const updatePasswordBody = withMatchingPasswords(
  z.object({
    oldPassword: z.string({ error: typeError }).min(1, { error: 'validation.required' }).max(128, { error: 'validation.tooLong' }),
    password: passwordSchema,
    confirmPassword: passwordSchema,
  }),
  'password',
  'confirmPassword',
);

export const settingPayPasswordBody = withMatchingPasswords(
  z.object({ payPassword: payPasswordSchema, confirmPayPassword: payPasswordSchema }),
  'payPassword',
  'confirmPayPassword',
);

export const updatePayPasswordBody = withMatchingPasswords(
  z.object({
    oldPayPassword: payPasswordSchema,
    payPassword: payPasswordSchema,
    confirmPayPassword: payPasswordSchema,
    otpCode: otpCodeSchema.optional(),
  }),
  'payPassword',
  'confirmPayPassword',
);

export const appVersionData = z.object({
  version: z.string(),
  notes: z.string().nullable(),
  downloadUrl: z.string().nullable(),
  publishedAtTimestamp: z.number().int().nullable(),
});
export type AppVersion = z.infer<typeof appVersionData>;

/** One place that names each account call; the server routes and the app client both read it. */
export const accountApi = {
  getEmailCode: { method: 'POST', path: '/getEmailCode', body: getEmailCodeBody, data: getEmailCodeData },
  register: { method: 'POST', path: '/register', body: registerBody, data: sessionSchema },
  login: { method: 'POST', path: '/loginByUsername', body: loginBody, data: loginData },
  /** The second step of a sign-in with two-factor on: the challenge and a code (or a recovery code). */
  verifyLogin: { method: 'POST', path: '/loginSecondFactor', body: verifyLoginBody, data: sessionSchema },
  logout: { method: 'POST', path: '/logout', body: undefined, data: z.null() },
  resetPassword: { method: 'POST', path: '/resetPassword', body: resetPasswordBody, data: z.null() },
  updatePassword: { method: 'POST', path: '/updatePassword', body: updatePasswordBody, data: z.null() },
  settingPayPassword: { method: 'POST', path: '/settingPayPassword', body: settingPayPasswordBody, data: z.null() },
  updatePayPassword: { method: 'POST', path: '/updatePayPassword', body: updatePayPasswordBody, data: z.null() },
  userInfo: { method: 'POST', path: '/api/user/info', body: undefined, data: userRecordSchema },
  appVersion: { method: 'GET', path: '/appVersion/getPublishAppVersion', body: undefined, data: appVersionData },
  twoFactorStatus: { method: 'POST', path: '/twoFactor/status', body: undefined, data: twoFactorStatusSchema },
  /** A new secret (not yet on): the app shows it and its otpauth URI as a QR code. */
  twoFactorStart: { method: 'POST', path: '/twoFactor/start', body: undefined, data: twoFactorEnrolmentSchema },
  /** A code from the new secret turns two-factor on and answers the ten recovery codes, once. */
  twoFactorConfirm: { method: 'POST', path: '/twoFactor/confirm', body: twoFactorCodeBody, data: recoveryCodesSchema },
  twoFactorDisable: { method: 'POST', path: '/twoFactor/disable', body: twoFactorCodeBody, data: z.null() },
  sessions: { method: 'POST', path: '/sessions/list', body: undefined, data: z.array(ownSessionSchema) },
  endSession: { method: 'POST', path: '/sessions/end', body: endSessionBody, data: z.null() },
  endOtherSessions: { method: 'POST', path: '/sessions/endOthers', body: undefined, data: z.object({ ended: z.number().int() }) },
} as const;

/** The operators' publishing of an app version (what `accountApi.appVersion` answers), under /admin/api. */
export const publishAppVersionBody = z.object({
  version: z
    .string({ error: typeError })
    .trim()
    .regex(/^\d+\.\d+\.\d+$/, { error: 'validation.invalidValue' }),
  notes: optionalTextSchema(2000),
  downloadUrl: z
    .url({ protocol: /^https$/, error: 'validation.invalidValue' })
    .max(300, { error: 'validation.tooLong' })
    .optional(),
});

export const operatorAppVersionApi = {
  publish: { method: 'POST', path: '/app-versions', permission: 'content.edit', body: publishAppVersionBody, data: appVersionData },
} as const;

/** A mail the server would have sent (email codes), kept when no SMTP server is configured. */
export const outboxEntrySchema = z.object({
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  sentAtTimestamp: z.number().int(),
});

export const operatorOutboxApi = {
  /** The mails the server would have sent, when no SMTP server is configured (empty otherwise). */
  outbox: { method: 'GET', path: '/outbox', permission: 'outbox.read', data: z.array(outboxEntrySchema) },
} as const;
