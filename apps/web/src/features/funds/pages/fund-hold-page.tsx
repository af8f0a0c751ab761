import { useTranslation } from '@bolsa/client-kit/i18n';
import type { Locale } from '@bolsa/contracts';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { pagePath } from '../../../lib/pages.ts';
import { type FundHolding, type FundOrder, type FundStat, useFundHoldings, useFundOrders, useFundStat } from '../api/funds-api.ts';
import { dayText, timeText } from '../components/fund-format.ts';
import { RedeemForm } from '../components/redeem-form.tsx';
import '../funds.css';

function Facts({ facts }: { facts: Array<[string, string]> }) {
  return (
    <dl className="fund-facts">
      {facts.map(([label, value]) => (
        <div key={label} className="fund-row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function StatCard({ stat, locale }: { stat: FundStat; locale: Locale }) {
  const { t } = useTranslation();
  const money = (value: string) => formatMoney(value, locale);
  return (
    <section className="fund-card" aria-label={t('fund.totals')}>
      <Facts
        facts={[
          [t('fund.totalAssets'), money(stat.totalAssets)],
          [t('fund.currentAmount'), money(stat.currentAmount)],
          [
            stat.lastIncomeDate ? t('fund.lastIncomeOn', { date: dayText(stat.lastIncomeDate) }) : t('fund.lastIncome'),
            money(stat.lastIncome),
          ],
          [t('fund.currentIncome'), money(stat.currentIncome)],
          [t('fund.periodAmount'), money(stat.periodAmount)],
          [t('fund.periodIncome'), money(stat.periodIncome)],
          [t('fund.regularAmount'), money(stat.regularAmount)],
          [t('fund.pendingRedemption'), money(stat.pendingRedemption)],
        ]}
      />
    </section>
  );
}

function HoldingItem({ holding, locale }: { holding: FundHolding; locale: Locale }) {
  const { t } = useTranslation();
  const [isRedeeming, setRedeeming] = useState(false);
  const money = (value: string) => formatMoney(value, locale);
  const facts: Array<[string, string]> =
    holding.kind === 'current'
      ? [
          [t('fund.balance'), money(holding.balance)],
          [
            holding.lastIncomeDate ? t('fund.lastIncomeOn', { date: dayText(holding.lastIncomeDate) }) : t('fund.lastIncome'),
            money(holding.lastIncome),
          ],
          [t('fund.incomeTotal'), money(holding.income)],
        ]
      : [
          [t('fund.principal'), money(holding.balance)],
          [t('fund.maturity'), holding.expireTimeTimestamp ? timeText(holding.expireTimeTimestamp) : ''],
          [t('fund.incomeAtMaturity'), money(holding.incomeAtMaturity ?? '0')],
        ];
  return (
    <li className="fund-card" aria-label={holding.productName}>
      <h2 className="fund-title">{holding.productName}</h2>
      <Facts facts={facts} />
      {isRedeeming ? (
        <RedeemForm holding={holding} locale={locale} onDone={() => setRedeeming(false)} />
      ) : (
        <div className="fund-actions">
          <button type="button" className="button button-default" onClick={() => setRedeeming(true)} disabled={holding.balance === '0.00'}>
            {t('fund.redeem')}
          </button>
        </div>
      )}
    </li>
  );
}

function OrderItem({ order, locale }: { order: FundOrder; locale: Locale }) {
  const { t } = useTranslation();
  const detail =
    order.status === 'pending' && order.arrivalTimestamp
      ? t('fund.arrivesAt', { amount: formatMoney(order.deferredAmount, locale), time: timeText(order.arrivalTimestamp) })
      : order.planId
        ? t('fund.byPlan')
        : '';
  return (
    <li className="fund-card">
      <div className="fund-row">
        <strong>
          {t(`fund.orderKind.${order.kind}`)} · {order.productName}
        </strong>
        <span>{formatMoney(order.amount, locale)}</span>
      </div>
      <div className="fund-row fund-note">
        <span>{detail}</span>
        <span>{timeText(order.createTimeTimestamp)}</span>
      </div>
    </li>
  );
}

/** /pages/yinmutual/myhold: the totals, each holding with its income and redemption, and the orders. */
export function FundHoldPage() {
  const { t } = useTranslation();
  const locale = currentLocale();
  const stat = useFundStat();
  const holdings = useFundHoldings();
  const orders = useFundOrders();
  const open = (holdings.data ?? []).filter((holding) => holding.balance !== '0.00' || holding.income !== '0.00');
  return (
    <>
      <NavBar title={t('fund.myHoldings')} />
      <div className="page-body">
        {stat.data ? <StatCard stat={stat.data} locale={locale} /> : <ListSkeleton rows={2} />}
        {holdings.isPending ? null : open.length === 0 ? (
          <EmptyState title={t('fund.noHoldings')}>
            <Link className="button button-default" to={pagePath('fund')}>
              {t('fund.title')}
            </Link>
          </EmptyState>
        ) : (
          <ul className="fund-list">
            {open.map((holding) => (
              <HoldingItem key={holding.id} holding={holding} locale={locale} />
            ))}
          </ul>
        )}
        <h2 className="fund-section-title">{t('fund.orders')}</h2>
        <ul className="fund-list">
          {(orders.data?.list ?? []).map((order) => (
            <OrderItem key={order.id} order={order} locale={locale} />
          ))}
        </ul>
      </div>
    </>
  );
}
