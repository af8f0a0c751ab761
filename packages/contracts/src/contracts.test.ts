import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { registerBody } from './account.ts';
import { locales, resolveRequestLocale, toWireLanguage } from './locales.ts';
import { messageCatalog } from './messages.ts';
import { pathIdSchema } from './paging.ts';
import { resultCodes } from './result-codes.ts';
import { amountSchema, emailSchema, passwordSchema, payPasswordSchema, validationKeys } from './validation.ts';

function keysOf(node: unknown, prefix = ''): string[] {
  if (node === null || typeof node !== 'object') return [prefix];
  return Object.entries(node).flatMap(([key, value]) => keysOf(value, prefix ? `${prefix}.${key}` : key));
}

const localeDirectory = new URL('./locales/', import.meta.url);
const serverDirectory = new URL('./locales/server/', import.meta.url);
const read = (directory: URL, file: string) => JSON.parse(readFileSync(new URL(file, directory), 'utf8'));
/** Each locale's whole catalog as the server reads it: what the apps load too, and what only the server renders. */
const catalogs: Record<string, unknown> & Pick<typeof messageCatalog, 'en'> = messageCatalog;

it("keeps each result message in one place: the apps' catalogue or the server's, never both", () => {
  for (const file of readdirSync(localeDirectory).filter((name) => name.endsWith('.json'))) {
    const appErrors = Object.keys(read(localeDirectory, file).errors);
    const serverErrors = new Set(Object.keys(read(serverDirectory, file).errors));
    expect(appErrors.filter((name) => serverErrors.has(name))).toEqual([]);
  }
});

describe('the shared message catalog', () => {
  it('has a file for each of the eight locales', () => {
    expect(Object.keys(catalogs).sort()).toEqual([...locales].sort());
  });

  it.each(locales.filter((locale) => locale !== 'en'))('%s has exactly the keys of English, none empty', (locale) => {
    const english = keysOf(catalogs.en).sort();
    expect(keysOf(catalogs[locale]).sort()).toEqual(english);
    for (const key of english) {
      const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalogs[locale]);
      expect(value, `${locale}: ${key}`).toMatch(/\S/);
    }
  });

  it('translates every result code and every validation rule', () => {
    for (const name of Object.keys(resultCodes)) expect(catalogs.en.errors).toHaveProperty(name);
    for (const key of validationKeys) expect(catalogs.en.validation).toHaveProperty(key);
  });

  it('gives every result code a distinct number', () => {
    const codes = Object.values(resultCodes).map((entry) => entry.code);
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describe('the language of a request', () => {
  it.each([
    ['ar', undefined, 'es'],
    [undefined, 'es-AR,es;q=0.9', 'es'],
    [undefined, 'fr;q=0.9, ja;q=0.8', 'ja'],
    [undefined, 'zh-Hant-TW', 'zh-TW'],
    [undefined, 'zh', 'zh-CN'],
    ['zh-TW', 'en', 'zh-TW'],
    ['klingon', 'tlh', 'en'],
    [undefined, undefined, 'en'],
    [undefined, 'de;q=0, hi', 'hi'],
  ])('languages=%s accept-language=%s → %s', (languages, acceptLanguage, expected) => {
    expect(resolveRequestLocale(languages, acceptLanguage)).toBe(expected);
  });

  it('sends Spanish as "ar" and every other locale as itself', () => {
    expect(toWireLanguage('es')).toBe('ar');
    expect(toWireLanguage('zh-CN')).toBe('zh-CN');
  });
});

describe('validation rules of spec §5', () => {
  it('reads a path id of digits only: no spaces, signs, exponents or hexadecimal', () => {
    expect(pathIdSchema.parse('42')).toBe(42);
    for (const bad of [' 1', '1 ', '+1', '1e3', '0x10', '1.0', '0', '', '99999999999999999']) {
      expect(pathIdSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });

  it('accepts an amount above 0 with at most 2 decimals, as a decimal string', () => {
    expect(amountSchema.parse('10.25')).toBe('10.25');
    expect(amountSchema.parse(7)).toBe('7');
    for (const bad of ['0', '-1', '1.234', 'abc', '', '1e3', ' ']) expect(amountSchema.safeParse(bad).success, bad).toBe(false);
  });

  it('takes email as text@text, lower-cased', () => {
    expect(emailSchema.parse(' Ana@Example.COM ')).toBe('ana@example.com');
    expect(emailSchema.safeParse('no-at-sign').success).toBe(false);
    expect(emailSchema.safeParse('a@').success).toBe(false);
  });

  it('takes passwords of 6 to 20 characters and pay passwords of exactly 6 digits', () => {
    expect(passwordSchema.safeParse('12345').success).toBe(false);
    expect(passwordSchema.safeParse('123456').success).toBe(true);
    expect(passwordSchema.safeParse('x'.repeat(20)).success).toBe(true);
    expect(passwordSchema.safeParse('x'.repeat(21)).success).toBe(false);
    expect(payPasswordSchema.safeParse('123456').success).toBe(true);
    expect(payPasswordSchema.safeParse('12345a').success).toBe(false);
    expect(payPasswordSchema.safeParse('1234567').success).toBe(false);
  });

  it('says "the two passwords do not match" on the repeated field', () => {
    const result = registerBody.safeParse({ email: 'a@b', password: 'secret1', confirmPassword: 'secret2', code: '123456' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['confirmPassword'], message: 'validation.passwordsMismatch' })]);
  });
});
