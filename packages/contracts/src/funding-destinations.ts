import { z } from 'zod';
import { optionalTextSchema, textSchema, typeError } from './validation.ts';

/**
 * Where money goes and where it comes from (issue 15 §3, §4): the wallet a deposit is for, the
 * platform's receiving bank accounts a bank transfer is sent to, the reference that ties a transfer
 * to its deposit.
 */

/** The wallets a bank deposit may be for: US stocks, Argentine stocks, Taiwan, futures, forex, the general balance. */
export const depositWalletTypes = ['STOCK', 'AR', 'TW', 'FUTURE', 'FOREX', 'BALANCE'] as const;
export type DepositWalletType = (typeof depositWalletTypes)[number];

/** A deposit's reference: "BD", the user's id in base 36, a dash, eight random characters. */
export const depositReferencePattern = /^BD[0-9A-Z]{1,10}-[0-9A-Z]{8}$/;
export const depositReferenceSchema = z
  .string({ error: typeError })
  .trim()
  .toUpperCase()
  .regex(depositReferencePattern, { error: 'validation.invalidValue' });

/** The currencies operators receive bank transfers in. */
export const receivingCurrencies = ['USD', 'ARS', 'TWD'] as const;

export const receivingAccountSchema = z.object({
  id: z.string(),
  currency: z.enum(receivingCurrencies),
  beneficiary: z.string(),
  bankName: z.string(),
  accountNumber: z.string().nullable(),
  cbu: z.string().nullable(),
  alias: z.string().nullable(),
  iban: z.string().nullable(),
  swift: z.string().nullable(),
  /** A demo account: money sent there goes nowhere. */
  isDemo: z.boolean(),
  isActive: z.boolean(),
});
export type ReceivingAccount = z.infer<typeof receivingAccountSchema>;

const optionalField = (lengthMax: number) => optionalTextSchema(lengthMax).transform((value) => (value === '' ? undefined : value));

export const receivingAccountBody = z
  .object({
    currency: z.enum(receivingCurrencies, { error: 'validation.invalidValue' }),
    beneficiary: textSchema(120),
    bankName: textSchema(120),
    accountNumber: optionalField(40),
    cbu: optionalField(22),
    alias: optionalField(40),
    iban: optionalField(40),
    swift: optionalField(11),
    isActive: z.boolean({ error: typeError }).default(true),
  })
  .refine((value) => [value.accountNumber, value.cbu, value.alias, value.iban].some((field) => field !== undefined), {
    error: 'validation.required',
    path: ['accountNumber'],
  });

const receivingAccountParams = z.object({ id: z.coerce.number({ error: typeError }).int().positive({ error: 'validation.invalidValue' }) });

/** Operators keep the receiving accounts (permission `funding.receivingAccounts`, every change audited). */
export const operatorReceivingAccountsApi = {
  list: {
    method: 'GET',
    path: '/receiving-accounts',
    permission: 'funding.receivingAccounts',
    data: z.array(receivingAccountSchema),
  },
  create: {
    method: 'POST',
    path: '/receiving-accounts',
    permission: 'funding.receivingAccounts',
    body: receivingAccountBody,
    data: receivingAccountSchema,
  },
  update: {
    method: 'POST',
    path: '/receiving-accounts/:id',
    permission: 'funding.receivingAccounts',
    params: receivingAccountParams,
    body: receivingAccountBody,
    data: receivingAccountSchema,
  },
} as const;
