import '../../../lib/antd-mobile-setup.ts';
import { useTranslation } from '@bolsa/client-kit/i18n';
import { type Locale, type Order, openCloseKinds, type Position, tradeDirections } from '@bolsa/contracts';
import { Dialog } from 'antd-mobile';
import { TransportQRcodeOutline } from 'antd-mobile-icons';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { currencySymbolOf, formatDecimal, formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { loginRouteBackTo } from '../../../lib/navigation.ts';
import { pagePath } from '../../../lib/pages.ts';
import { useToken } from '../../../lib/session-store.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import { useCancelOrder, useClosedPositions, useEntrustedOrders, usePositions } from '../api/trading.ts';
import { useLivePositions } from '../api/use-live-positions.ts';
import { BlockPanel } from '../components/block-orders.tsx';
import { AddMarginDialog, EditLevelsDialog } from '../components/position-dialogs.tsx';
import { floatingTotals } from '../components/position-valuation.ts';
import { RightsPanel } from '../components/rights-panel.tsx';
import { SubscriptionPanel } from '../components/subscription-panel.tsx';
import { moreOf, TradeList } from '../components/trade-list.tsx';
import { OrderRow, Pnl, PositionRow } from '../components/trade-rows.tsx';
import { TwapPanel } from '../components/twap-orders.tsx';
import '../trade.css';

/** The my-trade tabs of spec §2: holding 0, closed 1, entrusted 2, subscription 4, block 5, rights issue 6; and 7, orders worked over time (issue 19 §3). */
const tabs = [
  { index: 0, name: 'holding' },
  { index: 1, name: 'closed' },
  { index: 2, name: 'entrusted' },
  { index: 4, name: 'subscription' },
  { index: 5, name: 'block' },
  { index: 6, name: 'rights' },
  { index: 7, name: 'worked' },
] as const;
type TabIndex = (typeof tabs)[number]['index'];

export function tabFromQuery(value: string | null): TabIndex {
  return tabs.find((tab) => String(tab.index) === value)?.index ?? 0;
}

const noPositions: Position[] = [];

/** The floating P&L and today's P&L of every holding added up, per currency, revalued with them on each quote. */
function HoldingTotals({ positions, locale }: { positions: readonly Position[]; locale: Locale }) {
  const { t } = useTranslation();
  const totals = floatingTotals(positions);
  if (totals.length === 0) return null;
  const today = totals.filter((total) => total.today !== null);
  return (
    <section className="trade-totals" aria-label={t('trade.totals.floating')}>
      <div className="trade-totals-line">
        <span className="trade-row-pnl-label">{t('trade.totals.floating')}</span>
        <span className="trade-totals-values">
          {totals.map((total) => (
            <Pnl key={total.currency} value={total.profit} currency={total.currency} locale={locale} testId="pnl-total" />
          ))}
        </span>
      </div>
      {today.length === 0 ? null : (
        <div className="trade-totals-line">
          <span className="trade-row-pnl-label">{t('trade.totals.today')}</span>
          <span className="trade-totals-values">
            {today.map((total) => (
              <Pnl key={total.currency} value={total.today ?? '0'} currency={total.currency} locale={locale} testId="today-total" />
            ))}
          </span>
        </div>
      )}
    </section>
  );
}

function HoldingPanel({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const positions = usePositions();
  const rows = useLivePositions(positions.data?.list ?? noPositions);
  const [dialog, setDialog] = useState<{ kind: 'margin' | 'levels'; position: Position } | null>(null);
  const close = () => setDialog(null);
  return (
    <>
      <HoldingTotals positions={rows} locale={locale} />
      <TradeList query={positions} count={rows.length} emptyTitle={t('trade.empty.holding')}>
        {rows.map((position) => (
          <PositionRow
            key={position.id}
            position={position}
            locale={locale}
            onAddMargin={(chosen) => setDialog({ kind: 'margin', position: chosen })}
            onEditLevels={(chosen) => setDialog({ kind: 'levels', position: chosen })}
          />
        ))}
      </TradeList>
      {dialog?.kind === 'margin' ? <AddMarginDialog position={dialog.position} locale={locale} onClose={close} /> : null}
      {dialog?.kind === 'levels' ? <EditLevelsDialog position={dialog.position} locale={locale} onClose={close} /> : null}
    </>
  );
}

function ClosedPanel({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const closed = useClosedPositions();
  const rows = closed.data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <TradeList query={closed} count={rows.length} emptyTitle={t('trade.empty.closed')} more={moreOf(closed)}>
      {rows.map((position) => (
        <PositionRow key={position.id} position={position} locale={locale} isClosed />
      ))}
    </TradeList>
  );
}

function EntrustedPanel({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const orders = useEntrustedOrders();
  const cancel = useCancelOrder();
  const rows = orders.data?.pages.flatMap((page) => page.list) ?? [];
  const confirmCancel = async (order: Order) => {
    const isConfirmed = await Dialog.confirm({
      title: t('trade.cancelTitle'),
      // A close queued for the open holds no money: cancelling it keeps the position open.
      content:
        order.openClose === openCloseKinds.close
          ? t('trade.cancelCloseText', { quantity: formatDecimal(order.quantity, locale), code: order.stockCode })
          : t('trade.cancelText', {
              direction: t(order.direction === tradeDirections.sell ? 'trade.sell' : 'trade.buy'),
              quantity: formatDecimal(order.quantity, locale),
              code: order.stockCode,
              amount: formatMoney(order.heldAmount, locale, currencySymbolOf(order.currency)),
            }),
      confirmText: t('trade.cancelOrder'),
      cancelText: t('trade.keepOrder'),
    });
    if (!isConfirmed) return;
    cancel.mutate(order.id, { onSuccess: () => showToast(t('trade.orderCancelled'), 'success'), onError: showError });
  };
  return (
    <TradeList query={orders} count={rows.length} emptyTitle={t('trade.empty.entrusted')} more={moreOf(orders)}>
      {rows.map((order) => (
        <OrderRow
          key={order.id}
          order={order}
          locale={locale}
          onCancel={confirmCancel}
          isCancelling={cancel.isPending && cancel.variables === order.id}
        />
      ))}
    </TradeList>
  );
}

function TabPanel({ tab, locale }: { tab: TabIndex; locale: Locale }) {
  if (tab === 1) return <ClosedPanel locale={locale} />;
  if (tab === 2) return <EntrustedPanel locale={locale} />;
  if (tab === 4) return <SubscriptionPanel locale={locale} />;
  if (tab === 5) return <BlockPanel locale={locale} />;
  if (tab === 6) return <RightsPanel locale={locale} />;
  if (tab === 7) return <TwapPanel locale={locale} />;
  return <HoldingPanel locale={locale} />;
}

/**
 * /pages/trade/index: the user's trading, in seven tabs (`?tab=0` holding, `1` closed, `2` entrusted, `4` subscription, `5` block,
 * `6` rights issue, `7` worked).
 * Holdings revalue live on each quote of what they hold (`useLivePositions`: floating P&L, its percentage
 * and the total). Fills, cancellations and closes refresh every list at once through the push socket (`useLiveTrading`).
 */
export function TradePage() {
  const { t, i18n } = useTranslation();
  const locale = (i18n.resolvedLanguage as Locale | undefined) ?? currentLocale();
  const token = useToken();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = tabFromQuery(searchParams.get('tab'));
  // The tab row scrolls sideways at 375 px: the selected tab (a link may open tab 5) is brought into view.
  useEffect(() => {
    document.getElementById(`trade-tab-${tab}`)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [tab]);

  if (!token) {
    return (
      <>
        <NavBar title={t('trade.title')} hasBack={false} />
        <EmptyState icon={<TransportQRcodeOutline />} title={t('trade.loginTitle')} description={t('trade.loginDescription')}>
          <Link className="button button-primary" to={loginRouteBackTo(pagePath('trade'))}>
            {t('auth.loginButton')}
          </Link>
        </EmptyState>
      </>
    );
  }

  const select = (next: TabIndex) => setSearchParams(next === 0 ? {} : { tab: String(next) }, { replace: true });
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const position = tabs.findIndex((entry) => entry.index === tab);
    const next = tabs[(position + (event.key === 'ArrowRight' ? 1 : tabs.length - 1)) % tabs.length]?.index ?? 0;
    select(next);
    document.getElementById(`trade-tab-${next}`)?.focus();
  };

  return (
    <>
      <NavBar
        title={t('trade.title')}
        hasBack={false}
        right={
          <Link className="nav-bar-text-link" to={pagePath('tradeHistory')}>
            {t('trade.history.open')}
          </Link>
        }
      />
      <div className="page-body">
        <div className="tabs trade-tabs" role="tablist" aria-label={t('trade.title')}>
          {tabs.map(({ index, name }) => (
            <button
              key={name}
              id={`trade-tab-${index}`}
              type="button"
              role="tab"
              className={`tab${tab === index ? ' is-active' : ''}`}
              aria-selected={tab === index}
              aria-controls={`trade-panel-${index}`}
              tabIndex={tab === index ? 0 : -1}
              onClick={() => select(index)}
              onKeyDown={onKeyDown}
            >
              {t(`trade.tabs.${name}`)}
            </button>
          ))}
        </div>
        <div id={`trade-panel-${tab}`} role="tabpanel" aria-labelledby={`trade-tab-${tab}`}>
          <TabPanel tab={tab} locale={locale} />
        </div>
      </div>
    </>
  );
}
