import { z } from 'zod';
import { kycStateSchema } from './kyc.ts';
import { pageOf, pageQueryFields, pathIdSchema } from './paging.ts';
import { orderSchema, positionSchema } from './trading.ts';
import { tradableSources } from './trading-markets.ts';
import { textSchema, typeError } from './validation.ts';
import { currencies, ledgerReasons, walletSchema, walletTypeSchema } from './wallet.ts';

/**
 * Operator operations on users and instruments (console issue): freezes
 * and the editable trading settings. Each route names the permission its service checks first, so the
 * matrix test can prove every role gets exactly what the list in operator-permissions.ts grants.
 */

/** What an operator can freeze on an account, each independently and with a reason. */
export const restrictionKinds = ['login', 'trading', 'withdrawals'] as const;
export type RestrictionKind = (typeof restrictionKinds)[number];

export const restrictionSchema = z.object({
  kind: z.enum(restrictionKinds),
  reason: z.string(),
  operatorId: z.string().nullable(),
  createdAtTimestamp: z.number().int(),
});

export const operatorUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** From the latest identity verification, when there is one. */
  name: z.string().nullable(),
  kycStatus: z.string(),
  restrictions: z.array(z.enum(restrictionKinds)),
  createdAtTimestamp: z.number().int(),
});

