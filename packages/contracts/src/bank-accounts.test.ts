import { describe, expect, it } from 'vitest';
import {
  bankAccountKindOf,
  isValidAbaRouting,
  isValidAlias,
  isValidCardNumber,
  isValidCbu,
  isValidIban,
  maskAccount,
} from './bank-accounts.ts';

/** Changes the digit at `index` to the next one, so a check digit no longer matches. */
const wrongDigit = (value: string, index: number) =>
  value.slice(0, index) + String((Number(value[index]) + 1) % 10) + value.slice(index + 1);

describe('bank account formats for withdrawals (issue 15 §5)', () => {
  it('cards: Luhn over 12 to 19 digits', () => {
    for (const valid of ['4111111111111111', '5500005555555559', '4509953580006623', '378282246310005', '6011111111111117'])
      expect(isValidCardNumber(valid), valid).toBe(true);
    expect(isValidCardNumber(wrongDigit('4111111111111111', 15))).toBe(false);
    expect(isValidCardNumber('41111111111')).toBe(false);
    expect(isValidCardNumber('41111111111111111111')).toBe(false);
  });

  it('CBU and CVU: 22 digits, each block checked by its own digit', () => {
    // The BCRA's published example, and two worked out by hand (a CBU of bank 011 and a CVU, bank code 000).
    const valid = ['2850590940090418135201', '0110599520000001234569', '0000003110003245679300'];
    for (const value of valid) expect(isValidCbu(value), value).toBe(true);
    expect(isValidCbu(wrongDigit(valid[0] as string, 7))).toBe(false);
    expect(isValidCbu(wrongDigit(valid[0] as string, 21))).toBe(false);
    expect(isValidCbu(wrongDigit(valid[0] as string, 3))).toBe(false);
    expect(isValidCbu('285059094009041813520')).toBe(false);
  });

  it('IBAN: mod 97 is 1', () => {
    for (const valid of [
      'DE89370400440532013000',
      'GB82WEST12345698765432',
      'ES9121000418450200051332',
      'gb82 west 1234 5698 7654 32'.replace(/ /g, ''),
    ])
      expect(isValidIban(valid), valid).toBe(true);
    expect(isValidIban('DE89370400440532013001')).toBe(false);
    expect(isValidIban('DE88370400440532013000')).toBe(false);
  });

  it('US routing numbers: the ABA checksum', () => {
    for (const valid of ['021000021', '011000015', '122105155']) expect(isValidAbaRouting(valid), valid).toBe(true);
    expect(isValidAbaRouting('021000022')).toBe(false);
    expect(isValidAbaRouting('02100002')).toBe(false);
  });

  it('aliases: 6 to 20 letters, digits, dots or dashes', () => {
    expect(isValidAlias('casa.perro.mate')).toBe(true);
    expect(isValidAlias('abc')).toBe(false);
    expect(isValidAlias('123456789')).toBe(false);
    expect(isValidAlias('casa perro')).toBe(false);
  });

  it('tells what a typed account is, and refuses a wrong check digit', () => {
    expect(bankAccountKindOf('4111 1111 1111 1111')).toBe('card');
    expect(bankAccountKindOf('2850590940090418135201')).toBe('cbu');
    expect(bankAccountKindOf('0000003110003245679300')).toBe('cvu');
    expect(bankAccountKindOf('DE89 3704 0044 0532 0130 00')).toBe('iban');
    expect(bankAccountKindOf('casa.perro.mate')).toBe('alias');
    expect(bankAccountKindOf('123456789012', '021000021')).toBe('us_account');
    expect(bankAccountKindOf('123456789012', '021000022')).toBeUndefined();
    expect(bankAccountKindOf('2850590940090418135202')).toBeUndefined();
    expect(bankAccountKindOf('4111111111111112')).toBeUndefined();
    expect(bankAccountKindOf('1234567890')).toBeUndefined();
  });

  it('masks for users and logs', () => {
    expect(maskAccount('2850590940090418135201')).toBe('**** 5201');
    expect(maskAccount('casa.perro.mate')).toBe('ca****');
  });
});
