import { z } from 'zod';
import { accountAssetsSchema } from './assets.ts';
import { bankAccountKindOf, compactAccount } from './bank-accounts.ts';
import { pageBodyFields, pageOf, recordIdSchema } from './paging.ts';
import { reviewApi } from './review.ts';
import { statementFilterFields, statementLineFields } from './statement.ts';
import { amountSchema, optionalTextSchema, payPasswordSchema, textSchema, typeError } from './validation.ts';

/** Wallet types of spec §4; each is one ledger account per user, in its own currency. */
export const walletTypes = ['BALANCE', 'FOLLOW', 'FUTURE', 'STOCK', 'SUBSCRIPTION', 'FOREX', 'TW', 'AR', 'US_WALLET'] as const;
export type WalletType = (typeof walletTypes)[number];

export const currencies = ['USD', 'TWD', 'ARS'] as const;
export type Currency = (typeof currencies)[number];

export function currencyOfWallet(walletType: WalletType): Currency {
  if (walletType === 'TW') return 'TWD';
  if (walletType === 'AR') return 'ARS';
  return 'USD';
}

/** Why money moved: the closed list every ledger transaction carries. */
export const ledgerReasons = [
  'deposit',
  'withdrawal_hold',
  'withdrawal_paid',
  'withdrawal_released',
  'transfer',
  'fx_conversion',
  'fee',
  'trade_margin',
  'realised_pnl',
  'interest',
  'adjustment',
] as const;
export type LedgerReason = (typeof ledgerReasons)[number];

/** Review status of spec §4: 1 pending review, 2 review failed, 3 review passed. */
export const reviewStatus = { pending: 1, failed: 2, passed: 3 } as const;

/** Money on the wire: a decimal string, never a float. */
const money = z.string();

export const walletTypeSchema = z.enum(walletTypes, { error: 'validation.invalidValue' });
export const idempotencyKeySchema = z
  .string({ error: typeError })
  .trim()
  .min(8, { error: 'validation.tooShort' })
  .max(100, { error: 'validation.tooLong' })
  .regex(/^[A-Za-z0-9_:.-]+$/, { error: 'validation.invalidValue' });

export const walletSchema = z.object({
  walletType: walletTypeSchema,
  currency: z.enum(currencies),
  balance: money,
  /** What is held (pending withdrawals, order margin): spec's usedBalance. */
  usedBalance: money,
  availableBalance: money,
});
export type Wallet = z.infer<typeof walletSchema>;

export const walletOverviewSchema = z.object({
  wallets: z.array(walletSchema),
  /** Every wallet converted to USD at the current rates. */
  totalUsd: money,
  ratesUsd: z.record(z.string(), z.string()),
  /** Cash plus open positions, per wallet and in total (issue 15 §1). */
  assets: accountAssetsSchema,
});

export const walletBillSchema = z.object({
  id: z.string(),
  walletType: walletTypeSchema,
  currency: z.enum(currencies),
  amount: money,
  balanceAfter: money,
  reason: z.enum(ledgerReasons),
  memo: z.string().nullable(),
  createTimeTimestamp: z.number().int(),
  /** createTime formatted in the caller's time zone as DD-MM-YYYY HH:mm:ss. */
  createTime: z.string(),
  /** What the line says, in words the app translates (issue 15 §6). */
  ...statementLineFields,
});

export const timeZoneSchema = z
  .string({ error: typeError })
  .max(64, { error: 'validation.tooLong' })
  .refine(
    (value) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: value });
        return true;
      } catch {
        return false;
      }
    },
    { error: 'validation.invalidValue' },
  )
  .default('UTC');

export const transferQuoteSchema = z.object({
  quoteId: z.string(),
  fromWalletType: walletTypeSchema,
  toWalletType: walletTypeSchema,
  fromAmount: money,
  toAmount: money,
  /** Units of the target currency per unit of the source currency. */
  rate: z.string(),
  expiresAtTimestamp: z.number().int(),
});

export const transferResultSchema = z.object({
  transferId: z.string(),
  status: z.enum(['completed', 'pending', 'cancelled']),
  fromWalletType: walletTypeSchema,
  toWalletType: walletTypeSchema,
  fromAmount: money,
  toAmount: money.nullable(),
  rate: z.string().nullable(),
});

export const transferBody = z
  .object({
    fromWalletType: walletTypeSchema,
    toWalletType: walletTypeSchema,
    amount: amountSchema,
    /** Required across currencies: the quote the user saw, honoured for 30 s. */
    quoteId: z.string().max(100).optional(),
    idempotencyKey: idempotencyKeySchema,
  })
  .refine((value) => value.fromWalletType !== value.toWalletType, { error: 'validation.sameWallet', path: ['toWalletType'] });

