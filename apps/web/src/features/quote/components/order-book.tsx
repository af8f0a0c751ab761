import { useTranslation } from '@bolsa/client-kit/i18n';
import type { Depth, DepthLevel } from '@bolsa/contracts';
import { useEffect, useRef } from 'react';
import { formatDate, formatDecimal, formatNumber } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useDepth } from '../api/get-depth.ts';

/**
 * At most one read of the book per this many milliseconds, however fast the quotes come: the book's
 * best level then trails the live bid and ask above it by a fraction of a second at most.
 */
const REFRESH_MS = 500;

function Levels({ side, levels, largest }: { side: 'bid' | 'ask'; levels: DepthLevel[]; largest: number }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <table className={`book-side book-${side}`}>
      <caption>{t(`depth.${side}`)}</caption>
      <thead>
        <tr>
          <th scope="col">{t('depth.price')}</th>
          <th scope="col">{t('depth.quantity')}</th>
        </tr>
      </thead>
      <tbody>
        {levels.map((level) => (
          <tr key={level.price} style={{ '--depth': `${Math.round((Number(level.volume) / largest) * 100)}%` } as React.CSSProperties}>
            <td className={side === 'bid' ? 'rise' : 'fall'}>{formatDecimal(level.price, locale)}</td>
            <td>{formatNumber(level.volume, locale, { decimals: 0 })}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Tape({ trades }: { trades: Depth['trades'] }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  if (trades.length === 0) return <p className="tape-empty">{t('depth.noTrades')}</p>;
  return (
    <table className="tape">
      <thead>
        <tr>
          <th scope="col">{t('depth.time')}</th>
          <th scope="col">{t('depth.price')}</th>
          <th scope="col">{t('depth.quantity')}</th>
        </tr>
      </thead>
      <tbody>
        {trades.slice(0, 10).map((trade, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: two prints may share a time and price
          <tr key={`${trade.time}-${index}`}>
            <td>{formatDate(trade.time, 'HH:mm:ss')}</td>
            <td className={trade.side === 'buy' ? 'rise' : trade.side === 'sell' ? 'fall' : ''}>
              {formatDecimal(trade.price, locale)}
              <span className="visually-hidden"> {t(`depth.side.${trade.side}`)}</span>
            </td>
            <td>{formatNumber(trade.volume, locale, { decimals: 0 })}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The order book (five levels a side) and the tape of recent trades, read again as the live quote
 * moves (at most twice a second). The levels behind the best bid and ask are simulated, and the
 * section says so.
 */
export function OrderBook({
  code,
  market,
  liveTimestamp,
}: {
  code: string;
  market: string | undefined;
  liveTimestamp: number | undefined;
}) {
  const { t } = useTranslation();
  const depth = useDepth(code, market);
  const lastRead = useRef(0);
  const { refetch } = depth;
  useEffect(() => {
    if (liveTimestamp === undefined) return;
    const moment = Date.now();
    if (moment - lastRead.current < REFRESH_MS) return;
    lastRead.current = moment;
    void refetch();
  }, [liveTimestamp, refetch]);
  const data = depth.data;
  if (!data || (data.bids.length === 0 && data.asks.length === 0)) return null;
  const largest = Math.max(1, ...[...data.bids, ...data.asks].map((level) => Number(level.volume)));
  return (
    <>
      <section className="order-book" aria-labelledby="order-book-title" data-testid="order-book">
        <h2 id="order-book-title">{t('depth.title')}</h2>
        <div className="book-sides">
          <Levels side="bid" levels={data.bids} largest={largest} />
          <Levels side="ask" levels={data.asks} largest={largest} />
        </div>
        {data.isSimulated ? <p className="book-note">{t('depth.simulated')}</p> : null}
      </section>
      <section className="order-book" aria-labelledby="tape-title">
        <h2 id="tape-title">{t('depth.trades')}</h2>
        <Tape trades={data.trades} />
      </section>
    </>
  );
}
