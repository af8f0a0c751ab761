import { useTranslation } from '@bolsa/client-kit/i18n';
import type { Locale, RightsEntitlement } from '@bolsa/contracts';
import { useState } from 'react';
import { FormField } from '../../../components/form-field.tsx';
import { subscriptionCost } from '../../../components/subscription-cost.ts';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format.ts';
import { isAnswerUnknown, useSubmissionKey } from '../../../lib/idempotency.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import { useExerciseRights, useRightsIssues } from '../api/subscriptions.ts';
import { SummaryRows } from './summary-rows.tsx';
import { TradeList } from './trade-list.tsx';

/** Exercise all or part of the rights while the window is open; the price and its fee are held at once. */
function ExerciseForm({ entitlement, locale }: { entitlement: RightsEntitlement; locale: Locale }) {
  const { t } = useTranslation();
  const exercise = useExerciseRights();
  const submission = useSubmissionKey();
  const [text, setText] = useState(String(entitlement.rights));
  const quantity = /^\d{1,9}$/.test(text) ? Number(text) : 0;
  // What the exercise holds, price and fee, computed in cents as the server does (no float).
  const cost = subscriptionCost(entitlement.offering.price, quantity, entitlement.offering.feeRate);
  const error = quantity > entitlement.rights ? t('newstock.rights.tooMany', { num: entitlement.rights }) : undefined;
  const money = (value: string) => formatMoney(value, locale, '$');
  const hint =
    quantity > 0 && !error
      ? t('newstock.rights.costIncluded', { amount: money(cost.amount), price: money(entitlement.offering.price), fee: money(cost.fee) })
      : undefined;
  const submit = () => {
    const idempotencyKey = submission.keyFor(`${entitlement.offering.id}:${quantity}`);
    exercise.mutate(
      { offeringId: Number(entitlement.offering.id), quantity, idempotencyKey },
      {
        onSuccess: () => {
          submission.settle();
          showToast(t('newstock.rights.exercised'), 'success');
        },
        onError: (failure) => {
          if (!isAnswerUnknown(failure)) submission.settle();
          showError(failure);
        },
      },
    );
  };
  return (
    <div className="rights-exercise">
      <FormField
        label={t('newstock.rights.quantity', { num: entitlement.rights })}
        value={text}
        onValueChange={setText}
        inputMode="numeric"
        error={error}
        {...(hint ? { hint } : {})}
      />
      <button
        type="button"
        className="button button-primary button-block"
        disabled={quantity === 0 || error !== undefined || exercise.isPending}
        onClick={submit}
      >
        {t('newstock.rights.exercise', { amount: money(cost.total) })}
      </button>
    </div>
  );
}

/** Rights not exercised once the window has closed: all of them when lapsed, else what the exercise left. */
function lapsedRights(entitlement: RightsEntitlement, now: number) {
  if (entitlement.state === 'lapsed') return entitlement.rights;
  if (!entitlement.subscription || now < entitlement.offering.purchaseEndDate) return 0;
  return entitlement.rights - entitlement.subscription.quantity;
}

function RightsRow({ entitlement, now, locale }: { entitlement: RightsEntitlement; now: number; locale: Locale }) {
  const { t } = useTranslation();
  const { offering, subscription } = entitlement;
  const money = (value: string) => formatMoney(value, locale, '$');
  const date = (value: number) => formatDate(value, 'DD/MM/YYYY HH:mm');
  const rows: Array<[string, string]> = [
    [t('newstock.rights.held'), formatNumber(entitlement.heldQuantity, locale, { decimals: 0 })],
    [t('newstock.rights.rights'), formatNumber(entitlement.rights, locale, { decimals: 0 })],
    [t('newstock.rights.price'), money(offering.price)],
    [t('newstock.rights.window'), `${date(offering.openTimestamp)} – ${date(offering.purchaseEndDate)}`],
    [t('newstock.rights.listDate'), date(offering.listDate)],
  ];
  if (subscription) {
    rows.push([t('newstock.rights.exercisedQuantity'), formatNumber(subscription.quantity, locale, { decimals: 0 })]);
    // What is still held is shown as held (the exercise owes nothing more: it is posted at the allotment), until then.
    rows.push([t('newstock.fields.paid'), money(subscription.paid)]);
    if (/[1-9]/.test(subscription.pending)) rows.push([t('newstock.fields.held'), money(subscription.pending)]);
  }
  const isOpen = now >= offering.openTimestamp && now < offering.purchaseEndDate;
  const lapsed = lapsedRights(entitlement, now);
  if (lapsed > 0) rows.push([t('newstock.rights.lapsedQuantity'), formatNumber(lapsed, locale, { decimals: 0 })]);
  return (
    <li className="trade-row">
      <div className="trade-row-head">
        <div className="trade-row-title">
          <span className="trade-row-code">{offering.code}</span>
          <span className="trade-row-name">{offering.name}</span>
        </div>
        <span className={`status-tag rights-state-${entitlement.state}`}>{t(`newstock.rights.state.${entitlement.state}`)}</span>
      </div>
      <SummaryRows rows={rows} />
      {entitlement.state === 'credited' && isOpen ? <ExerciseForm entitlement={entitlement} locale={locale} /> : null}
    </li>
  );
}

/** The rights-issue tab (6): rights credited from the holding on the record date, exercised in whole or part, or lapsed. */
export function RightsPanel({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const rights = useRightsIssues();
  const rows = rights.data ?? [];
  const now = Date.now();
  return (
    <>
      <p className="notice">{t('newstock.rights.explained')}</p>
      <TradeList query={rights} count={rows.length} emptyTitle={t('newstock.rights.empty')} emptyHint={t('newstock.rights.emptyHint')}>
        {rows.map((entitlement) => (
          <RightsRow key={entitlement.id} entitlement={entitlement} now={now} locale={locale} />
        ))}
      </TradeList>
    </>
  );
}