export const depositNetworkSchema = z.object({
  network: z.string(),
  currency: z.string(),
  address: z.string(),
  confirmationsRequired: z.number().int(),
  depositMinimum: money,
});

export const depositMethodsSchema = z.object({
  fiat: z.object({ currencies: z.array(z.object({ currency: z.enum(currencies), walletType: walletTypeSchema })), depositMinimum: money }),
  crypto: z.array(depositNetworkSchema),
});

export const depositStatuses = ['pending', 'confirming', 'credited', 'rejected', 'below_minimum'] as const;

export const depositSchema = z.object({
  id: z.string(),
  method: z.enum(['fiat', 'crypto']),
  walletType: walletTypeSchema,
  currency: z.enum(currencies),
  amount: money,
  status: z.enum(depositStatuses),
  /** Spec's review status: 1 pending, 2 failed, 3 passed. */
  reviewStatus: z.number().int(),
  reason: z.string().nullable(),
  network: z.string().nullable(),
  txHash: z.string().nullable(),
  confirmations: z.number().int().nullable(),
  screenshotUrl: z.string().nullable(),
  createTimeTimestamp: z.number().int(),
  updateTimeTimestamp: z.number().int(),
});

export const depositCreateBody = z.discriminatedUnion(
  'method',
  [
    z.object({
      method: z.literal('fiat'),
      walletType: z.enum(['BALANCE', 'TW', 'AR'], { error: 'validation.invalidValue' }).default('BALANCE'),
      amount: amountSchema,
      screenshotUrl: textSchema(300),
    }),
    z.object({
      method: z.literal('crypto'),
      network: textSchema(20),
      amount: amountSchema,
      txHash: z
        .string({ error: typeError })
        .trim()
        .regex(/^(0x)?[0-9a-fA-F]{16,128}$/, { error: 'validation.txHash' }),
    }),
  ],
  { error: 'validation.invalidValue' },
);

export const withdrawalStatuses = ['pending', 'paid', 'rejected'] as const;

export const withdrawalSchema = z.object({
  id: z.string(),
  method: z.enum(['bank', 'crypto', 'yen_bank']),
  amount: money,
  currency: z.enum(currencies),
  status: z.enum(withdrawalStatuses),
  reviewStatus: z.number().int(),
  reason: z.string().nullable(),
  destination: z.string(),
  timeline: z.array(z.object({ step: z.enum(['requested', 'paid', 'rejected']), timeTimestamp: z.number().int() })),
  createTimeTimestamp: z.number().int(),
});

export const withdrawalApplyBody = z.discriminatedUnion(
  'method',
  [
    z.object({
      method: z.literal('bank'),
      cardId: recordIdSchema,
      amount: amountSchema,
      payPassword: payPasswordSchema,
      idempotencyKey: idempotencyKeySchema,
    }),
    z.object({
      method: z.literal('crypto'),
      addressId: recordIdSchema,
      amount: amountSchema,
      payPassword: payPasswordSchema,
      idempotencyKey: idempotencyKeySchema,
    }),
  ],
  { error: 'validation.invalidValue' },
);

export const otherWithdrawalApplyBody = z.object({
  institutionName: textSchema(50),
  branchNumber: z
    .string({ error: typeError })
    .trim()
    .regex(/^\d{3}$/, { error: 'validation.branchNumber' }),
  branchName: textSchema(50),
  accountNumber: z
    .string({ error: typeError })
    .trim()
    .regex(/^\d{6,8}$/, { error: 'validation.accountNumber' }),
  recipientName: textSchema(50),
  amount: amountSchema,
  /** The spec's "withdrawal password" is the pay password. */
  payPassword: payPasswordSchema,
  idempotencyKey: idempotencyKeySchema,
});

export const bankCardSchema = z.object({
  id: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  /** Only the last four digits leave the server. */
  cardNumberMasked: z.string(),
  createTimeTimestamp: z.number().int(),
});

const cardFields = {
  bankName: textSchema(50),
  accountName: textSchema(50),
  cardNumber: z
    .string({ error: typeError })
    .trim()
    .transform(compactAccount)
    // A card (Luhn, 12-19 digits), an Argentine CBU or CVU (22 digits), an alias or an IBAN, by its check digits (issue 15 §5).
    .pipe(
      z
        .string()
        .max(34, { error: 'validation.cardNumber' })
        .refine((value) => bankAccountKindOf(value) !== undefined, { error: 'validation.cardNumber' }),
    ),
};

