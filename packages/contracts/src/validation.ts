import { z } from 'zod';
import {
  AMOUNT_DECIMALS_MAX,
  EMAIL_CODE_LENGTH,
  EMAIL_LENGTH_MAX,
  INPUT_LENGTH_MAX_DEFAULT,
  PASSWORD_LENGTH_MAX,
  PASSWORD_LENGTH_MIN,
  PAY_PASSWORD_LENGTH,
} from './constants.ts';

/**
 * The validation rules of spec §5, written once and used by the app's forms and by the server.
 * Every message is a key under `validation.` in ./locales; both sides translate it.
 */
export const validationKeys = [
  'required',
  'invalidType',
  'tooLong',
  'tooShort',
  'email',
  'passwordLength',
  'passwordsMismatch',
  'payPasswordFormat',
  'emailCode',
  'amount',
  'amountDecimals',
  'invalidValue',
  'sameWallet',
  'txHash',
  'branchNumber',
  'accountNumber',
  'cardNumber',
  'walletAddress',
  'uploadImage',
  'documentNumber',
  'chooseCountry',
  'controlCharacter',
] as const;
export type ValidationKey = (typeof validationKeys)[number];

const key = (name: ValidationKey) => `validation.${name}`;

/** A missing value reads "required"; a value of another type reads "wrong type". */
export const typeError = (issue: { input?: unknown }) => (issue.input === undefined ? key('required') : key('invalidType'));

/** Text `@` text, as the spec says; trimmed and lower-cased so one address is one account. */
export const emailSchema = z
  .string({ error: typeError })
  .trim()
  .min(1, { error: key('required') })
  .max(EMAIL_LENGTH_MAX, { error: key('tooLong') })
  .regex(/^[^\s@]+@[^\s@]+$/, { error: key('email') })
  .transform((value) => value.toLowerCase());

export const passwordSchema = z
  .string({ error: typeError })
  .min(1, { error: key('required') })
  .min(PASSWORD_LENGTH_MIN, { error: key('passwordLength') })
  .max(PASSWORD_LENGTH_MAX, { error: key('passwordLength') });

export const payPasswordSchema = z
  .string({ error: typeError })
  .min(1, { error: key('required') })
  .regex(new RegExp(`^\\d{${PAY_PASSWORD_LENGTH}}$`), { error: key('payPasswordFormat') });

/**
 * The second factor where an action asks for it (issue 25 §1): the 6 digits of the authenticator app or one
 * of the ten recovery codes (`abcde-fghij`), spaces and case forgiven. Optional in each body: required
 * by the server only when the user has two-factor on.
 */
export const otpCodeSchema = z
  .string({ error: typeError })
  .transform((value) => value.replace(/\s+/g, '').toLowerCase())
  .pipe(z.string().regex(/^(\d{6}|[a-z2-7]{5}-?[a-z2-7]{5})$/, { error: key('invalidValue') }));

export const emailCodeSchema = z
  .string({ error: typeError })
  .trim()
  .min(1, { error: key('required') })
  .regex(new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`), { error: key('emailCode') });

/** Text without a null byte, which no database text column can hold (the server refuses it in any field too). */
export const hasNoNullByte = (value: string) => !value.includes('\u0000');

/** A free-text field with the spec's default maximum of 140 characters. */
export function textSchema(lengthMax = INPUT_LENGTH_MAX_DEFAULT) {
  return z
    .string({ error: typeError })
    .trim()
    .min(1, { error: key('required') })
    .max(lengthMax, { error: key('tooLong') })
    .refine(hasNoNullByte, { error: key('controlCharacter') });
}

/** An optional text field: an empty string counts as absent. */
export function optionalTextSchema(lengthMax = INPUT_LENGTH_MAX_DEFAULT) {
  return z
    .string({ error: typeError })
    .trim()
    .max(lengthMax, { error: key('tooLong') })
    .refine(hasNoNullByte, { error: key('controlCharacter') })
    .optional()
    .transform((value) => (value === '' ? undefined : value));
}

/** Money as a decimal string: above 0, at most two decimals. Never a float. */
export const amountSchema = z
  .union([z.string(), z.number()], { error: key('amount') })
  .transform((value) => String(value).trim())
  .refine((value) => /^\d+(\.\d+)?$/.test(value) && Number(value) > 0, { error: key('amount') })
  .refine((value) => (value.split('.')[1]?.length ?? 0) <= AMOUNT_DECIMALS_MAX, { error: key('amountDecimals') });

/** Adds the spec's "The two passwords do not match" rule to a form with a password and its repetition. */
export function withMatchingPasswords<Shape extends z.ZodRawShape, First extends keyof Shape & string, Second extends keyof Shape & string>(
  shape: z.ZodObject<Shape>,
  first: First,
  second: Second,
) {
  return shape.refine((value) => (value as Record<string, unknown>)[first] === (value as Record<string, unknown>)[second], {
    error: key('passwordsMismatch'),
    path: [second],
  });
}

/** A positive decimal of at most 8 decimals (a quantity or a price), as text or a number; answered as text. */
export const positiveDecimalSchema = z
  .union([z.string(), z.number()], { error: typeError })
  .transform((value) => String(value).trim())
  .refine((value) => value.length <= 30 && /^\d+(\.\d{1,8})?$/.test(value) && Number(value) > 0, { error: 'validation.invalidValue' });
