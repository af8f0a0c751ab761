import { useTranslation } from '@bolsa/client-kit/i18n';
import { type KlineType, klineTypes, type QuoteDetail, tradeDirections } from '@bolsa/contracts';
import { BellOutline, StarFill, StarOutline } from 'antd-mobile-icons';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { PushStatusBanner } from '../../../components/push-status-banner.tsx';
import { QuotePrice } from '../../../components/quote-list.tsx';
import { SimulatedMarketBadge } from '../../../components/simulated-market-badge.tsx';
import { formatDate, formatDecimal, formatNumber, formatPercent, trendClass } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { loginRouteBackTo, paymentRouteOf } from '../../../lib/navigation.ts';
import { pagePath } from '../../../lib/pages.ts';
import { useLiveQuotes } from '../../../lib/push-client.ts';
import { useStoredUser, useToken } from '../../../lib/session-store.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import { useKline } from '../api/get-kline.ts';
import { useQuoteDetail } from '../api/get-quote-detail.ts';
import { useRemoveFromWatchlist } from '../api/remove-from-watchlist.ts';
import { useSaveToWatchlist } from '../api/save-to-watchlist.ts';
import { ForexSessions } from '../components/forex-sessions.tsx';
import { IndicatorBar } from '../components/indicator-bar.tsx';
import { type IndicatorSettings, readIndicatorSettings, saveIndicatorSettings } from '../components/indicator-settings.ts';
import { InstrumentNews } from '../components/instrument-news.tsx';
import { KlineChart } from '../components/kline-chart.tsx';
import { OrderBook } from '../components/order-book.tsx';
import '../quote.css';

type Variant = 'stock' | 'future' | 'globalindex' | 'forex';

function WatchToggle({ detail }: { detail: QuoteDetail }) {
  const { t } = useTranslation();
  const token = useToken();
  const navigate = useNavigate();
  const save = useSaveToWatchlist();
  const remove = useRemoveFromWatchlist();
  const isWatched = detail.selfSelectStatus;
  const isBusy = save.isPending || remove.isPending;
  const toggle = async () => {
    if (!token) {
      const here = `${window.location.hash.slice(1)}`;
      navigate(loginRouteBackTo(here));
      return;
    }
    try {
      if (isWatched) {
        await remove.mutateAsync(detail.stock_code);
        showToast(t('quote.unwatched'), 'success');
      } else {
        await save.mutateAsync({
          assettype: detail.source,
          securityName: detail.name,
          secuCode: detail.stock_code,
          market: detail.market,
          classify: detail.classify,
        });
        showToast(t('quote.watched'), 'success');
      }
    } catch (error) {
      showError(error);
    }
  };
  return (
    <button
      type="button"
      className="watch-toggle"
      onClick={toggle}
      disabled={isBusy}
      aria-pressed={isWatched}
      aria-label={isWatched ? t('quote.unwatch') : t('quote.watch')}
    >
      {isWatched ? <StarFill aria-hidden="true" className="watch-on" /> : <StarOutline aria-hidden="true" />}
    </button>
  );
}

/**
 * Buy and Sell open the order page of this instrument's market (spec §2 payment pages); a stock can
 * also be worked over time (issue 19 §3), its code filled in on the worked-order page.
 */
function TradeButtons({ name, code, source, isStock }: { name: string; code: string; source: string; isStock: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="quote-trade-bar" data-bottom-bar="">
      <Link className="button button-buy" to={paymentRouteOf({ name, code, source, direction: tradeDirections.buy })}>
        {t('trade.buy')}
      </Link>
      <Link className="button button-sell" to={paymentRouteOf({ name, code, source, direction: tradeDirections.sell })}>
        {t('trade.sell')}
      </Link>
      {isStock ? (
        <Link className="button button-default quote-twap-link" to={pagePath('twap', { code })}>
          {t('trade.twap.workOverTime')}
        </Link>
      ) : null}
    </div>
  );
}