export const addCardBody = z.object(cardFields);
export const updateCardBody = z.object({ id: recordIdSchema, ...cardFields });
export const deleteByIdBody = z.object({ id: recordIdSchema });

export const cryptoNetworks = ['TRC20', 'ERC20'] as const;

export const withdrawalAddressSchema = z.object({
  id: z.string(),
  network: z.enum(cryptoNetworks),
  address: z.string(),
  label: z.string().nullable(),
  createTimeTimestamp: z.number().int(),
});

export const saveAddressBody = z
  .object({
    id: recordIdSchema.optional(),
    network: z.enum(cryptoNetworks, { error: 'validation.invalidValue' }),
    address: z.string({ error: typeError }).trim().min(1, { error: 'validation.required' }).max(100, { error: 'validation.tooLong' }),
    label: optionalTextSchema(50),
  })
  .refine((value) => (value.network === 'TRC20' ? /^T[1-9A-HJ-NP-Za-km-z]{33}$/ : /^0x[0-9a-fA-F]{40}$/).test(value.address), {
    error: 'validation.walletAddress',
    path: ['address'],
  });

export const uploadResultSchema = z.object({ url: z.string() });

export const fundingOverviewSchema = z.object({
  /** Today's date (YYYY-MM-DD) in the caller's time zone. */
  thisDate: z.string(),
  /** Realised profit today in USD, from the ledger. */
  todayProfit: money,
  totalUsd: money,
  /** Cash plus open positions, and today's P&L with the floating part (issue 15 §1). */
  assets: accountAssetsSchema,
});

const emptyBody = undefined;

export const walletApi = {
  walletBalance: { method: 'POST', path: '/wallet/getWalletBalance', body: z.object({ walletType: walletTypeSchema }), data: walletSchema },
  allWallets: { method: 'POST', path: '/userCenter/getWalletBalance', body: emptyBody, data: walletOverviewSchema },
  fundingOverview: {
    method: 'POST',
    path: '/userCenter/getFundingOverview',
    body: z.object({ classify: z.string().max(20).optional(), timeZone: timeZoneSchema }).optional(),
    data: fundingOverviewSchema,
  },
  walletBill: {
    method: 'POST',
    path: '/wallet/getWalletBill',
    body: z.object({ walletType: walletTypeSchema.optional(), timeZone: timeZoneSchema, ...statementFilterFields, ...pageBodyFields }),
    data: pageOf(walletBillSchema),
  },
  transferQuote: {
    method: 'POST',
    path: '/wallet/transferQuote',
    body: z
      .object({ fromWalletType: walletTypeSchema, toWalletType: walletTypeSchema, amount: amountSchema })
      .refine((value) => value.fromWalletType !== value.toWalletType, { error: 'validation.sameWallet', path: ['toWalletType'] }),
    data: transferQuoteSchema,
  },
  transfer: { method: 'POST', path: '/wallet/transfer', body: transferBody, data: transferResultSchema },
  cancelTransfer: {
    method: 'POST',
    path: '/wallet/cancelTransfer',
    body: z.object({ transferId: recordIdSchema }),
    data: transferResultSchema,
  },
} as const;

export const fundingApi = {
  depositMethods: { method: 'POST', path: '/recharge/currency/selectList', body: emptyBody, data: depositMethodsSchema },
  createDeposit: { method: 'POST', path: '/recharge/create', body: depositCreateBody, data: depositSchema },
  deposits: { method: 'POST', path: '/recharge/listPage', body: z.object(pageBodyFields).optional(), data: pageOf(depositSchema) },
  usableWithdrawal: {
    method: 'GET',
    path: '/withdrawal/getUsableWithdrawalAmount',
    body: undefined,
    data: z.object({ walletType: walletTypeSchema, currency: z.enum(currencies), amount: money }),
  },
  withdraw: { method: 'POST', path: '/withdrawal/withdrawal-apply', body: withdrawalApplyBody, data: withdrawalSchema },
  withdrawOther: { method: 'POST', path: '/withdrawal/other-withdrawal-apply', body: otherWithdrawalApplyBody, data: withdrawalSchema },
  withdrawals: { method: 'POST', path: '/withdrawal/listPage', body: z.object(pageBodyFields).optional(), data: pageOf(withdrawalSchema) },
  cards: { method: 'POST', path: '/UserAccount/SelectCardNo', body: emptyBody, data: z.array(bankCardSchema) },
  addCard: { method: 'POST', path: '/UserAccount/addCardNo', body: addCardBody, data: bankCardSchema },
  updateCard: { method: 'POST', path: '/UserAccount/UpdateCardNo', body: updateCardBody, data: bankCardSchema },
  deleteCard: { method: 'POST', path: '/UserAccount/delete-card', body: deleteByIdBody, data: z.null() },
  addresses: { method: 'POST', path: '/UserAccount/selectWalletAddress', body: emptyBody, data: z.array(withdrawalAddressSchema) },
  saveAddress: { method: 'POST', path: '/UserAccount/saveWalletAddress', body: saveAddressBody, data: withdrawalAddressSchema },
  deleteAddress: { method: 'POST', path: '/UserAccount/deleteWalletAddress', body: deleteByIdBody, data: z.null() },
} as const;

