import { hash, randomBytes } from 'node:crypto';

/** A new bearer token: 256 random bits, URL-safe. Only its hash is ever stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 of a text, in hex (one call: it runs on every authenticated request and every ledger movement). */
export function sha256Hex(text: string): string {
  return hash('sha256', text, 'hex');
}

/** The token as it arrives in Authorization: raw (the app's convention) or as `Bearer <token>`. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  const value = header?.trim();
  if (!value) return undefined;
  return value.toLowerCase().startsWith('bearer ') ? value.slice(7).trim() : value;
}

export { matchTotp, newTotpSecret, otpauthUri, totpCode, totpStep } from './totp.ts';
