import { useTranslation } from '@bolsa/client-kit/i18n';
import { type Locale, type Order, openCloseKinds, orderStatuses, type Position, tradeDirections } from '@bolsa/contracts';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import {
  currencySymbolOf,
  formatDate,
  formatDecimal,
  formatMoney,
  formatNumber,
  formatPercent,
  formatSignedMoney,
} from '../../../lib/format.ts';
import { pagePath } from '../../../lib/pages.ts';
import { toMoneyText } from './trade-format.ts';
import '../trade.css';

/** One fact of a row; a wide one (an amount that may be long, "NT$1.730.000,00") takes two of the three columns. */
function Detail({ label, value, className, isWide = false }: { label: string; value: string; className?: string; isWide?: boolean }) {
  return (
    <div className={isWide ? 'trade-detail is-wide' : 'trade-detail'}>
      <dt>{label}</dt>
      <dd className={className}>{value}</dd>
    </div>
  );
}

function DirectionTag({ direction }: { direction: number }) {
  const { t } = useTranslation();
  return (
    <span className={`trade-direction ${direction === tradeDirections.sell ? 'is-sell' : 'is-buy'}`}>
      {t(direction === tradeDirections.sell ? 'trade.sides.1' : 'trade.sides.0')}
    </span>
  );
}

/** Signed profit or loss, rise green / fall red (spec: floating P&L on holdings, realised on closed). */
export function Pnl({ value, currency, locale, testId = 'pnl' }: { value: string; currency: string; locale: Locale; testId?: string }) {
  const { text, trend } = formatSignedMoney(value, locale, currency);
  return (
    <span className={`trade-pnl ${trend}`} data-testid={testId}>
      {text}
    </span>
  );
}

/** The floating P&L as a percentage of the open price (spec §3 `zdf`), coloured as the P&L. */
function PnlRatio({ value, locale }: { value: string; locale: Locale }) {
  const number = Number(value);
  const trend = number > 0 ? 'rise' : number < 0 ? 'fall' : 'flat';
  return (
    <span className={`trade-pnl-ratio ${trend}`} data-testid="pnl-ratio">
      {formatPercent(value, locale)}
    </span>
  );
}

/** Open or closed, and whether it reads as an investor's cash holding (leverage 1) or a leveraged position. */
type PositionKind = { isClosed: boolean; isCash: boolean };

/** A cash holding's total P&L: floating on what is held plus what its sales realised (display only). */
function totalPnlOf(position: Position): string {
  return toMoneyText(Number(position.profit) + Number(position.sellProfit)) || position.profit;
}

function PositionHead({ position, locale, kind }: { position: Position; locale: Locale; kind: PositionKind }) {
  const { t } = useTranslation();
  const { isClosed, isCash } = kind;
  const label = isClosed ? 'trade.fields.realisedPnl' : isCash ? 'trade.fields.totalPnl' : 'trade.fields.floatingPnl';
  const pnl = isClosed ? position.sellProfit : isCash ? totalPnlOf(position) : position.profit;
  return (
    <div className="trade-row-head">
      <div className="trade-row-title">
        <span className="trade-row-name">{position.stockName}</span>
        <span className="trade-row-code">{position.stockCode}</span>
        <DirectionTag direction={position.direction} />
      </div>
      <div className="trade-row-pnl">
        <span className="trade-row-pnl-label">{t(label)}</span>
        <Pnl value={pnl} currency={position.currency} locale={locale} />
        {isClosed ? null : <PnlRatio value={position.zdf} locale={locale} />}
      </div>
    </div>
  );
}

/** Today's P&L and the weight in the portfolio of an open position, as the account values it (issue 15 §11). */
function AccountShare({ position, locale }: { position: Position; locale: Locale }) {
  const { t } = useTranslation();
  const today = position.todayPnl == null ? null : formatSignedMoney(position.todayPnl, locale, position.currency);
  return (
    <>
      {today ? <Detail label={t('trade.fields.todayPnl')} value={today.text} className={`trade-pnl ${today.trend}`} isWide /> : null}
      {position.weight == null ? null : (
        <Detail label={t('trade.fields.weight')} value={`${formatNumber(position.weight, locale, { decimals: 2, minimumDecimals: 2 })}%`} />
      )}
    </>
  );
}

