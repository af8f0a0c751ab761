import type { Locale } from '@bolsa/contracts';
import type { TFunction } from 'i18next';
import { formatNumber } from '../../../lib/format.ts';
import { walletLabelKey } from '../../../lib/wallet-labels.ts';
import type { WalletBill } from '../api/get-wallet-bill.ts';

/** A decimal as the locale writes it, with the decimals it has (a price of 270.71 reads 270,71 in Spanish). */
function decimalIn(value: string, locale: Locale): string {
  const decimals = Math.min(8, value.split('.')[1]?.length ?? 0);
  return formatNumber(value, locale, { decimals, minimumDecimals: decimals }) || value;
}

/**
 * What a statement line says, in the user's language (issue 15 §6): built from its kind and subject, never
 * from internal ids. A line whose subject is unknown reads as its ledger reason.
 */
export function statementSentence(bill: WalletBill, locale: Locale, t: TFunction): string {
  const { subject } = bill;
  const fallback = t(`wallet.reasons.${bill.reason}`);
  switch (bill.line) {
    case 'deposit':
      return subject.method ? t(`wallet.lines.deposit_${subject.method}`) : t('wallet.reasons.deposit');
    case 'transfer_in':
    case 'transfer_out':
    case 'fx_in':
    case 'fx_out':
      return subject.walletType ? t(`wallet.lines.${bill.line}`, { wallet: t(walletLabelKey(subject.walletType)) }) : fallback;
    case 'buy':
    case 'sell':
    case 'short':
    case 'cover':
    case 'margin_buy':
    case 'margin_short':
    case 'margin_release_sell':
    case 'margin_release_cover':
      if (!subject.code || !subject.quantity || !subject.price) return fallback;
      return t(`wallet.lines.${bill.line}`, {
        quantity: decimalIn(subject.quantity, locale),
        code: subject.code,
        price: decimalIn(subject.price, locale),
      });
    case 'fee':
      return subject.code ? t('wallet.lines.fee', { code: subject.code }) : t('wallet.reasons.fee');
    case 'realised_pnl':
      return subject.code ? t('wallet.lines.realised_pnl', { code: subject.code }) : fallback;
    case 'margin':
      return t('wallet.lines.margin');
    default:
      return fallback;
  }
}