export const userSessionSchema = z.object({
  id: z.string(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAtTimestamp: z.number().int(),
  lastSeenAtTimestamp: z.number().int(),
  expiresAtTimestamp: z.number().int(),
  revokedAtTimestamp: z.number().int().nullable(),
  isLive: z.boolean(),
});

/** A device: the sessions of one user agent, with where and when it was last seen. */
export const userDeviceSchema = z.object({
  userAgent: z.string().nullable(),
  lastIpAddress: z.string().nullable(),
  lastSeenAtTimestamp: z.number().int(),
  sessionCount: z.number().int(),
});

export const operatorUserDetailSchema = z.object({
  user: operatorUserSchema,
  restrictions: z.array(restrictionSchema),
  kyc: kycStateSchema,
  wallets: z.array(walletSchema),
  sessions: z.array(userSessionSchema),
  devices: z.array(userDeviceSchema),
});

export const operatorStatementRowSchema = z.object({
  id: z.string(),
  walletType: walletTypeSchema,
  currency: z.enum(currencies),
  amount: z.string(),
  balanceAfter: z.string(),
  reason: z.enum(ledgerReasons),
  memo: z.string().nullable(),
  createTimeTimestamp: z.number().int(),
});

const userIdParams = z.object({ id: pathIdSchema });

export const userSearchQuery = z.object({
  /** An email (or part of one), a user id, or a name from identity verification. */
  query: z.string({ error: typeError }).trim().max(100, { error: 'validation.tooLong' }).default(''),
  ...pageQueryFields,
});

export const freezeBody = z.object({ kind: z.enum(restrictionKinds, { error: 'validation.invalidValue' }), reason: textSchema(200) });
export const revokeSessionsBody = z.object({ reason: textSchema(200) });

export const operatorUsersApi = {
  search: {
    method: 'GET',
    path: '/users',
    permission: 'users.read',
    query: userSearchQuery,
    data: pageOf(operatorUserSchema),
  },
  detail: { method: 'GET', path: '/users/:id', permission: 'users.read', params: userIdParams, data: operatorUserDetailSchema },
  statement: {
    method: 'GET',
    path: '/users/:id/statement',
    permission: 'users.read',
    params: userIdParams,
    query: z.object({ walletType: walletTypeSchema.optional(), ...pageQueryFields }),
    data: pageOf(operatorStatementRowSchema),
  },
  orders: {
    method: 'GET',
    path: '/users/:id/orders',
    permission: 'users.read',
    params: userIdParams,
    query: z.object(pageQueryFields),
    data: pageOf(orderSchema),
  },
  positions: {
    method: 'GET',
    path: '/users/:id/positions',
    permission: 'users.read',
    params: userIdParams,
    query: z.object({ status: z.enum(['open', 'closed'], { error: 'validation.invalidValue' }).default('open'), ...pageQueryFields }),
    data: pageOf(positionSchema),
  },
  freeze: {
    method: 'POST',
    path: '/users/:id/freeze',
    permission: 'users.freeze',
    params: userIdParams,
    body: freezeBody,
    data: z.object({ restrictions: z.array(restrictionSchema) }),
  },
  unfreeze: {
    method: 'POST',
    path: '/users/:id/unfreeze',
    permission: 'users.freeze',
    params: userIdParams,
    body: freezeBody,
    data: z.object({ restrictions: z.array(restrictionSchema) }),
  },
  revokeSessions: {
    method: 'POST',
    path: '/users/:id/sessions/revoke',
    permission: 'users.sessions',
    params: userIdParams,
    body: revokeSessionsBody,
    data: z.object({ revokedCount: z.number().int() }),
  },
} as const;

/** A rate such as 0.001 (0.1 %): at most 1, at most 8 decimals. */
const rateSchema = z
  .string({ error: typeError })
  .trim()
  .regex(/^(0(\.\d{1,8})?|1(\.0{1,8})?)$/, { error: 'validation.invalidValue' });
/** Money such as a minimum fee: not negative, two decimals at most. */
const moneyValueSchema = z
  .string({ error: typeError })
  .trim()
  .regex(/^\d{1,12}(\.\d{1,2})?$/, { error: 'validation.invalidValue' });
const leverageSchema = z.number({ error: typeError }).int({ error: 'validation.invalidValue' }).min(1).max(1000);
const quantitySchema = z
  .string({ error: typeError })
  .trim()
  .regex(/^\d{1,12}(\.\d{1,8})?$/, { error: 'validation.invalidValue' })
  .refine((value) => Number(value) > 0, { error: 'validation.invalidValue' });

/** The values a trade is checked and charged with; null in an override means "as the level above". */
export const tradingSettingsSchema = z.object({
  feeRate: z.string(),
  feeMinimum: z.string(),
  leverageMin: z.number().int(),
  leverageMax: z.number().int(),
});

export const settingsOverrideSchema = z.object({
  feeRate: z.string().nullable(),
  feeMinimum: z.string().nullable(),
  leverageMin: z.number().int().nullable(),
  leverageMax: z.number().int().nullable(),
  minQuantity: z.string().nullable(),
});

export const operatorInstrumentSchema = z.object({
  code: z.string(),
  name: z.string(),
  market: z.string(),
  source: z.string(),
  currency: z.string(),
  isTradable: z.boolean(),
  isHalted: z.boolean(),
  haltReason: z.string().nullable(),
  /** What the next order is checked and charged with. */
  effective: tradingSettingsSchema.extend({ minQuantity: z.string() }),
  /** What operators set on this instrument (null: from its market or the reference data). */
  override: settingsOverrideSchema,
});

export const marketSettingsSchema = z.object({
  source: z.enum(tradableSources),
  effective: tradingSettingsSchema,
  override: settingsOverrideSchema.omit({ minQuantity: true }),
});

/** A partial edit: an absent field stays as it is, null returns it to the default. */
export const settingsEditBody = z
  .object({
    feeRate: rateSchema.nullable().optional(),
    feeMinimum: moneyValueSchema.nullable().optional(),
    leverageMin: leverageSchema.nullable().optional(),
    leverageMax: leverageSchema.nullable().optional(),
    minQuantity: quantitySchema.nullable().optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), { error: 'validation.required', path: ['feeRate'] });

const instrumentCodeParams = z.object({ code: z.string().trim().toUpperCase().min(1).max(20) });

export const operatorInstrumentsApi = {
  search: {
    method: 'GET',
    path: '/instruments',
    permission: 'instruments.read',
    query: z.object({
      query: z.string({ error: typeError }).trim().max(50, { error: 'validation.tooLong' }).default(''),
      isHalted: z.enum(['true', 'false']).optional(),
      ...pageQueryFields,
    }),
    data: pageOf(operatorInstrumentSchema),
  },
  markets: { method: 'GET', path: '/markets/settings', permission: 'instruments.read', data: z.array(marketSettingsSchema) },
  halt: {
    method: 'POST',
    path: '/instruments/:code/halt',
    permission: 'instruments.edit',
    params: instrumentCodeParams,
    body: z.object({ reason: textSchema(200) }),
    data: operatorInstrumentSchema,
  },
  resume: {
    method: 'POST',
    path: '/instruments/:code/resume',
    permission: 'instruments.edit',
    params: instrumentCodeParams,
    data: operatorInstrumentSchema,
  },
  editInstrument: {
    method: 'POST',
    path: '/instruments/:code/settings',
    permission: 'instruments.edit',
    params: instrumentCodeParams,
    body: settingsEditBody,
    data: operatorInstrumentSchema,
  },
  editMarket: {
    method: 'POST',
    path: '/markets/:source/settings',
    permission: 'instruments.edit',
    params: z.object({ source: z.enum(tradableSources, { error: 'validation.invalidValue' }) }),
    body: settingsEditBody,
    data: marketSettingsSchema,
  },
} as const;

/**
 * What an operator starts the day with (issue 15 §12): the review queues with their oldest waiting request,
 * new users, deposits and withdrawals since midnight UTC, and the last reconciliation. A section the
 * operator's role may not read is null.
 */
export const dashboardQueues = ['kyc', 'deposits', 'withdrawals', 'adjustments', 'blockApplications', 'referrals'] as const;
const moneyByCurrency = z.array(z.object({ currency: z.string(), count: z.number().int(), amount: z.string() }));
export const operatorDashboardSchema = z.object({
  dayStartTimestamp: z.number().int(),
  queues: z.array(z.object({ queue: z.enum(dashboardQueues), pending: z.number().int(), oldestTimestamp: z.number().int().nullable() })),
  newUsers: z.number().int().nullable(),
  deposits: z.object({ requested: z.number().int(), credited: moneyByCurrency }).nullable(),
  withdrawals: z.object({ requested: z.number().int(), paid: moneyByCurrency }).nullable(),
  reconciliation: z.object({ checkedAtTimestamp: z.number().int(), isBalanced: z.boolean() }).nullable(),
});
export type OperatorDashboard = z.infer<typeof operatorDashboardSchema>;

export const operatorDashboardApi = {
  summary: { method: 'GET', path: '/dashboard', permission: 'account.security', data: operatorDashboardSchema },
} as const;
