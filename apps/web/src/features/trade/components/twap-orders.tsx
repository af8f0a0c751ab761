import { useTranslation } from '@bolsa/client-kit/i18n';
import type { Locale, TwapOrder } from '@bolsa/contracts';
import { Dialog, ProgressBar } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { currencySymbolOf, formatDate, formatDecimal, formatMoney } from '../../../lib/format.ts';
import { pagePath } from '../../../lib/pages.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import { useCancelTwap, useTwapOrders } from '../api/twap.ts';
import { SummaryRows } from './summary-rows.tsx';
import { TradeList } from './trade-list.tsx';

const knownStops = new Set(['INSUFFICIENT_FUNDS', 'SELL_EXCEEDS_HOLDING']);

/** Seconds until a time, ticking every second while there is one. */
function useSecondsUntil(at: number | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [at]);
  return at === null ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** What the order is doing in words: working (or waiting, and why), or how it ended. */
function stateOf(order: TwapOrder, t: (key: string) => string) {
  if (order.status === 'working' && order.waitReason) return t(`trade.twap.wait.${order.waitReason}`);
  if (order.status === 'stopped') return t(`trade.twap.stop.${knownStops.has(order.stopReason ?? '') ? order.stopReason : 'other'}`);
  return t(`trade.twap.status.${order.status}`);
}

/** One worked order: progress (filled, average price, remaining, slices, next slice) and its cancel while it works. */
function TwapRow({
  order,
  locale,
  onCancel,
  isCancelling,
}: {
  order: TwapOrder;
  locale: Locale;
  onCancel: (order: TwapOrder) => void;
  isCancelling: boolean;
}) {
  const { t } = useTranslation();
  const symbol = currencySymbolOf(order.currency);
  const secondsLeft = useSecondsUntil(order.nextSliceAtTimestamp);
  const percent = Math.round((Number(order.filledQuantity) / Number(order.quantity)) * 100);
  const rows: Array<[string, string]> = [
    [t('trade.twap.filled'), `${formatDecimal(order.filledQuantity, locale)} / ${formatDecimal(order.quantity, locale)}`],
    [t('trade.twap.averagePrice'), order.averagePrice === null ? '–' : formatMoney(order.averagePrice, locale, symbol)],
    // Once ended, what is left will not be worked: it is no longer "remaining".
    [t(order.status === 'working' ? 'trade.twap.remaining' : 'trade.twap.unfilled'), formatDecimal(order.remainingQuantity, locale)],
    [t('trade.twap.slicesDone'), `${order.slicesFilled} / ${order.slices}`],
    [t('trade.twap.fees'), formatMoney(order.fees, locale, symbol)],
  ];
  if (order.limitPrice !== null) rows.push([t('trade.twap.limitPrice'), formatMoney(order.limitPrice, locale, symbol)]);
  if (secondsLeft !== null && order.nextSliceAtTimestamp !== null)
    rows.push([
      t('trade.twap.nextSlice'),
      `${formatDate(order.nextSliceAtTimestamp, 'HH:mm:ss')} · ${secondsLeft > 0 ? t('trade.twap.nextIn', { seconds: secondsLeft }) : t('trade.twap.now')}`,
    ]);
  return (
    <article className="trade-row block-order" aria-label={`${order.code} ${t(`trade.sides.${order.direction}`)}`} data-testid="twap-order">
      <header className="block-order-head">
        <strong>
          {order.code} · {t(`trade.sides.${order.direction}`)}
        </strong>
        <span data-testid="twap-state">{stateOf(order, t)}</span>
      </header>
      <ProgressBar percent={percent} aria-label={t('trade.twap.filled')} />
      <SummaryRows rows={rows} />
      {order.status === 'working' ? (
        <button type="button" className="button button-small" disabled={isCancelling} onClick={() => onCancel(order)}>
          {t('trade.twap.cancel')}
        </button>
      ) : null}
    </article>
  );
}

/** The Trade tab's worked orders (issue 19 §3): progress live through the trading events, cancel at any time. */
export function TwapPanel({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const orders = useTwapOrders();
  const cancel = useCancelTwap();
  const rows = orders.data?.list ?? [];
  const confirmCancel = async (order: TwapOrder) => {
    const isConfirmed = await Dialog.confirm({
      title: t('trade.twap.cancelTitle'),
      content: t('trade.twap.cancelText', {
        filled: formatDecimal(order.filledQuantity, locale),
        quantity: formatDecimal(order.quantity, locale),
      }),
      confirmText: t('trade.twap.cancel'),
      cancelText: t('trade.twap.keep'),
    });
    if (!isConfirmed) return;
    cancel.mutate(order.id, { onSuccess: () => showToast(t('trade.twap.cancelled'), 'success'), onError: showError });
  };
  return (
    <>
      <p className="block-panel-link">
        <Link className="button button-small" to={pagePath('twap')}>
          {t('trade.twap.open')}
        </Link>
      </p>
      <TradeList query={orders} count={rows.length} emptyTitle={t('trade.twap.empty')} emptyHint={t('trade.twap.emptyHint')}>
        {rows.map((order) => (
          <TwapRow
            key={order.id}
            order={order}
            locale={locale}
            onCancel={confirmCancel}
            isCancelling={cancel.isPending && cancel.variables === order.id}
          />
        ))}
      </TradeList>
    </>
  );
}
