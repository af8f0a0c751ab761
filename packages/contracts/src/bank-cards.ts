import { z } from 'zod';
import { bankAccountKindOf, bankAccountKinds, compactAccount, isValidAbaRouting } from './bank-accounts.ts';
import { recordIdSchema } from './paging.ts';
import { optionalTextSchema, otpCodeSchema, textSchema, typeError } from './validation.ts';

/**
 * Where withdrawals go (spec §7): the user's bank cards and crypto addresses. The account number
 * checks themselves (no zod, shared with the apps' forms) are in bank-accounts.ts.
 */

export const bankCardSchema = z.object({
  id: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  /** Only the last four digits leave the server. */
  cardNumberMasked: z.string(),
  accountKind: z.enum(bankAccountKinds).nullable(),
  /** A US account's ABA routing number (public, printed on cheques); null for other kinds. */
  routingNumber: z.string().nullable(),
  createTimeTimestamp: z.number().int(),
});

const cardFields = {
  bankName: textSchema(50),
  accountName: textSchema(50),
  cardNumber: z
    .string({ error: typeError })
    .trim()
    .transform(compactAccount)
    .pipe(z.string().min(1, { error: 'validation.cardNumber' }).max(34, { error: 'validation.cardNumber' })),
  /** Only for a US account: its 9-digit ABA routing number, checked by its own digit. */
  routingNumber: z
    .string({ error: typeError })
    .trim()
    .transform(compactAccount)
    .pipe(z.string().refine((value) => value === '' || isValidAbaRouting(value), { error: 'validation.routingNumber' }))
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
};

/**
 * A card (Luhn, 12-19 digits), an Argentine CBU or CVU (22 digits), an alias, an IBAN, or a US account number
 * beside its routing number: each by its own check digits (issue 15 §5).
 */
const isKnownAccount = (value: { cardNumber: string; routingNumber?: string | undefined }) =>
  value.routingNumber !== undefined && !isValidAbaRouting(value.routingNumber)
    ? true // the routing number's own message says what is wrong
    : bankAccountKindOf(value.cardNumber, value.routingNumber) !== undefined;
const accountCheck = { error: 'validation.cardNumber', path: ['cardNumber'] };

/** Where money may go: with two-factor on, adding or changing it asks for the code. */
const secondFactor = { otpCode: otpCodeSchema.optional() };
export const addCardBody = z.object({ ...cardFields, ...secondFactor }).refine(isKnownAccount, accountCheck);
export const updateCardBody = z.object({ id: recordIdSchema, ...cardFields, ...secondFactor }).refine(isKnownAccount, accountCheck);
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
    otpCode: otpCodeSchema.optional(),
  })
  .refine((value) => (value.network === 'TRC20' ? /^T[1-9A-HJ-NP-Za-km-z]{33}$/ : /^0x[0-9a-fA-F]{40}$/).test(value.address), {
    error: 'validation.walletAddress',
    path: ['address'],
  });

export const bankCardApi = {
  cards: { method: 'POST', path: '/UserAccount/SelectCardNo', body: undefined, data: z.array(bankCardSchema) },
  addCard: { method: 'POST', path: '/UserAccount/addCardNo', body: addCardBody, data: bankCardSchema },
  updateCard: { method: 'POST', path: '/UserAccount/UpdateCardNo', body: updateCardBody, data: bankCardSchema },
  deleteCard: { method: 'POST', path: '/UserAccount/delete-card', body: deleteByIdBody, data: z.null() },
  addresses: { method: 'POST', path: '/UserAccount/selectWalletAddress', body: undefined, data: z.array(withdrawalAddressSchema) },
  saveAddress: { method: 'POST', path: '/UserAccount/saveWalletAddress', body: saveAddressBody, data: withdrawalAddressSchema },
  deleteAddress: { method: 'POST', path: '/UserAccount/deleteWalletAddress', body: deleteByIdBody, data: z.null() },
} as const;
