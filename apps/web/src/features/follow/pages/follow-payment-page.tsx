import { useTranslation } from '@bolsa/client-kit/i18n';
import { FOLLOW_AMOUNT_MAX, FOLLOW_AMOUNT_MIN, type Institution, type Locale } from '@bolsa/contracts';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { FormSelect } from '../../../components/form-select.tsx';
import { FactList } from '../../../components/info-card.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { isAnswerUnknown, useSubmissionKey } from '../../../lib/idempotency.ts';
import { pagePath } from '../../../lib/pages.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import { useAppropriateness, useFollow, useFollowWallet, useInstitutions } from '../api/follow-api.ts';
import { AppropriatenessCheck } from '../components/appropriateness-check.tsx';
import { fractionPercent, periodLabel } from '../components/follow-format.ts';
import '../follow.css';

/** Money typed as text compared in cents as integers: never a float. */
function centsOf(text: string): bigint | null {
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

function amountError(text: string, t: ReturnType<typeof useTranslation>['t']) {
  if (text === '') return undefined;
  const cents = centsOf(text);
  const isInRange = cents !== null && cents >= BigInt(FOLLOW_AMOUNT_MIN) * 100n && cents <= BigInt(FOLLOW_AMOUNT_MAX) * 100n;
  return isInRange ? undefined : t('follow.payment.range');
}

function FollowForm({ institution, locale }: { institution: Institution; locale: Locale }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const wallet = useFollowWallet();
  const follow = useFollow();
  const submission = useSubmissionKey();
  const [amount, setAmount] = useState('');
  const [period, setPeriod] = useState(String(institution.periodsMinutes[0] ?? ''));
  const [stopLoss, setStopLoss] = useState('');
  const money = (value: string) => formatMoney(value, locale, '$');
  const error = amountError(amount, t);
  const stopLossError = stopLoss === '' || /^([1-9]|[1-8]\d|90)$/.test(stopLoss) ? undefined : t('follow.payment.stopLossRange');
  const cents = centsOf(amount);
  const available = wallet.data ? centsOf(wallet.data.availableBalance) : null;
  const isShort = cents !== null && available !== null && cents > available;
  const submit = () => {
    const idempotencyKey = submission.keyFor(`${institution.id}:${amount}:${period}:${stopLoss}`);
    const body = {
      institutionId: Number(institution.id),
      amount,
      periodMinutes: Number(period),
      stopLossPercent: stopLoss === '' ? null : Number(stopLoss),
      idempotencyKey,
    };
    follow.mutate(body, {
      onSuccess: () => {
        submission.settle();
        showToast(t('follow.payment.done'), 'success');
        navigate(pagePath('follow', { tab: 'mine' }));
      },
      onError: (failure) => {
        if (!isAnswerUnknown(failure)) submission.settle();
        showError(failure);
      },
    });
  };
  return (
    <section aria-label={t('follow.payment.title')}>
      <FormField
        label={t('follow.payment.amount')}
        value={amount}
        onValueChange={setAmount}
        inputMode="decimal"
        error={error}
        hint={t('follow.payment.amountHint')}
      />
      <FormSelect
        label={t('follow.payment.period')}
        value={period}
        onValueChange={setPeriod}
        options={institution.periodsMinutes.map((minutes) => ({ value: String(minutes), label: periodLabel(minutes, t) }))}
      />
      <FormField
        label={t('follow.payment.stopLoss')}
        value={stopLoss}
        onValueChange={setStopLoss}
        inputMode="numeric"
        error={stopLossError}
        hint={t('follow.payment.stopLossHint')}
      />
      <FactList rows={[[t('follow.payment.available'), wallet.data ? money(wallet.data.availableBalance) : '…']]} />
      <p className="follow-note">{t('follow.payment.steps')}</p>
      <p className="follow-note">
        {t('follow.payment.fees', {
          management: fractionPercent(institution.managementFeeRate, locale, false),
          performance: fractionPercent(institution.performanceFeeRate, locale, false),
        })}
      </p>
      {isShort ? (
        <p className="notice notice-warning">
          {t('follow.payment.short')} <Link to={pagePath('transfer')}>{t('follow.payment.transfer')}</Link>
        </p>
      ) : null}
      <button
        type="button"
        className="button button-primary button-block"
        disabled={cents === null || error !== undefined || stopLossError !== undefined || isShort || follow.isPending}
        onClick={submit}
      >
        {follow.isPending ? t('common.loading') : t('follow.payment.confirm', { amount: cents === null ? '' : money(amount) })}
      </button>
    </section>
  );
}

/** /pages/payment/follow: the check before a first follow, then an amount, a period and an optional loss limit. */
export function FollowPaymentPage() {
  const { t, i18n } = useTranslation();
  const locale = (i18n.resolvedLanguage as Locale | undefined) ?? currentLocale();
  const [searchParams] = useSearchParams();
  const institutions = useInstitutions();
  const check = useAppropriateness();
  const institution = institutions.data?.find((each) => each.id === searchParams.get('id'));
  return (
    <>
      <NavBar title={institution?.name ?? t('follow.payment.title')} />
      <div className="page-body">
        {institutions.isPending || check.isPending ? (
          <ListSkeleton rows={3} />
        ) : institutions.isError ? (
          <EmptyState title={t('follow.loadFailed')} />
        ) : !institution ? (
          // Spec §6: following needs an institution chosen.
          <EmptyState title={t('follow.payment.choose')}>
            <Link className="button button-primary" to={pagePath('follow')}>
              {t('follow.tabs.institutions')}
            </Link>
          </EmptyState>
        ) : check.data?.isDone ? (
          <FollowForm institution={institution} locale={locale} />
        ) : (
          <AppropriatenessCheck />
        )}
        <p className="follow-note">{t('follow.honesty')}</p>
      </div>
    </>
  );
}
