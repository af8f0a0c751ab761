import type { Locale } from '@bolsa/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18next, initI18n, setLocale } from '../../../lib/i18n.ts';
import type { WalletBill } from '../api/get-wallet-bill.ts';
import { statementSentence } from './statement-sentence.ts';

function line(overrides: Partial<WalletBill>): WalletBill {
  return {
    id: '1',
    walletType: 'STOCK',
    currency: 'USD',
    amount: '-2707.10',
    balanceAfter: '7292.90',
    reason: 'trade_margin',
    memo: null,
    line: 'buy',
    subject: { code: 'AAPL', quantity: '10', price: '270.71' },
    createTimeTimestamp: 1_735_732_800_000,
    createTime: '01-01-2025 09:00:00',
    ...overrides,
  };
}

const purchase = line({});
const fee = line({ reason: 'trade_margin', line: 'fee', subject: { code: 'AAPL' }, amount: '-2.71' });
const transfer = line({ reason: 'transfer', line: 'transfer_out', subject: { walletType: 'STOCK' }, walletType: 'BALANCE' });
const deposit = line({ reason: 'deposit', line: 'deposit', subject: { method: 'bank' } });

/** What each line says in each language: written out by hand, so a missing or copied translation fails. */
const expected: Record<Locale, [string, string, string, string]> = {
  es: ['Compra de 10 AAPL a 270,71', 'Comisión de AAPL', 'Transferencia a Acciones', 'Depósito bancario'],
  en: ['Purchase of 10 AAPL at 270.71', 'Fee on AAPL', 'Transfer to Stocks', 'Bank deposit'],
  de: ['Kauf von 10 AAPL zu 270,71', 'Gebühr für AAPL', 'Übertrag an Aktien', 'Banküberweisung'],
  hi: ['270.71 पर 10 AAPL की ख़रीद', 'AAPL पर शुल्क', 'शेयर में स्थानांतरण', 'बैंक जमा'],
  ja: ['AAPL 10 を 270.71 で購入', 'AAPL の手数料', '株式への振替', '銀行振込による入金'],
  th: ['ซื้อ AAPL 10 ที่ 270.71', 'ค่าธรรมเนียม AAPL', 'โอนไปยังหุ้น', 'ฝากเงินผ่านธนาคาร'],
  'zh-CN': ['以 270.71 买入 10 AAPL', 'AAPL 手续费', '转至股票', '银行入金'],
  'zh-TW': ['以 270.71 買入 10 AAPL', 'AAPL 手續費', '轉至股票', '銀行入金'],
};

beforeAll(async () => {
  await initI18n('es');
});

describe('statement lines read as words (issue 15 §6)', () => {
  for (const [locale, sentences] of Object.entries(expected) as Array<[Locale, string[]]>) {
    it(`in ${locale}: the trade, its fee, a transfer and a deposit, with no internal ids`, async () => {
      await setLocale(locale);
      const said = [purchase, fee, transfer, deposit].map((bill) => statementSentence(bill, locale, i18next.t));
      expect(said).toEqual(sentences);
    });
  }

  it('a line whose subject is unknown reads as its reason', async () => {
    await setLocale('es');
    expect(statementSentence(line({ subject: {} }), 'es', i18next.t)).toBe('Margen de operación');
  });
});

/** A leveraged buy moved only its margin, and its close released it: written out by hand per language. */
const leveraged: Record<Locale, [string, string]> = {
  es: ['Margen de compra de 1 ESZ6 a 7.149,25', 'Margen liberado por la venta de 1 ESZ6 a 7.160'],
  en: ['Margin for buying 1 ESZ6 at 7,149.25', 'Margin released by selling 1 ESZ6 at 7,160'],
  de: ['Margin für den Kauf von 1 ESZ6 zu 7.149,25', 'Freigegebene Margin aus dem Verkauf von 1 ESZ6 zu 7.160'],
  hi: ['7,149.25 पर 1 ESZ6 की ख़रीद का मार्जिन', '7,160 पर 1 ESZ6 की बिक्री से मुक्त मार्जिन'],
  ja: ['ESZ6 1 の買い（7,149.25）の証拠金', 'ESZ6 1 の売却（7,160）で解放された証拠金'],
  th: ['มาร์จิ้นการซื้อ ESZ6 1 ที่ 7,149.25', 'มาร์จิ้นที่คืนจากการขาย ESZ6 1 ที่ 7,160'],
  'zh-CN': ['以 7,149.25 买入 1 ESZ6 的保证金', '以 7,160 卖出 1 ESZ6 释放的保证金'],
  'zh-TW': ['以 7,149.25 買入 1 ESZ6 的保證金', '以 7,160 賣出 1 ESZ6 釋放的保證金'],
};

describe('a leveraged trade reads as the margin that moved (issue 15 §6)', () => {
  for (const [locale, sentences] of Object.entries(leveraged) as Array<[Locale, string[]]>) {
    it(`in ${locale}: the margin of a buy, and the margin released by its sale`, async () => {
      await setLocale(locale);
      const open = line({ walletType: 'FUTURE', line: 'margin_buy', subject: { code: 'ESZ6', quantity: '1', price: '7149.25' } });
      const close = line({ walletType: 'FUTURE', line: 'margin_release_sell', subject: { code: 'ESZ6', quantity: '1', price: '7160' } });
      expect([open, close].map((bill) => statementSentence(bill, locale, i18next.t))).toEqual(sentences);
    });
  }
});