function PositionDetails({ position, locale, kind }: { position: Position; locale: Locale; kind: PositionKind }) {
  const { t } = useTranslation();
  const { isClosed, isCash } = kind;
  const symbol = currencySymbolOf(position.currency);
  const marketValue =
    position.marketValue ?? (Number(position.positionNum) * Number(position.currentPrice) * Number(position.multiplier)).toFixed(2);
  return (
    <dl className="trade-details">
      <Detail label={t('trade.fields.quantity')} value={formatDecimal(isClosed ? position.quantity : position.positionNum, locale)} />
      <Detail label={t(isCash ? 'trade.fields.averageCost' : 'trade.fields.openPrice')} value={formatDecimal(position.openPrice, locale)} />
      {isClosed ? (
        <Detail label={t('trade.fields.closePrice')} value={formatDecimal(position.closePrice, locale)} />
      ) : (
        <Detail label={t('trade.fields.currentPrice')} value={formatDecimal(position.currentPrice, locale)} />
      )}
      {isCash ? (
        <Detail label={t('trade.fields.marketValue')} value={formatMoney(marketValue, locale, symbol)} isWide />
      ) : (
        <>
          <Detail label={t('trade.fields.leverage')} value={`${position.leverage}×`} />
          <Detail label={t('trade.fields.margin')} value={formatMoney(position.margin, locale, symbol)} />
        </>
      )}
      {isClosed ? null : <AccountShare position={position} locale={locale} />}
      <Detail label={t('trade.fields.fees')} value={formatMoney(position.fees, locale, symbol)} />
      {!isClosed && Number(position.sellProfit) !== 0 ? (
        <Detail label={t('trade.fields.realisedPnl')} value={formatSignedMoney(position.sellProfit, locale, position.currency).text} />
      ) : null}
      {position.takeProfit ? <Detail label={t('trade.fields.takeProfit')} value={formatDecimal(position.takeProfit, locale)} /> : null}
      {position.stopLoss ? <Detail label={t('trade.fields.stopLoss')} value={formatDecimal(position.stopLoss, locale)} /> : null}
      <Detail
        label={t(isClosed ? 'trade.fields.closeTime' : 'trade.fields.openTime')}
        value={formatDate(isClosed ? position.closeTimeTimestamp : position.createTimeTimestamp)}
      />
    </dl>
  );
}

export function PositionRow({
  position,
  locale,
  isClosed = false,
  onAddMargin,
  onEditLevels,
}: {
  position: Position;
  locale: Locale;
  isClosed?: boolean;
  onAddMargin?: (position: Position) => void;
  onEditLevels?: (position: Position) => void;
}) {
  const { t } = useTranslation();
  // A cash holding (leverage 1) reads as an investor's: average cost, market value, today's and total P&L and
  // its weight; margin, leverage, add margin and edit levels belong to leveraged positions only (issue 15 §11).
  const kind = { isClosed, isCash: !isClosed && position.leverage === 1 };
  return (
    <li className="trade-row" aria-label={`${position.stockName} ${position.stockCode}`}>
      <PositionHead position={position} locale={locale} kind={kind} />
      <PositionDetails position={position} locale={locale} kind={kind} />
      {isClosed ? null : (
        <div className="trade-row-actions trade-row-actions-grid">
          {onEditLevels && !kind.isCash ? (
            <button type="button" className="button button-small button-default" onClick={() => onEditLevels(position)}>
              {t('trade.editLevels.open')}
            </button>
          ) : null}
          {onAddMargin && !kind.isCash ? (
            <button type="button" className="button button-small button-default" onClick={() => onAddMargin(position)}>
              {t('trade.addMargin.open')}
            </button>
          ) : null}
          <Link className="button button-small button-default" to={pagePath('paymentClose', { positionId: position.id })}>
            {t('trade.close')}
          </Link>
        </div>
      )}
    </li>
  );
}

