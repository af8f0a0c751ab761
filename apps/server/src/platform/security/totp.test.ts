import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchTotp, newTotpSecret, otpauthUri, totpCode, totpStep } from './totp.ts';

/** RFC 6238 appendix B: the SHA-1 seed is the ASCII of "12345678901234567890". */
const rfcSecret = base32Encode(Buffer.from('12345678901234567890', 'ascii'));

describe('TOTP (RFC 6238, SHA-1, 30 s)', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('gives the RFC test vector at T = %i s (8 digits: %s) and its last 6 digits by default', (seconds, expected) => {
    expect(totpCode(rfcSecret, seconds * 1000, 8)).toBe(expected);
    expect(totpCode(rfcSecret, seconds * 1000)).toBe(expected.slice(2));
  });

  it('gives the RFC 4226 HOTP vectors', () => {
    const key = Buffer.from('12345678901234567890', 'ascii');
    expect([0, 1, 2, 3, 9].map((counter) => hotp(key, counter))).toEqual(['755224', '287082', '359152', '969429', '520489']);
  });

  it('round-trips base32 and makes 160-bit secrets', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
  });

  it('accepts the code of the step before, now and after, nothing further', () => {
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    expect(matchTotp(rfcSecret, totpCode(rfcSecret, now), now, null)).toBe(step);
    expect(matchTotp(rfcSecret, totpCode(rfcSecret, now - 30_000), now, null)).toBe(step - 1);
    expect(matchTotp(rfcSecret, totpCode(rfcSecret, now + 30_000), now, null)).toBe(step + 1);
    expect(matchTotp(rfcSecret, totpCode(rfcSecret, now - 60_000), now, null)).toBeUndefined();
    expect(matchTotp(rfcSecret, totpCode(rfcSecret, now + 60_000), now, null)).toBeUndefined();
    expect(matchTotp(rfcSecret, 'abcdef', now, null)).toBeUndefined();
  });

  it('refuses a code of a step already used, or older', () => {
    const now = 1_700_000_000_000;
    const step = totpStep(now);
    expect(matchTotp(rfcSecret, totpCode(rfcSecret, now), now, step)).toBeUndefined();
    expect(matchTotp(rfcSecret, totpCode(rfcSecret, now - 30_000), now, step)).toBeUndefined();
    expect(matchTotp(rfcSecret, totpCode(rfcSecret, now + 30_000), now, step)).toBe(step + 1);
  });

  it('writes the otpauth URI authenticator apps read', () => {
    expect(otpauthUri('JBSWY3DPEHPK3PXP', 'ops@example.com', 'Bolsa Console')).toBe(
      'otpauth://totp/Bolsa%20Console:ops%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Bolsa+Console&algorithm=SHA1&digits=6&period=30',
    );
  });
});
