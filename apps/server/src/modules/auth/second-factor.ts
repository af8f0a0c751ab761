import { randomInt } from 'node:crypto';

/** How long the second step of a sign-in may wait after the password was right. */
export const LOGIN_CHALLENGE_VALIDITY_MS = 5 * 60_000;
export const RECOVERY_CODE_COUNT = 10;
/** The issuer authenticator apps show beside the account. */
export const TOTP_ISSUER = 'Bolsa';

const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567';

/** A recovery code: 10 base32 letters (50 bits) shown as `abcde-fghij`. */
export function newRecoveryCode(): string {
  const letters = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

/** The form a recovery code is hashed and checked in: lower case, without the dash. */
export function normalisedRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]/g, '');
}

export const isTotpShape = (code: string) => /^\d{6}$/.test(code);

const browsers: Array<[RegExp, string]> = [
  [/\bEdgA?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
  [/\bnode-fetch|undici|node\b/i, 'Node.js'],
  [/\bcurl\//, 'curl'],
];
const systems: Array<[RegExp, string]> = [
  [/\bAndroid\b/, 'Android'],
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * A short readable name of a user agent, "Chrome · Android", for the devices list and the new-device mail
 * (names of products, the same in every language); the first 40 characters of anything unrecognised.
 */
export function browserOf(userAgent: string | null | undefined): string | null {
  if (!userAgent) return null;
  const browser = browsers.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!browser && !system) return userAgent.slice(0, 40);
  return [browser, system].filter(Boolean).join(' · ');
}
