import { z } from 'zod';
import { operatorPermissions, operatorRoleSchema } from './operator-permissions.ts';
import { pageOf, pageQueryFields } from './paging.ts';
import { emailSchema, typeError } from './validation.ts';

/**
 * The operator's own account (sign-in with two-factor, sign-out, TOTP enrolment), operator
 * management and the audit-log search, all under /admin/api.
 */

/** Operators sign in to move money and read identity documents: a longer password than a user's. */
export const OPERATOR_PASSWORD_LENGTH_MIN = 12;
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_ISSUER = 'Bolsa Console';

export const totpCodeSchema = z
  .string({ error: typeError })
  .trim()
  .regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), { error: 'validation.invalidValue' });

/** An operator's email and password; the sign-in adds the two-factor code. */
export const operatorLoginBody = z.object({
  email: z
    .string({ error: typeError })
    .trim()
    .toLowerCase()
    .min(3, { error: 'validation.required' })
    .max(254, { error: 'validation.tooLong' }),
  password: z.string({ error: typeError }).min(1, { error: 'validation.required' }).max(200, { error: 'validation.tooLong' }),
});

export const operatorSignInBody = operatorLoginBody.extend({
  /** The authenticator's current code; required once the operator has enrolled TOTP. */
  totpCode: totpCodeSchema.optional(),
});

export const operatorProfileSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: operatorRoleSchema,
  permissions: z.array(z.enum(operatorPermissions)),
  isTotpEnabled: z.boolean(),
});

export const operatorRecordSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: operatorRoleSchema,
  isTotpEnabled: z.boolean(),
  createdAtTimestamp: z.number().int(),
});

export const createOperatorBody = z.object({
  email: emailSchema,
  password: z
    .string({ error: typeError })
    .min(OPERATOR_PASSWORD_LENGTH_MIN, { error: 'validation.tooShort' })
    .max(200, { error: 'validation.tooLong' }),
  role: z.enum(operatorRoleSchema.options, { error: 'validation.invalidValue' }),
});

export const totpEnrolmentSchema = z.object({
  /** Base32, for typing into an authenticator by hand. */
  secret: z.string(),
  /** otpauth://totp/… for the QR code. */
  otpauthUri: z.string(),
});

const DAY_MS = 86_400_000;

/**
 * A date as the console's date picker sends it (YYYY-MM-DD, a UTC day) or epoch milliseconds. A day
 * counts from its first millisecond (`from`) or to its last (`to`), so both ends are included.
 */
function auditDateSchema(end: 'start' | 'end') {
  return z
    .string({ error: typeError })
    .regex(/^(\d{4}-\d{2}-\d{2}|\d{1,15})$/, { error: 'validation.invalidValue' })
    .transform((value) => {
      if (!value.includes('-')) return Number(value);
      const start = Date.parse(`${value}T00:00:00Z`);
      return end === 'start' ? start : start + DAY_MS - 1;
    })
    .refine((value) => Number.isFinite(value), { error: 'validation.invalidValue' });
}

const auditText = (lengthMax: number) =>
  z
    .string({ error: typeError })
    .trim()
    .max(lengthMax, { error: 'validation.tooLong' })
    .optional()
    .transform((value) => (value === '' ? undefined : value));

export const auditQuery = z.object({
  operatorId: z
    .string()
    .regex(/^\d{1,15}$/, { error: 'validation.invalidValue' })
    .optional(),
  /** Exact action (`kyc.approve`) or a prefix ending in a dot (`kyc.`). */
  action: auditText(60),
  targetType: auditText(40),
  targetId: auditText(40),
  /** From the start of this day (UTC) … */
  from: auditDateSchema('start').optional(),
  /** … to the end of this day (UTC), both included. */
  to: auditDateSchema('end').optional(),
  ...pageQueryFields,
});

export const auditEntrySchema = z.object({
  id: z.string(),
  operatorId: z.string().nullable(),
  operatorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  ipAddress: z.string().nullable(),
  createdAtTimestamp: z.number().int(),
});

const emptyBody = z.object({}).optional();

export const operatorAccountApi = {
  login: {
    method: 'POST',
    path: '/auth/login',
    permission: 'public',
    body: operatorSignInBody,
    data: z.object({ token: z.string(), operator: operatorProfileSchema }),
  },
  logout: { method: 'POST', path: '/auth/logout', permission: 'account.security', body: emptyBody, data: z.null() },
  me: { method: 'GET', path: '/auth/me', permission: 'account.security', data: operatorProfileSchema },
  startTotp: { method: 'POST', path: '/auth/totp/enrol', permission: 'account.security', body: emptyBody, data: totpEnrolmentSchema },
  confirmTotp: {
    method: 'POST',
    path: '/auth/totp/confirm',
    permission: 'account.security',
    body: z.object({ code: totpCodeSchema }),
    data: operatorProfileSchema,
  },
  disableTotp: {
    method: 'POST',
    path: '/auth/totp/disable',
    permission: 'account.security',
    body: z.object({ code: totpCodeSchema }),
    data: operatorProfileSchema,
  },
} as const;

export const operatorsApi = {
  list: { method: 'GET', path: '/operators', permission: 'operators.manage', data: z.array(operatorRecordSchema) },
  create: { method: 'POST', path: '/operators', permission: 'operators.manage', body: createOperatorBody, data: operatorRecordSchema },
  audit: { method: 'GET', path: '/audit', permission: 'audit.read', query: auditQuery, data: pageOf(auditEntrySchema) },
} as const;
