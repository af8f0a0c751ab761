/**
 * Real bank account formats for withdrawals (issue 15 §5), each checked by its own check digits. Shared by
 * the server (request validation) and the apps (form validation), so both refuse the same numbers.
 */

const digitsOf = (value: string) => [...value].map(Number);

/** Removes the spaces and dashes people type between groups. */
export function compactAccount(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** Luhn (ISO/IEC 7812) over 12 to 19 digits: payment card numbers. */
export function isValidCardNumber(value: string): boolean {
  if (!/^\d{12,19}$/.test(value)) return false;
  let sum = 0;
  digitsOf(value)
    .reverse()
    .forEach((digit, index) => {
      const doubled = index % 2 === 1 ? digit * 2 : digit;
      sum += doubled > 9 ? doubled - 9 : doubled;
    });
  return sum % 10 === 0;
}

/** One block of a CBU: its last digit checks the others with the weights 7 1 3 9 repeated from the right. */
function isCbuBlockValid(block: string): boolean {
  const weights = [3, 1, 7, 9];
  const body = digitsOf(block.slice(0, -1)).reverse();
  const sum = body.reduce((total, digit, index) => total + digit * (weights[index % 4] ?? 0), 0);
  return (10 - (sum % 10)) % 10 === Number(block.slice(-1));
}

/**
 * Argentine CBU (bank accounts) and CVU (virtual accounts, starting 000): 22 digits in two blocks, bank and
 * branch (8, the 8th a check digit) and account (14, the 14th a check digit), as the BCRA defines them.
 */
export function isValidCbu(value: string): boolean {
  return /^\d{22}$/.test(value) && isCbuBlockValid(value.slice(0, 8)) && isCbuBlockValid(value.slice(8));
}

/** A CVU is a CBU of a payment service provider: its bank code is 000. */
export function isCvu(value: string): boolean {
  return isValidCbu(value) && value.startsWith('000');
}

/** An Argentine alias: 6 to 20 letters, digits, dots or dashes, with at least one letter (BCRA). */
export function isValidAlias(value: string): boolean {
  return /^[A-Za-z0-9.-]{6,20}$/.test(value) && /[A-Za-z]/.test(value);
}

/** IBAN (ISO 13616): country, two check digits and the account; valid when the number read mod 97 is 1. */
export function isValidIban(value: string): boolean {
  const iban = value.toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const character of rearranged) {
    const code = character >= 'A' ? String(character.charCodeAt(0) - 55) : character;
    for (const digit of code) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder === 1;
}

/** A US ABA routing number: 9 digits, 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) a multiple of 10. */
export function isValidAbaRouting(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const d = digitsOf(value);
  const sum =
    3 * ((d[0] ?? 0) + (d[3] ?? 0) + (d[6] ?? 0)) + 7 * ((d[1] ?? 0) + (d[4] ?? 0) + (d[7] ?? 0)) + (d[2] ?? 0) + (d[5] ?? 0) + (d[8] ?? 0);
  return sum % 10 === 0;
}

/** A US bank account number: 4 to 17 digits (it has no check digit; the routing number carries it). */
export function isValidUsAccountNumber(value: string): boolean {
  return /^\d{4,17}$/.test(value);
}

/**
 * The account holder's name of a Japanese bank account as a Zengin transfer carries it: katakana (full or
 * half width, with the long-vowel mark), Latin letters, digits, spaces and ( ) . , - /. Kanji are not carried.
 */
export function isValidJapaneseAccountName(value: string): boolean {
  return /^[\u30A0-\u30FF\uFF66-\uFF9F\u3000A-Za-z0-9 ().,\-/]+$/u.test(value) && /[^\s]/u.test(value);
}

export const bankAccountKinds = ['card', 'cbu', 'cvu', 'alias', 'iban', 'us_account'] as const;
export type BankAccountKind = (typeof bankAccountKinds)[number];

/**
 * What an account a user typed is, once its check digits pass; undefined when it is none of them (or a
 * check digit is wrong). A US account needs its routing number beside it.
 */
export function bankAccountKindOf(account: string, routingNumber?: string): BankAccountKind | undefined {
  const value = compactAccount(account);
  if (routingNumber !== undefined && routingNumber !== '')
    return isValidAbaRouting(compactAccount(routingNumber)) && isValidUsAccountNumber(value) ? 'us_account' : undefined;
  if (/^\d{22}$/.test(value)) return isValidCbu(value) ? (isCvu(value) ? 'cvu' : 'cbu') : undefined;
  if (/^\d+$/.test(value)) return isValidCardNumber(value) ? 'card' : undefined;
  if (/^[A-Za-z]{2}\d{2}/.test(value) && value.length >= 15) return isValidIban(value) ? 'iban' : undefined;
  return isValidAlias(value) ? 'alias' : undefined;
}

/** Shows only the end of an account (users, logs): "**** 6623"; an alias keeps its first letters. */
export function maskAccount(account: string): string {
  const value = compactAccount(account);
  if (/^\d+$/.test(value) || /^[A-Za-z]{2}\d{2}/.test(value)) return `**** ${value.slice(-4)}`;
  return `${value.slice(0, 2)}****`;
}
