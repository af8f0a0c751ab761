import { useTranslation } from '@bolsa/client-kit/i18n';
import type { MarketStatus, QuoteTick } from '@bolsa/contracts';
import { Link } from 'react-router';
import { formatDecimal, formatPercent, trendClass } from '../lib/format.ts';
import { currentLocale } from '../lib/i18n.ts';
import { quoteRouteOf } from '../lib/navigation.ts';
import './quote-list.css';

/** What a row needs, whatever list it comes from (market lists, watchlist, search). */
export type QuoteListItem = {
  name: string;
  code: string;
  market: string;
  source: string;
  price: string;
  change: string;
  changeRatio: string;
  volume?: string;
  currencySymbol: string;
  marketStatus: MarketStatus;
  logoUrl: string;
  /** A line of the list's own under the code (the popular page's counts). */
  note?: string;
};

/** The newest of the listed quote and a pushed one. */
export function withLiveQuote(item: QuoteListItem, live: QuoteTick | undefined): QuoteListItem {
  if (!live) return item;
  return {
    ...item,
    price: live.price,
    change: live.change,
    changeRatio: live.changeRatio,
    volume: live.volume,
    marketStatus: live.marketStatus,
  };
}

/**
 * A price with the decimals of its tick, as the server writes it (260.20, not 260.2; EUR/USD 1.08450),
 * and its money symbol; an index has none (its points are not money), nor a pair.
 */
export function QuotePrice({ price, symbol }: { price: string; symbol: string }) {
  const number = formatDecimal(price, currentLocale());
  return <>{symbol === 'ARS' ? `ARS ${number}` : symbol === '$' || symbol === 'NT$' ? `${symbol}${number}` : number}</>;
}

/** Rows linking to each instrument's quote page: logo, name, code, price and change (rise green, fall red). */
export function QuoteList({ items, label }: { items: readonly QuoteListItem[]; label: string }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  return (
    <ul className="quote-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.code} className="quote-row">
          <Link className="quote-row-link" to={quoteRouteOf(item)}>
            <img className="quote-logo" src={item.logoUrl} alt="" width={36} height={36} loading="lazy" />
            <span className="quote-names">
              <span className="quote-name">{item.name}</span>
              <span className="quote-code">
                {item.code} · {item.market}
                {item.marketStatus !== 'open' ? <span className="quote-status"> · {t(`quote.status.${item.marketStatus}`)}</span> : null}
              </span>
              {item.note ? <span className="quote-note">{item.note}</span> : null}
            </span>
            <span className="quote-figures">
              <span className="quote-price" data-testid={`price-${item.code}`}>
                <QuotePrice price={item.price} symbol={item.currencySymbol} />
              </span>
              <span className={`quote-change ${trendClass(item.change)}`}>{formatPercent(item.changeRatio, locale)}</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function fromQuoteRow(row: {
  name: string;
  stock_code: string;
  market: string;
  source: string;
  price_nominal: string;
  change: string;
  change_ratio: string;
  volume: string;
  currencySymbol: string;
  marketStatus: MarketStatus;
  localLogoUrl: string;
}): QuoteListItem {
  return {
    name: row.name,
    code: row.stock_code,
    market: row.market,
    source: row.source,
    price: row.price_nominal,
    change: row.change,
    changeRatio: row.change_ratio,
    volume: row.volume,
    currencySymbol: row.currencySymbol,
    marketStatus: row.marketStatus,
    logoUrl: row.localLogoUrl,
  };
}
