import { useTranslation } from '@bolsa/client-kit/i18n';
import type { FuturesFamily } from '@bolsa/contracts';
import { EmptyState } from '../../../components/empty-state.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { PushStatusBanner } from '../../../components/push-status-banner.tsx';
import { fromQuoteRow, QuoteList, withLiveQuote } from '../../../components/quote-list.tsx';
import { SimulatedMarketBadge } from '../../../components/simulated-market-badge.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useLiveQuotes } from '../../../lib/push-client.ts';
import { useFuturesFamilies } from '../api/get-product-pages.ts';
import '../market.css';

type Month = FuturesFamily['products'][number]['front'];

/** One family: each product's front month, then its next, each with its last trade date and roll date. */
function Family({ family, live }: { family: FuturesFamily; live: ReturnType<typeof useLiveQuotes> }) {
  const { t } = useTranslation();
  const title = t(`products.future.families.${family.group}`);
  const note = (role: 'front' | 'next', month: Month) =>
    t('products.future.note', {
      role: t(`products.future.${role}`),
      last: formatDate(month.lastTradeDate, 'DD/MM/YYYY'),
      roll: month.rollDate ? formatDate(month.rollDate, 'DD/MM/YYYY') : '—',
    });
  const items = family.products.flatMap((product) => [
    { ...withLiveQuote(fromQuoteRow(product.front), live.get(product.front.stock_code)), note: note('front', product.front) },
    ...(product.next
      ? [{ ...withLiveQuote(fromQuoteRow(product.next), live.get(product.next.stock_code)), note: note('next', product.next) }]
      : []),
  ]);
  return (
    <section className="popular-section" aria-label={title}>
      <h2 className="section-title">{title}</h2>
      <QuoteList items={items} label={title} />
    </section>
  );
}

/** /pages/product/future (spec §2, issue 17 §3): futures by product family, front and next months with roll dates. */
export function FuturesFamiliesPage() {
  const { t } = useTranslation();
  const families = useFuturesFamilies();
  const codes = (families.data ?? []).flatMap((family) =>
    family.products.flatMap((product) => [product.front.stock_code, ...(product.next ? [product.next.stock_code] : [])]),
  );
  const live = useLiveQuotes(codes);
  const first = families.data?.[0]?.products[0]?.front;
  return (
    <>
      <NavBar title={t('products.future.title')} />
      <PushStatusBanner />
      <SimulatedMarketBadge dataSource={first?.dataSource} />
      <p className="popular-intro">{t('products.future.intro')}</p>
      {families.isError ? <EmptyState title={t('market.loadFailed')} description={t('market.loadFailedDescription')} /> : null}
      {families.data?.map((family) => (
        <Family key={family.group} family={family} live={live} />
      ))}
    </>
  );
}