const cancelReasons = ['cancelled_by_user', 'insufficient_funds', 'expired', 'position_closed'] as const;

/** Who closed a position through this order, or why the order was cancelled. */
function reasonOf(order: Order, t: TFunction): string | null {
  if (order.closeReason) return t(`trade.closeReasons.${order.closeReason}`);
  const cancelReason = cancelReasons.find((known) => known === order.cancelReason);
  return cancelReason ? t(`trade.cancelReasons.${cancelReason}`) : null;
}

export function OrderRow({
  order,
  locale,
  onCancel,
  isCancelling = false,
}: {
  order: Order;
  locale: Locale;
  /** Offered only while the order is in progress. */
  onCancel?: ((order: Order) => void) | undefined;
  isCancelling?: boolean;
}) {
  const { t } = useTranslation();
  const symbol = currencySymbolOf(order.currency);
  const isInProgress = order.status === orderStatuses.entrusted || order.status === orderStatuses.triggered;
  const reason = reasonOf(order, t);
  return (
    <li className="trade-row" aria-label={`${order.stockName} ${order.stockCode}`}>
      <div className="trade-row-head">
        <div className="trade-row-title">
          <span className="trade-row-name">{order.stockName}</span>
          <span className="trade-row-code">{order.stockCode}</span>
          <DirectionTag direction={order.direction} />
        </div>
        <span className="trade-status">
          {order.openClose === openCloseKinds.close ? `${t('trade.openClose.1')} · ` : ''}
          {t(`trade.status.${order.status}`)}
        </span>
      </div>
      <dl className="trade-details">
        <Detail label={t('trade.fields.type')} value={t(`trade.orderTypes.${order.type}`)} />
        <Detail label={t('trade.fields.quantity')} value={formatDecimal(order.quantity, locale)} />
        {order.price ? <Detail label={t('trade.fields.price')} value={formatDecimal(order.price, locale)} /> : null}
        {order.stopPrice ? <Detail label={t('trade.fields.stopPrice')} value={formatDecimal(order.stopPrice, locale)} /> : null}
        <Detail label={t('trade.fields.leverage')} value={`${order.leverage}×`} />
        {order.fillPrice ? (
          <>
            <Detail label={t('trade.fields.fillPrice')} value={formatDecimal(order.fillPrice, locale)} />
            {order.amount ? <Detail label={t('trade.fields.amount')} value={formatMoney(order.amount, locale, symbol)} /> : null}
            {order.fee ? <Detail label={t('trade.fields.fee')} value={formatMoney(order.fee, locale, symbol)} /> : null}
          </>
        ) : isInProgress && order.openClose === openCloseKinds.open ? (
          <Detail label={t('trade.fields.held')} value={formatMoney(order.heldAmount, locale, symbol)} />
        ) : isInProgress ? (
          <Detail label={t('trade.fields.fillsAt')} value={t('trade.fillsAtOpen')} />
        ) : null}
        {order.openClose === openCloseKinds.open && isInProgress ? (
          <Detail label={t('trade.fields.timeInForce')} value={t(`trade.ticket.timeInForces.${order.timeInForce}`)} />
        ) : null}
        {order.takeProfit ? <Detail label={t('trade.fields.takeProfit')} value={formatDecimal(order.takeProfit, locale)} /> : null}
        {order.stopLoss ? <Detail label={t('trade.fields.stopLoss')} value={formatDecimal(order.stopLoss, locale)} /> : null}
        {reason ? <Detail label={t('trade.fields.reason')} value={reason} /> : null}
        <Detail label={t('trade.fields.orderTime')} value={formatDate(order.createTimeTimestamp)} />
      </dl>
      {onCancel && isInProgress ? (
        <div className="trade-row-actions">
          <button type="button" className="button button-small button-danger" onClick={() => onCancel(order)} disabled={isCancelling}>
            {t('trade.cancelOrder')}
          </button>
        </div>
      ) : null}
    </li>
  );
}
