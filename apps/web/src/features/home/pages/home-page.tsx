import { useTranslation } from '@bolsa/client-kit/i18n';
import { HOME_SPARKLINE_POINTS, type QuoteRow } from '@bolsa/contracts';
import { HistogramOutline, SearchOutline, SoundOutline, StarOutline, TransportQRcodeOutline } from 'antd-mobile-icons';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { PushStatusBanner } from '../../../components/push-status-banner.tsx';
import { fromQuoteRow, QuoteList, QuotePrice, withLiveQuote } from '../../../components/quote-list.tsx';
import { SimulatedMarketBadge } from '../../../components/simulated-market-badge.tsx';
import { Sparkline } from '../../../components/sparkline.tsx';
import { formatDate, formatPercent, trendClass } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { articleRouteOf, quoteRouteOf } from '../../../lib/navigation.ts';
import { pagePath } from '../../../lib/pages.ts';
import { useLiveQuotes } from '../../../lib/push-client.ts';
import { useGlobalIndices } from '../api/get-global-indices.ts';
import { useHomeCustomList } from '../api/get-home-custom-list.ts';
import { useHotStocks } from '../api/get-hot-stocks.ts';
import { useIndexIntraday } from '../api/get-index-intraday.ts';
import { useLatestNews } from '../api/get-latest-news.ts';
import '../home.css';

function IndexStrip({ indices }: { indices: QuoteRow[] }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const live = useLiveQuotes(indices.map((row) => row.stock_code));
  return (
    <ul className="index-strip" aria-label={t('home.indices')}>
      {indices.map((row) => {
        const item = withLiveQuote(fromQuoteRow(row), live.get(row.stock_code));
        return (
          <li key={row.stock_code} className="index-card">
            <Link to={quoteRouteOf(item)} className="index-card-link">
              <span className="index-card-name">{row.name}</span>
              <span className="index-card-price">
                <QuotePrice price={item.price} symbol="" />
              </span>
              <span className={`index-card-change ${trendClass(item.change)}`}>{formatPercent(item.changeRatio, locale)}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** The last 50 quotes of the leading index: its latest session's closes, then every pushed quote. */
function IndexSparkline({ index }: { index: QuoteRow }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const intraday = useIndexIntraday(index.stock_code);
  const live = useLiveQuotes([index.stock_code]).get(index.stock_code);
  const [pushed, setPushed] = useState<number[]>([]);
  useEffect(() => {
    if (live) setPushed((previous) => [...previous, Number(live.price)].slice(-HOME_SPARKLINE_POINTS));
  }, [live]);
  const values = useMemo(
    () => [...(intraday.data?.candles ?? []).map((candle) => Number(candle.close)), ...pushed].slice(-HOME_SPARKLINE_POINTS),
    [intraday.data, pushed],
  );
  const item = withLiveQuote(fromQuoteRow(index), live);
  return (
    <Link to={quoteRouteOf(item)} className="sparkline-card">
      <span className="sparkline-card-text">
        <span className="sparkline-card-name">{index.name}</span>
        <span className="sparkline-card-price">
          <QuotePrice price={item.price} symbol="" />{' '}
          <span className={trendClass(item.change)}>{formatPercent(item.changeRatio, locale)}</span>
        </span>
      </span>
      <Sparkline values={values} label={t('home.sparklineLabel', { name: index.name, count: values.length })} width={140} height={44} />
    </Link>
  );
}

function HomeList({ title, rows }: { title: string; rows: QuoteRow[] }) {
  const live = useLiveQuotes(rows.map((row) => row.stock_code));
  const items = rows.map((row) => withLiveQuote(fromQuoteRow(row), live.get(row.stock_code)));
  return (
    <section className="home-section" aria-label={title}>
      <h2 className="section-title">{title}</h2>
      <QuoteList items={items} label={title} />
    </section>
  );
}

/** The newest published news, each opening its page, and the way to every news item and notice. */
function LatestNews() {
  const { t } = useTranslation();
  const news = useLatestNews();
  const articles = news.data?.list ?? [];
  if (articles.length === 0) return null;
  return (
    <section className="home-section" aria-labelledby="home-news-title">
      <div className="section-head">
        <h2 className="section-title" id="home-news-title">
          {t('home.latestNews')}
        </h2>
        <Link to={pagePath('notices', { tab: 'news' })} className="section-more">
          {t('home.allNews')}
        </Link>
      </div>
      <ul className="article-list">
        {articles.map((article) => (
          <li key={article.id} className="article-item">
            <Link to={articleRouteOf(article)} className="article-link" lang={article.language}>
              <span className="article-title">{article.title}</span>
              <span className="article-meta">
                <time dateTime={new Date(article.publishTimestamp).toISOString()}>{formatDate(article.publishTimestamp)}</time>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The home tab: indices with a sparkline, hot stocks, the user's list, and links to the product pages. */
export function HomePage() {
  const { t } = useTranslation();
  const indices = useGlobalIndices();
  const hot = useHotStocks();
  const custom = useHomeCustomList();
  const leading = indices.data?.[0];
  const isFailed = indices.isError && hot.isError;
  const dataSource = (indices.data ?? hot.data ?? custom.data)?.[0]?.dataSource;
  return (
    <>
      <NavBar
        title={t('home.title')}
        hasBack={false}
        right={
          <Link to={pagePath('search')} className="nav-bar-icon" aria-label={t('search.title')}>
            <SearchOutline aria-hidden="true" />
          </Link>
        }
      />
      <PushStatusBanner />
      <SimulatedMarketBadge dataSource={dataSource} />
      {isFailed ? (
        <EmptyState icon={<HistogramOutline />} title={t('market.loadFailed')} description={t('market.loadFailedDescription')} />
      ) : null}
      {indices.data ? <IndexStrip indices={indices.data} /> : null}
      {leading ? <IndexSparkline index={leading} /> : null}
      <nav className="quick-links" aria-label={t('home.quickLinks')}>
        <Link to={pagePath('market')} className="quick-link">
          <HistogramOutline aria-hidden="true" />
          <span>{t('tabs.market')}</span>
        </Link>
        <Link to={pagePath('market', { tab: 'futures' })} className="quick-link">
          <TransportQRcodeOutline aria-hidden="true" />
          <span>{t('market.tabs.futures')}</span>
        </Link>
        <Link to={pagePath('watchlist')} className="quick-link">
          <StarOutline aria-hidden="true" />
          <span>{t('tabs.watchlist')}</span>
        </Link>
        <Link to={pagePath('notices')} className="quick-link">
          <SoundOutline aria-hidden="true" />
          <span>{t('home.notices')}</span>
        </Link>
      </nav>
      <LatestNews />
      {custom.data && custom.data.length > 0 ? <HomeList title={t('home.customList')} rows={custom.data} /> : null}
      {hot.data && hot.data.length > 0 ? <HomeList title={t('home.hotStocks')} rows={hot.data} /> : null}
    </>
  );
}
