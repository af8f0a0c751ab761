import { useTranslation } from '@bolsa/client-kit/i18n';
import { type Locale, planFrequencies } from '@bolsa/contracts';
import { type FormEvent, useState } from 'react';
import { AmountField } from '../../../components/amount-field.tsx';
import { FormSelect } from '../../../components/form-select.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { isAnswerUnknown, useSubmissionKey } from '../../../lib/idempotency.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import {
  type FundPlan,
  type FundProduct,
  type PlanAction,
  useCreatePlan,
  useFundPlans,
  usePlanAction,
  useUpdatePlan,
} from '../api/funds-api.ts';
import { isAmount } from './buy-form.tsx';
import { dayText } from './fund-format.ts';

type Frequency = (typeof planFrequencies)[number];
const weekdays = [1, 2, 3, 4, 5, 6, 7];
const monthDays = Array.from({ length: 28 }, (_, index) => index + 1);

/** Sets up a plan, or changes one (`plan`): its amount, frequency and day. */
function PlanForm({ product, locale, plan, onDone }: { product: FundProduct; locale: Locale; plan?: FundPlan; onDone?: () => void }) {
  const { t } = useTranslation();
  const [amount, setAmount] = useState(plan?.amount ?? '');
  const [frequency, setFrequency] = useState<Frequency>(plan?.frequency ?? 'monthly');
  const [day, setDay] = useState(plan?.day ?? 1);
  const [error, setError] = useState<string | undefined>();
  const create = useCreatePlan();
  const update = useUpdatePlan();
  const submission = useSubmissionKey();
  const days = frequency === 'monthly' ? monthDays : weekdays;
  const dayLabel = (value: number) => (frequency === 'monthly' ? String(value) : t(`fund.weekday.${value}`));

  const save = async () => {
    const fields = { amount, frequency, day };
    if (plan) return update.mutateAsync({ id: plan.id, ...fields });
    const body = { productId: product.id, ...fields };
    return create.mutateAsync({ ...body, idempotencyKey: submission.keyFor(JSON.stringify(body)) });
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isAmount(amount)) return setError(amount === '' ? t('validation.required') : t('validation.amount'));
    setError(undefined);
    try {
      await save();
      submission.settle();
      setAmount('');
      showToast(t(plan ? 'fund.planSaved' : 'fund.planCreated'), 'success');
      onDone?.();
    } catch (failure) {
      if (!isAnswerUnknown(failure)) submission.settle();
      showError(failure);
    }
  };

  return (
    <form
      className="form"
      onSubmit={(event) => void submit(event)}
      noValidate
      aria-label={t(plan ? 'fund.planEditTitle' : 'fund.planTitle')}
    >
      <AmountField label={t('fund.planAmount')} name="planAmount" locale={locale} value={amount} onValueChange={setAmount} error={error} />
      <FormSelect
        label={t('fund.frequency')}
        name="frequency"
        value={frequency}
        options={planFrequencies.map((value) => ({ value, label: t(`fund.frequencies.${value}`) }))}
        onValueChange={(value) => {
          setFrequency(value as Frequency);
          setDay(1);
        }}
      />
      <FormSelect
        label={t('fund.planDay')}
        name="day"
        value={String(day)}
        options={days.map((value) => ({ value: String(value), label: dayLabel(value) }))}
        onValueChange={(value) => setDay(Number(value))}
      />
      <p className="form-note">{t('fund.planRule', { name: product.name })}</p>
      <button type="submit" className="button button-primary button-block" disabled={create.isPending || update.isPending}>
        {t(plan ? 'fund.planSave' : 'fund.planCreate')}
      </button>
    </form>
  );
}

function PlanItem({ plan, product, locale }: { plan: FundPlan; product: FundProduct; locale: Locale }) {
  const { t } = useTranslation();
  const [isEditing, setEditing] = useState(false);
  const action = usePlanAction();
  const act = (name: PlanAction) =>
    action.mutate({ action: name, id: plan.id }, { onSuccess: () => showToast(t(`fund.planDone.${name}`), 'success'), onError: showError });
  const when = plan.frequency === 'monthly' ? t('fund.monthlyOn', { day: plan.day }) : t(`fund.weekday.${plan.day}`);
  return (
    <li className="fund-card">
      <div className="fund-row">
        <strong>
          {formatMoney(plan.amount, locale)} · {t(`fund.frequencies.${plan.frequency}`)} · {when}
        </strong>
        <span className={plan.status === 'paused' ? 'fund-status-paused' : 'fund-note'}>{t(`fund.planStatus.${plan.status}`)}</span>
      </div>
      <p className="fund-note">
        {plan.status === 'paused' && plan.pauseReason === 'short_money' && plan.shortOn
          ? t('fund.pausedShort', { date: dayText(plan.shortOn), amount: formatMoney(plan.amount, locale) })
          : plan.nextRunDate
            ? t('fund.nextRun', { date: dayText(plan.nextRunDate) })
            : null}{' '}
        {t('fund.planInvested', { amount: formatMoney(plan.investedTotal, locale), runs: plan.runCount })}
      </p>
      {isEditing ? <PlanForm product={product} locale={locale} plan={plan} onDone={() => setEditing(false)} /> : null}
      {plan.status === 'ended' || isEditing ? null : (
        <div className="fund-actions">
          <button type="button" className="button button-default" onClick={() => setEditing(true)}>
            {t('fund.edit')}
          </button>
          {plan.status === 'active' ? (
            <button type="button" className="button button-default" onClick={() => act('planPause')} disabled={action.isPending}>
              {t('fund.pause')}
            </button>
          ) : (
            <button type="button" className="button button-default" onClick={() => act('planResume')} disabled={action.isPending}>
              {t('fund.resume')}
            </button>
          )}
          <button type="button" className="button button-default" onClick={() => act('planEnd')} disabled={action.isPending}>
            {t('fund.end')}
          </button>
        </div>
      )}
    </li>
  );
}

/** Regular investment into the current fund: set up a plan, and each plan with its state and actions. */
export function PlansSection({ product, locale }: { product: FundProduct; locale: Locale }) {
  const { t } = useTranslation();
  const plans = useFundPlans();
  return (
    <section aria-labelledby="fund-plans-title">
      <h2 id="fund-plans-title" className="fund-section-title">
        {t('fund.planTitle')}
      </h2>
      <PlanForm product={product} locale={locale} />
      <ul className="fund-list">
        {(plans.data ?? []).map((plan) => (
          <PlanItem key={plan.id} plan={plan} product={product} locale={locale} />
        ))}
      </ul>
    </section>
  );
}
