import { useTranslation } from '@bolsa/client-kit/i18n';
import type { FollowOrder, Locale } from '@bolsa/contracts';
import type { ReactNode } from 'react';
import { FactList } from '../../../components/info-card.tsx';
import { formatDate, formatMoney, formatNumber, formatSignedMoney } from '../../../lib/format.ts';
import { fractionPercent, periodLabel } from './follow-format.ts';

/** One follow: its institution and state (spec §4), the amount put in and its total now (spec §3), and how it ended. */
export function FollowItem({ order, locale, children }: { order: FollowOrder; locale: Locale; children?: ReactNode }) {
  const { t } = useTranslation();
  const money = (value: string) => formatMoney(value, locale, '$');
  const date = (value: number) => formatDate(value, 'DD/MM/YYYY HH:mm');
  const rows: Array<[string, ReactNode]> = [
    [t('follow.order.subscriptionAmount'), money(order.subscriptionAmount)],
    [t('follow.order.totalAmount'), money(order.totalAmount)],
    [t('follow.order.period'), periodLabel(order.periodMinutes, t)],
  ];
  if (order.stopLossPercent !== null) rows.push([t('follow.order.stopLoss'), `${order.stopLossPercent} %`]);
  // This follow's own fee terms: the institution's when it was made, kept even if the operator changes them since.
  rows.push([t('follow.fields.managementFee'), fractionPercent(order.managementFeeRate, locale, false)]);
  rows.push([t('follow.fields.performanceFee'), fractionPercent(order.performanceFeeRate, locale, false)]);
  if (order.units !== null) rows.push([t('follow.order.units'), formatNumber(order.units, locale, { decimals: 8 })]);
  if (order.entryNav !== null) rows.push([t('follow.order.entryNav'), formatNumber(order.entryNav, locale, { decimals: 8 })]);
  if (order.endTimestamp !== null && order.status !== 'settled') rows.push([t('follow.order.lockedUntil'), date(order.endTimestamp)]);
  if (order.exitNav !== null) rows.push([t('follow.order.exitNav'), formatNumber(order.exitNav, locale, { decimals: 8 })]);
  if (order.managementFee !== null) rows.push([t('follow.order.managementFee'), money(order.managementFee)]);
  if (order.performanceFee !== null) rows.push([t('follow.order.performanceFee'), money(order.performanceFee)]);
  if (order.result !== null) {
    const result = formatSignedMoney(order.result, locale, order.currency);
    rows.push([
      t('follow.order.result'),
      <span key="result" className={result.trend}>
        {result.text}
      </span>,
    ]);
  }
  return (
    <li className="info-card">
      <div className="info-card-head">
        <h2 className="info-card-name">{order.institutionName}</h2>
        <span className={`status-tag follow-state follow-state-${order.status}`}>{t(`follow.status.${order.status}`)}</span>
      </div>
      {order.endReason ? <p className="follow-note">{t(`follow.endReason.${order.endReason}`)}</p> : null}
      <FactList rows={rows} />
      <p className="follow-note">{t('follow.order.termsNote')}</p>
      <p className="info-card-sub">{date(order.createTimestamp)}</p>
      {children}
    </li>
  );
}
