import { useTranslation } from '@bolsa/client-kit/i18n';
import { type BlockInstrument, type BlockQuote, type Locale, type TradeDirection, tradeDirections } from '@bolsa/contracts';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { currencySymbolOf, formatDecimal, formatMoney } from '../../../lib/format.ts';
import { newIdempotencyKey } from '../../../lib/idempotency.ts';
import { pagePath } from '../../../lib/pages.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import { useAcceptBlock, useBlockQuote } from '../api/blocktrade.ts';
import { DirectionChoice } from './order-ticket-fields.tsx';
import { SummaryRows } from './summary-rows.tsx';

/** Seconds left on a quote, ticking every half second; 0 once it has expired. */
function useSecondsLeft(expiresAt: number | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (expiresAt === null) return;
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return expiresAt === null ? 0 : Math.max(0, Math.ceil((expiresAt - now) / 1000));
}

/** A quote held for 10 seconds: its price, the band and the mid, the value, the fee and the total, and its acceptance. */
function QuoteCard({ quote, locale, onRequote }: { quote: BlockQuote; locale: Locale; onRequote: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const accept = useAcceptBlock();
  const secondsLeft = useSecondsLeft(quote.expiresAtTimestamp);
  const symbol = currencySymbolOf(quote.currency);
  const send = () =>
    accept.mutate(
      { quoteId: quote.id, idempotencyKey: newIdempotencyKey() },
      {
        onSuccess: () => {
          showToast(t('trade.block.filled'), 'success');
          navigate(pagePath('trade', { tab: 5 }));
        },
        onError: showError,
      },
    );
  return (
    <section className="block-quote" aria-label={t('trade.block.quoteTitle')} data-testid="block-quote">
      <SummaryRows
        rows={[
          [t('trade.block.price'), formatMoney(quote.price, locale, symbol)],
          [t('trade.block.mid'), formatDecimal(quote.mid, locale)],
          [t('trade.block.band'), `${formatDecimal(quote.bandLow, locale)} – ${formatDecimal(quote.bandHigh, locale)}`],
          [t('trade.fields.quantity'), formatDecimal(quote.quantity, locale)],
          [t('trade.fields.amount'), formatMoney(quote.amount, locale, symbol)],
          [t('trade.fields.fee'), formatMoney(quote.fee, locale, symbol)],
          [
            t(quote.direction === tradeDirections.sell ? 'trade.block.totalSell' : 'trade.block.total'),
            formatMoney(quote.total, locale, symbol),
          ],
        ]}
      />
      <p className="form-note" aria-live="polite">
        {secondsLeft > 0 ? t('trade.block.heldFor', { seconds: secondsLeft }) : t('trade.block.expired')}
      </p>
      {secondsLeft > 0 ? (
        <button type="button" className="button button-primary button-block" disabled={accept.isPending} onClick={send}>
          {t('trade.block.accept')}
        </button>
      ) : (
        <button type="button" className="button button-block" onClick={onRequote}>
          {t('trade.block.requote')}
        </button>
      )}
    </section>
  );
}

/** The block ticket of one eligible instrument: the quantity (at least its block size), an optional price inside the band, and the quote. */
export function BlockTicket({ instrument, locale }: { instrument: BlockInstrument; locale: Locale }) {
  const { t } = useTranslation();
  const quote = useBlockQuote();
  const [quantity, setQuantity] = useState(instrument.blockSize);
  const [price, setPrice] = useState('');
  const [direction, setDirection] = useState<TradeDirection>(tradeDirections.buy);
  const ask = () =>
    quote.mutate(
      {
        stockCode: instrument.code,
        quantity: quantity.trim(),
        direction,
        ...(price.trim() ? { price: price.trim().replace(',', '.') } : {}),
      },
      { onError: showError },
    );
  const isTooSmall = !(Number(quantity) >= Number(instrument.blockSize));
  return (
    <section className="block-ticket" aria-label={t('trade.block.ticketTitle', { code: instrument.code })}>
      <DirectionChoice
        direction={direction}
        onChange={(side) => {
          setDirection(side);
          quote.reset();
        }}
      />
      <label className="form-field">
        <span className="form-field-label">{t('trade.block.quantityLabel', { size: formatDecimal(instrument.blockSize, locale) })}</span>
        <span className="form-field-control">
          <input className="form-field-input" inputMode="numeric" value={quantity} onChange={(event) => setQuantity(event.target.value)} />
        </span>
      </label>
      <label className="form-field">
        <span className="form-field-label">{t('trade.block.priceLabel')}</span>
        <span className="form-field-control">
          <input
            className="form-field-input"
            inputMode="decimal"
            value={price}
            placeholder={instrument.mid ? formatDecimal(instrument.mid, locale) : ''}
            onChange={(event) => setPrice(event.target.value)}
          />
        </span>
        <span className="form-field-hint">{t('trade.block.priceHint')}</span>
      </label>
      <button type="button" className="button button-block" disabled={isTooSmall || quote.isPending} onClick={ask}>
        {t('trade.block.getQuote')}
      </button>
      {quote.data && quote.data.code === instrument.code ? <QuoteCard quote={quote.data} locale={locale} onRequote={ask} /> : null}
    </section>
  );
}
