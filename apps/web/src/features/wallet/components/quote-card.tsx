import { useTranslation } from '@bolsa/client-kit/i18n';
import { currencyOfWallet, type Locale } from '@bolsa/contracts';
import { currencySymbolOf, formatMoney, formatNumber } from '../../../lib/format.ts';
import type { TransferQuote } from '../api/get-transfer-quote.ts';
import '../wallet.css';

type QuoteCardProps = { quote: TransferQuote; secondsLeft: number; locale: Locale };

/** The quoted conversion: the rate, what leaves, what arrives, and how long the quote is honoured. */
export function QuoteCard({ quote, secondsLeft, locale }: QuoteCardProps) {
  const { t } = useTranslation();
  const fromCurrency = currencyOfWallet(quote.fromWalletType);
  const toCurrency = currencyOfWallet(quote.toWalletType);
  const isExpired = secondsLeft <= 0;
  return (
    <section className={`quote-card${isExpired ? ' is-expired' : ''}`} aria-labelledby="quote-card-title">
      <h2 id="quote-card-title" className="quote-card-title">
        {t('transfer.quoteTitle')}
      </h2>
      <dl className="quote-card-details">
        <div>
          <dt>{t('transfer.rate')}</dt>
          <dd>{`1 ${fromCurrency} = ${formatNumber(quote.rate, locale, { decimals: 6 })} ${toCurrency}`}</dd>
        </div>
        <div>
          <dt>{t('transfer.youSend')}</dt>
          <dd>{formatMoney(quote.fromAmount, locale, currencySymbolOf(fromCurrency))}</dd>
        </div>
        <div>
          <dt>{t('transfer.youReceive')}</dt>
          <dd className="quote-card-receive">{formatMoney(quote.toAmount, locale, currencySymbolOf(toCurrency))}</dd>
        </div>
      </dl>
      <p className="quote-card-countdown" role="timer" aria-live="off">
        {isExpired ? t('transfer.quoteExpired') : t('transfer.quoteValidFor', { seconds: secondsLeft })}
      </p>
    </section>
  );
}
