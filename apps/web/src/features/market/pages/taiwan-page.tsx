import { useTranslation } from '@bolsa/client-kit/i18n';
import { EmptyState } from '../../../components/empty-state.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { PushStatusBanner } from '../../../components/push-status-banner.tsx';
import { fromQuoteRow, QuoteList, withLiveQuote } from '../../../components/quote-list.tsx';
import { SimulatedMarketBadge } from '../../../components/simulated-market-badge.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useLiveQuotes } from '../../../lib/push-client.ts';
import { useTaiwanBoard } from '../api/get-product-pages.ts';
import '../market.css';

/** /pages/product/taiwan (spec §2, issue 17 §3): the TWSE's status and hours, and its stocks by sector. */
export function TaiwanPage() {
  const { t } = useTranslation();
  const board = useTaiwanBoard();
  const data = board.data;
  const live = useLiveQuotes(data?.sectors.flatMap((sector) => sector.rows.map((row) => row.stock_code)) ?? []);
  const hours = data?.sessions.map((session) => `${session.start}–${session.end}`).join(', ');
  return (
    <>
      <NavBar title={t('products.taiwan.title')} />
      <PushStatusBanner />
      <SimulatedMarketBadge dataSource={data?.sectors[0]?.rows[0]?.dataSource} />
      {board.isError ? <EmptyState title={t('market.loadFailed')} description={t('market.loadFailedDescription')} /> : null}
      {data ? (
        <section className="market-status" aria-label={t('products.taiwan.statusLabel')}>
          <p>
            TWSE <span className={`status-tag status-${data.status}`}>{t(`quote.status.${data.status}`)}</span>
          </p>
          <p>{t('products.taiwan.hours', { hours, zone: data.timeZone })}</p>
          {data.nextOpenTimestamp ? <p>{t('quote.nextOpen', { time: formatDate(data.nextOpenTimestamp) })}</p> : null}
          <p>{t('products.taiwan.intro')}</p>
        </section>
      ) : null}
      {data?.sectors.map((sector) => (
        <section key={sector.sector} className="popular-section" aria-label={sector.sector}>
          <h2 className="section-title">{sector.sector}</h2>
          <QuoteList items={sector.rows.map((row) => withLiveQuote(fromQuoteRow(row), live.get(row.stock_code)))} label={sector.sector} />
        </section>
      ))}
    </>
  );
}
