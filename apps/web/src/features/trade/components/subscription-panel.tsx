import { useTranslation } from '@bolsa/client-kit/i18n';
import type { Locale, Subscription } from '@bolsa/contracts';
import { Link } from 'react-router';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format.ts';
import { pagePath } from '../../../lib/pages.ts';
import { useSubscriptions } from '../api/subscriptions.ts';
import { SummaryRows } from './summary-rows.tsx';
import { TradeList } from './trade-list.tsx';

/** How this allotment was computed, from the published numbers: supply, demand, the rule and this application's lots. */
function Explanation({ subscription, locale }: { subscription: Subscription; locale: Locale }) {
  const { t } = useTranslation();
  const { explanation, offering } = subscription;
  if (!explanation) return null;
  const rule = explanation.balloted
    ? t(`newstock.rules.${explanation.rule}Explained`)
    : t('newstock.explain.covered', { demand: explanation.demandLots, total: explanation.totalLots });
  return (
    <details className="subscription-explain">
      <summary>{t('newstock.explain.title')}</summary>
      <p>
        {t('newstock.explain.summary', {
          applied: explanation.appliedLots,
          allotted: explanation.allottedLots,
          total: explanation.totalLots,
          demand: explanation.demandLots,
          applications: explanation.applications,
        })}
      </p>
      <p>{rule}</p>
      {offering.oversubscription ? <p>{t('newstock.explain.oversubscription', { ratio: offering.oversubscription })}</p> : null}
      {offering.oneLotSuccessRate ? (
        <p>{t('newstock.explain.oneLotRate', { rate: formatNumber(Number(offering.oneLotSuccessRate) * 100, locale, { decimals: 2 }) })}</p>
      ) : null}
      <p className="subscription-seed">
        {t('newstock.result.seed')}: <code>{offering.seed}</code>
      </p>
    </details>
  );
}

function SubscriptionRow({ subscription, locale }: { subscription: Subscription; locale: Locale }) {
  const { t } = useTranslation();
  const money = (value: string) => formatMoney(value, locale, '$');
  const { offering } = subscription;
  const rows: Array<[string, string]> = [
    [t('newstock.fields.quantity'), formatNumber(subscription.quantity, locale, { decimals: 0 })],
    [t('newstock.fields.price'), money(offering.price)],
    [t('newstock.fields.held'), money(subscription.held)],
    [t('newstock.fields.paid'), money(subscription.paid)],
    [t('newstock.fields.pending'), money(subscription.pending)],
  ];
  if (subscription.allottedQuantity !== null) {
    rows.push([t('newstock.fields.allotted'), formatNumber(subscription.allottedQuantity, locale, { decimals: 0 })]);
    rows.push([t('newstock.fields.refunded'), money(subscription.refunded)]);
  }
  rows.push([t('newstock.fields.allotDate'), formatDate(offering.allotTimestamp, 'DD/MM/YYYY HH:mm')]);
  rows.push([t('newstock.fields.listDate'), formatDate(offering.listDate, 'DD/MM/YYYY HH:mm')]);
  return (
    <li className="trade-row">
      <div className="trade-row-head">
        <div className="trade-row-title">
          <span className="trade-row-code">{offering.code}</span>
          <span className="trade-row-name">{offering.name}</span>
        </div>
        <span className={`status-tag subscription-state subscription-state-${subscription.state}`}>
          {t(`newstock.state.${subscription.state}`)}
        </span>
      </div>
      <SummaryRows rows={rows} />
      <Explanation subscription={subscription} locale={locale} />
    </li>
  );
}

/** The subscription tab (4): each application from subscribed through waiting allotment to allotted or not, then listed. */
export function SubscriptionPanel({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const subscriptions = useSubscriptions();
  const rows = subscriptions.data ?? [];
  return (
    <>
      <Link className="button button-default button-block subscription-browse" to={pagePath('newstock', { tab: 'open' })}>
        {t('newstock.browse')}
      </Link>
      <Link className="button button-default button-block subscription-browse" to={pagePath('placing', { tab: 'open' })}>
        {t('newstock.placing.browse')}
      </Link>
      <TradeList
        query={subscriptions}
        count={rows.length}
        emptyTitle={t('newstock.empty.subscriptions')}
        emptyHint={t('newstock.empty.subscriptionsHint')}
      >
        {rows.map((subscription) => (
          <SubscriptionRow key={subscription.id} subscription={subscription} locale={locale} />
        ))}
      </TradeList>
    </>
  );
}