/** The upload call is multipart (field `file`), so it has no JSON body schema. */
export const uploadApi = { path: '/file/upload', data: uploadResultSchema } as const;

/** Operator API under /admin/api: reviews of deposits and withdrawals (the console arrives with its issue). */
export const operatorLoginBody = z.object({
  email: z
    .string({ error: typeError })
    .trim()
    .toLowerCase()
    .min(3, { error: 'validation.required' })
    .max(254, { error: 'validation.tooLong' }),
  password: z.string({ error: typeError }).min(1, { error: 'validation.required' }).max(200, { error: 'validation.tooLong' }),
});
export { rejectBody, reviewIdParams, reviewQuery } from './review.ts';

export const operatorDepositSchema = depositSchema.extend({ userId: z.string(), userEmail: z.string() });
export const operatorWithdrawalSchema = withdrawalSchema.extend({ userId: z.string(), userEmail: z.string() });

/** The currency reconciliation gives an unbalanced journal's entries whose account does not exist (ADR 0012). */
export const MISSING_ACCOUNT_CURRENCY = '???';

export const reconciliationReportSchema = z.object({
  checkedAtTimestamp: z.number().int(),
  accountsChecked: z.number().int(),
  entriesChecked: z.number().int(),
  isBalanced: z.boolean(),
  balanceMismatches: z.array(z.object({ accountId: z.number(), stored: z.string(), entries: z.string() })),
  heldMismatches: z.array(z.object({ accountId: z.number(), stored: z.string(), holds: z.string() })),
  currencyTotals: z.array(z.object({ currency: z.string(), total: z.string() })),
  unbalancedJournals: z.array(z.object({ journalId: z.number(), currency: z.string(), total: z.string() })),
  negativeAvailable: z.array(z.object({ accountId: z.number(), balance: z.string(), held: z.string() })),
});

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

export const outboxEntrySchema = z.object({
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  sentAtTimestamp: z.number().int(),
});

/** The operator's sign-in (with two-factor) is `operatorAccountApi.login` in operators.ts. */
/** The deposit and withdrawal reviews' route contracts (ADR 0015), also spread into `operatorApi` under their old names. */
export const depositReview = reviewApi({
  path: '/deposits',
  permission: 'reviews.deposits',
  item: operatorDepositSchema,
  decided: depositSchema,
});
export const withdrawalReview = reviewApi({
  path: '/withdrawals',
  permission: 'reviews.withdrawals',
  item: operatorWithdrawalSchema,
  decided: withdrawalSchema,
});

export const operatorApi = {
  deposits: depositReview.queue,
  approveDeposit: depositReview.approve,
  rejectDeposit: depositReview.reject,
  withdrawals: withdrawalReview.queue,
  reconciliation: { method: 'GET', path: '/ledger/reconciliation', permission: 'ledger.reconcile', data: reconciliationReportSchema },
  reconciliationRuns: {
    method: 'GET',
    path: '/ledger/reconciliation/runs',
    permission: 'ledger.reconcile',
    data: z.array(reconciliationReportSchema),
  },
  publishAppVersion: {
    method: 'POST',
    path: '/app-versions',
    permission: 'content.edit',
    body: publishAppVersionBody,
    data: z.object({
      version: z.string(),
      notes: z.string().nullable(),
      downloadUrl: z.string().nullable(),
      publishedAtTimestamp: z.number().int().nullable(),
    }),
  },
  /** The mails the server would have sent, when no SMTP server is configured (empty otherwise). */
  outbox: { method: 'GET', path: '/outbox', permission: 'outbox.read', data: z.array(outboxEntrySchema) },
  approveWithdrawal: withdrawalReview.approve,
  rejectWithdrawal: withdrawalReview.reject,
} as const;
