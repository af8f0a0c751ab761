import { useTranslation } from '@bolsa/client-kit/i18n';
import type { PopularRow } from '@bolsa/contracts';
import { FireFill } from 'antd-mobile-icons';
import { EmptyState } from '../../../components/empty-state.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { PushStatusBanner } from '../../../components/push-status-banner.tsx';
import { fromQuoteRow, QuoteList, withLiveQuote } from '../../../components/quote-list.tsx';
import { SimulatedMarketBadge } from '../../../components/simulated-market-badge.tsx';
import { useLiveQuotes } from '../../../lib/push-client.ts';
import { usePopular } from '../api/get-popular.ts';
import '../market.css';

/** One ranked list with each instrument's count, or what is honestly not there yet. */
function PopularList({ title, rows, countKey, emptyKey }: { title: string; rows: PopularRow[]; countKey: string; emptyKey: string }) {
  const { t } = useTranslation();
  const live = useLiveQuotes(rows.map((row) => row.stock_code));
  const items = rows.map((row) => ({
    ...withLiveQuote(fromQuoteRow(row), live.get(row.stock_code)),
    note: t(countKey, { count: row.count }),
  }));
  return (
    <section className="popular-section" aria-label={title}>
      <h2 className="section-title">{title}</h2>
      {items.length > 0 ? <QuoteList items={items} label={title} /> : <EmptyState icon={<FireFill />} title={t(emptyKey)} />}
    </section>
  );
}

/** /pages/product/popular (spec §2, issue 17 §3): today's most traded and the most watched, from this platform's own activity. */
export function PopularPage() {
  const { t } = useTranslation();
  const popular = usePopular();
  const data = popular.data;
  return (
    <>
      <NavBar title={t('popular.title')} />
      <PushStatusBanner />
      <SimulatedMarketBadge dataSource={(data?.traded[0] ?? data?.watched[0])?.dataSource} />
      <p className="popular-intro">{t('popular.intro')}</p>
      {popular.isError ? <EmptyState title={t('market.loadFailed')} description={t('market.loadFailedDescription')} /> : null}
      {data ? (
        <>
          <PopularList title={t('popular.traded')} rows={data.traded} countKey="popular.tradedCount" emptyKey="popular.tradedEmpty" />
          <PopularList title={t('popular.watched')} rows={data.watched} countKey="popular.watchedCount" emptyKey="popular.watchedEmpty" />
        </>
      ) : null}
    </>
  );
}
