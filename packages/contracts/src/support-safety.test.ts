import { describe, expect, it } from 'vitest';
import { paymentRiskOf } from './support-safety.ts';

describe('what an agent may not send a user', () => {
  it.each([
    ['IBAN ES91 2100 0418 4502 0005 1332', 'bankAccount'],
    ['CBU 0170099220000067797370', 'bankAccount'],
    ['cuenta 1234-5678-9012-3456', 'bankAccount'],
    ['0x52908400098527886E0F7030069857D2E4169EE7', 'walletAddress'],
    ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'walletAddress'],
    ['TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE', 'walletAddress'],
    ['Please   PAY TO our partner', 'paymentWording'],
    ['Transfiera a este asesor', 'paymentWording'],
    ['Überweisen Sie an uns', 'paymentWording'],
    ['请转账到以下账户', 'paymentWording'],
    ['こちらに振り込んでください', 'paymentWording'],
    ['โปรดโอนเงินไปที่บัญชีนี้', 'paymentWording'],
    ['कृपया इस खाते में पैसे भेजें', 'paymentWording'],
  ])('holds back %s (%s)', (text, kind) => {
    expect(paymentRiskOf(text)).toContain(kind);
  });

  it('lets ordinary answers through: order numbers, amounts, dates, a transfer between the user’s own wallets explained', () => {
    for (const text of [
      'Su orden 123456 se ejecutó a 2500.00 USD el 26/11/2026.',
      'Puede mover saldo entre sus billeteras desde Transferir.',
      'Your deposit #88231 is being reviewed.',
      'Hola, ¿en qué puedo ayudarle?',
    ]) {
      expect(paymentRiskOf(text), text).toEqual([]);
    }
  });
});