function Field({ label, value, isWide = false }: { label: string; value: string | null | undefined; isWide?: boolean }) {
  if (value === null || value === undefined || value === '') return null;
  return (
    <div className={`detail-field${isWide ? ' detail-field-wide' : ''}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * The profile of issue 17 §2: a future's margin; an S&P 500 stock's sector and industry, exchange,
 * EPS, P/E and dividend yield; a pair's pip and what it is worth.
 */
function ProfileFields({ data, variant }: { data: QuoteDetail; variant: Variant }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const number = (value: string | null | undefined) => (value ? formatDecimal(value, locale) : null);
  return (
    <>
      <Field label={t('instrumentProfile.margin')} value={number(data.margin)} />
      {data.gics_sector ? (
        <>
          <Field label={t('quote.fields.sector')} value={t(`instrumentProfile.sectors.${data.gics_sector}`)} isWide />
          <Field label={t('instrumentProfile.industry')} value={data.sector} isWide />
        </>
      ) : (
        <Field label={t('quote.fields.sector')} value={data.sector} isWide />
      )}
      <Field label={t('instrumentProfile.exchange')} value={variant === 'stock' ? data.market : null} />
      <Field label={t('instrumentProfile.eps')} value={number(data.eps)} />
      <Field label={t('instrumentProfile.peRatio')} value={number(data.pe_ratio)} />
      <Field
        label={t('instrumentProfile.dividendYield')}
        value={data.dividend_yield ? `${formatNumber(data.dividend_yield, locale, { decimals: 2, minimumDecimals: 2 })}%` : null}
      />
      <Field label={t('instrumentProfile.pipSize')} value={data.pip_size} />
      <Field
        label={t('instrumentProfile.pipValue')}
        value={
          data.pip_value
            ? [
                `${number(data.pip_value)} ${data.currency}`,
                data.pip_value_usd && data.currency !== 'USD' ? `${number(data.pip_value_usd)} USD` : '',
              ]
                .filter(Boolean)
                .join(' · ')
            : null
        }
        isWide
      />
    </>
  );
}

function FrameTabs({ frame, onChange }: { frame: KlineType; onChange: (frame: KlineType) => void }) {
  const { t } = useTranslation();
  return (
    <div className="kline-frames" role="tablist" aria-label={t('quote.timeFrames')}>
      {klineTypes.map((type) => (
        <button
          key={type}
          type="button"
          role="tab"
          aria-selected={frame === type}
          className={`kline-frame${frame === type ? ' is-active' : ''}`}
          onClick={() => onChange(type)}
        >
          {type}
        </button>
      ))}
    </div>
  );
}

function QuoteView({ code, market, variant }: { code: string; market: string | undefined; variant: Variant }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [frame, setFrame] = useState<KlineType>('1D');
  const userId = useStoredUser()?.id;
  const [indicators, setIndicators] = useState<IndicatorSettings>(() => readIndicatorSettings(userId));
  const changeIndicators = (next: IndicatorSettings) => {
    setIndicators(next);
    saveIndicatorSettings(userId, next);
  };
  const detail = useQuoteDetail(code, market);
  const kline = useKline(code, frame, market);
  const live = useLiveQuotes([code]).get(code);
  if (detail.isError) return <EmptyState title={t('quote.notFound')} description={(detail.error as Error).message} />;
  const data = detail.data;
  if (!data) return <p className="page-body">{t('common.loading')}</p>;
  const price = live?.price ?? data.price_nominal;
  const change = live?.change ?? data.change;
  const changeRatio = live?.changeRatio ?? data.change_ratio;
  const status = live?.marketStatus ?? data.marketStatus;
  // Every price with its tick's decimals, as the server writes it (EUR/USD with 5, never cut to 2 or 4).
  const number = (value: string | null | undefined) => (value ? formatDecimal(value, locale) : null);
  const compact = (value: string | null | undefined) =>
    value
      ? new Intl.NumberFormat(locale === 'es' ? 'es-AR' : locale, { notation: 'compact', maximumFractionDigits: 2 }).format(Number(value))
      : null;
  const whole = (value: string | null | undefined) => (value ? formatNumber(value, locale, { decimals: 0 }) : null);
  return (
    <>
      <section className="quote-head" aria-label={t('quote.priceLabel')}>
        <img className="quote-logo quote-logo-large" src={data.localLogoUrl} alt="" width={44} height={44} />
        <div className="quote-head-text">
          <p className="quote-head-code">
            {data.stock_code} · {data.market} <span className={`status-tag status-${status}`}>{t(`quote.status.${status}`)}</span>
          </p>
          <p className={`quote-head-price ${trendClass(change)}`} data-testid="quote-price">
            <QuotePrice price={price} symbol={variant === 'globalindex' || variant === 'forex' ? '' : data.currencySymbol} />
          </p>
          <p className={`quote-head-change ${trendClass(change)}`}>
            {formatDecimal(change, locale, { isSigned: true })} ({formatPercent(changeRatio, locale)})
          </p>
        </div>
        {/* Price alerts (issue 17 §4): the form for this instrument and the user's alerts; a visitor signs in first. */}
        <Link
          className="watch-toggle"
          to={pagePath('priceAlerts', { code: data.stock_code })}
          aria-label={t('alerts.setAlert')}
          title={t('alerts.setAlert')}
        >
          <BellOutline aria-hidden="true" />
        </Link>
        <WatchToggle detail={data} />
      </section>
      <SimulatedMarketBadge dataSource={data.dataSource} />
      {status !== 'open' && data.nextOpenTimestamp ? (
        <p className="quote-next-open">{t('quote.nextOpen', { time: formatDate(data.nextOpenTimestamp) })}</p>
      ) : null}
      <FrameTabs frame={frame} onChange={setFrame} />
      <IndicatorBar settings={indicators} onChange={changeIndicators} />
      <KlineChart
        kline={kline.data?.type === frame ? kline.data : undefined}
        tickSize={data.tick_size}
        live={live}
        indicators={indicators}
      />
      <dl className="detail-grid">
        <Field label={t('quote.fields.open')} value={number(live?.open ?? data.open)} />
        <Field label={t('quote.fields.prevClose')} value={number(data.prev_close)} />
        <Field label={t('quote.fields.high')} value={number(live?.high ?? data.high)} />
        <Field label={t('quote.fields.low')} value={number(live?.low ?? data.low)} />
        {variant !== 'globalindex' ? (
          <Field label={t('quote.fields.bid')} value={`${number(live?.bid ?? data.bid)} / ${whole(live?.bidVolume ?? data.bid_volume)}`} />
        ) : null}
        {variant !== 'globalindex' ? (
          <Field label={t('quote.fields.ask')} value={`${number(live?.ask ?? data.ask)} / ${whole(live?.askVolume ?? data.ask_volume)}`} />
        ) : null}
        <Field label={t('quote.fields.volume')} value={compact(live?.volume ?? data.volume)} />
        <Field label={t('quote.fields.amplitude')} value={`${formatNumber(data.amplitude, locale, { decimals: 2 })}%`} />
        <Field label={t('quote.fields.high52w')} value={number(data.high_52w)} />
        <Field label={t('quote.fields.low52w')} value={number(data.low_52w)} />
        <Field label={t('quote.fields.marketCap')} value={compact(data.market_cap)} />
        <Field label={t('quote.fields.openInterest')} value={whole(data.open_interest)} />
        <Field
          label={t('quote.fields.openInterestChange')}
          value={data.open_interest_change ? formatNumber(data.open_interest_change, locale, { isSigned: true }) : null}
        />
        <Field label={t('quote.fields.prevSettle')} value={number(data.prev_settle)} />
        <Field label={t('quote.fields.expiry')} value={data.expiry_date ? formatDate(data.expiry_date, 'DD/MM/YYYY') : null} />
        <Field label={t('quote.fields.multiplier')} value={data.multiplier} />
        <Field label={t('quote.fields.tickSize')} value={data.tick_size} />
        <Field label={t('quote.fields.lotSize')} value={data.lot_size} />
        <ProfileFields data={data} variant={variant} />
      </dl>
      {data.eps !== null || data.dividend_yield !== null ? <p className="profile-note">{t('instrumentProfile.fundamentalsNote')}</p> : null}
      {variant === 'forex' ? <ForexSessions /> : null}
      {variant !== 'globalindex' ? <OrderBook code={code} market={market} liveTimestamp={live?.timestamp} /> : null}
      <InstrumentNews code={code} />
      {variant !== 'globalindex' ? (
        <TradeButtons name={data.name} code={data.stock_code} source={data.source} isStock={variant === 'stock'} />
      ) : null}
    </>
  );
}

function QuotePage({ variant }: { variant: Variant }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const code = (searchParams.get('code') ?? '').toUpperCase();
  const market = searchParams.get('market') || undefined;
  const name = searchParams.get('name') || code;
  return (
    <>
      <NavBar title={name || t(`quote.titles.${variant}`)} />
      <PushStatusBanner />
      {code ? <QuoteView key={code} code={code} market={market} variant={variant} /> : <EmptyState title={t('quote.notFound')} />}
    </>
  );
}

export const StockQuotePage = () => <QuotePage variant="stock" />;
export const FutureQuotePage = () => <QuotePage variant="future" />;
export const IndexQuotePage = () => <QuotePage variant="globalindex" />;
export const ForexQuotePage = () => <QuotePage variant="forex" />;
