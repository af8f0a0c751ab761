import { useTranslation } from '@bolsa/client-kit/i18n';
import type { BlockOrder, Locale } from '@bolsa/contracts';
import { Link } from 'react-router';
import { currencySymbolOf, formatDate, formatDecimal, formatMoney, formatNumber, formatPercent } from '../../../lib/format.ts';
import { pagePath } from '../../../lib/pages.ts';
import { useBlockOrders } from '../api/blocktrade.ts';
import { SummaryRows } from './summary-rows.tsx';
import { TradeList } from './trade-list.tsx';

/** One block and its post-trade report: quoted price, mid at quote and at fill, price against the mid, band and fee. */
function BlockOrderRow({ order, locale }: { order: BlockOrder; locale: Locale }) {
  const { t } = useTranslation();
  const symbol = currencySymbolOf(order.currency);
  const percent = (value: string | null) => (value === null ? '–' : formatPercent(Number(value) * 100, locale, 3));
  return (
    <article className="trade-row block-order" aria-label={`${order.code} ${formatDecimal(order.quantity, locale)}`}>
      <header className="block-order-head">
        <strong>
          {order.code} · {t(`trade.sides.${order.direction}`)}
        </strong>
        <span>{t('trade.block.status.filled')}</span>
      </header>
      <SummaryRows
        rows={[
          [t('trade.fields.quantity'), formatDecimal(order.quantity, locale)],
          [t('trade.block.price'), formatMoney(order.price, locale, symbol)],
          [t('trade.block.midAtQuote'), formatDecimal(order.midAtQuote, locale)],
          [t('trade.block.midAtFill'), formatDecimal(order.midAtFill, locale)],
          [t('trade.block.priceVsMid'), percent(order.priceVsMid)],
          [t('trade.block.band'), `± ${formatNumber(Number(order.bandRate) * 100, locale, { decimals: 2 })} %`],
          [t('trade.fields.amount'), formatMoney(order.amount, locale, symbol)],
          [t('trade.fields.fee'), formatMoney(order.fee, locale, symbol)],
          [t('trade.fields.orderTime'), formatDate(order.filledAtTimestamp ?? order.quotedAtTimestamp)],
        ]}
      />
    </article>
  );
}

/** The Trade tab's block tab (spec §2, tab 5): the user's block orders, and the way to the block-trade page. */
export function BlockPanel({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const orders = useBlockOrders();
  const rows = orders.data?.list ?? [];
  return (
    <>
      <p className="block-panel-link">
        <Link className="button button-small" to={pagePath('blockTrade')}>
          {t('trade.block.open')}
        </Link>
      </p>
      <TradeList query={orders} count={rows.length} emptyTitle={t('trade.empty.block')} emptyHint={t('trade.block.emptyHint')}>
        {rows.map((order) => (
          <BlockOrderRow key={order.id} order={order} locale={locale} />
        ))}
      </TradeList>
    </>
  );
}
