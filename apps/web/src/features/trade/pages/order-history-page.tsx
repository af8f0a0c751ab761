import { useTranslation } from '@bolsa/client-kit/i18n';
import type { Locale } from '@bolsa/contracts';
import { NavBar } from '../../../components/nav-bar.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { useOrderHistory } from '../api/trading.ts';
import { moreOf, TradeList } from '../components/trade-list.tsx';
import { OrderRow } from '../components/trade-rows.tsx';
import '../trade.css';

/**
 * /pages/trade/history: position activity (`POST /position/water/pageList`), every order newest first,
 * with how it ended: its fill, who closed the position, or why it was cancelled. Read a page at a time.
 */
export function OrderHistoryPage() {
  const { t, i18n } = useTranslation();
  const locale = (i18n.resolvedLanguage as Locale | undefined) ?? currentLocale();
  const history = useOrderHistory();
  const rows = history.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <>
      <NavBar title={t('trade.history.title')} />
      <div className="page-body">
        <TradeList
          query={history}
          count={rows.length}
          emptyTitle={t('trade.history.empty')}
          emptyHint={t('trade.history.emptyHint')}
          more={moreOf(history)}
        >
          {rows.map((order) => (
            <OrderRow key={order.id} order={order} locale={locale} />
          ))}
        </TradeList>
      </div>
    </>
  );
}
