import { useTranslation } from '@bolsa/client-kit/i18n';
import type { Locale, Offering } from '@bolsa/contracts';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { FactList } from '../../../components/info-card.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { subscriptionCost } from '../../../components/subscription-cost.ts';
import { formatMoney, formatNumber } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { isAnswerUnknown, useSubmissionKey } from '../../../lib/idempotency.ts';
import { pagePath } from '../../../lib/pages.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import { useApply, useFullNum, useOffering } from '../api/new-stock.ts';
import { offeringFacts } from '../components/offering-card.tsx';
import '../newstock.css';

/** Lots typed as text: a whole number, or nothing yet. */
function lotsOf(text: string): number {
  return /^\d{1,6}$/.test(text) ? Number(text) : 0;
}

function ApplyForm({ offering, locale }: { offering: Offering; locale: Locale }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const full = useFullNum(offering.id);
  const apply = useApply(offering.kind);
  const submission = useSubmissionKey();
  const minLots = offering.minQuantity / offering.lotSize;
  const [lotsText, setLotsText] = useState(String(minLots));
  const lots = lotsOf(lotsText);
  const quantity = lots * offering.lotSize;
  const cost = subscriptionCost(offering.price, quantity, offering.feeRate);
  const maxLots = (full.data?.maxQuantity ?? 0) / offering.lotSize;
  // Compared in cents as integers: both are money text with two decimals.
  const cents = (value: string) => BigInt(value.replace('.', ''));
  const isShort = full.data !== undefined && cents(cost.total) > cents(full.data.available);
  const money = (value: string) => formatMoney(value, locale, '$');
  const error =
    lotsText !== '' && lots === 0
      ? t('newstock.errors.wholeLots')
      : quantity > offering.maxQuantity
        ? t('newstock.errors.max', { num: offering.maxQuantity })
        : lots > 0 && lots < minLots
          ? t('newstock.errors.min', { num: offering.minQuantity })
          : undefined;
  const submit = () => {
    const idempotencyKey = submission.keyFor(`${offering.id}:${quantity}`);
    apply.mutate(
      { offeringId: Number(offering.id), quantity, idempotencyKey },
      {
        onSuccess: () => {
          submission.settle();
          showToast(t('newstock.applied'), 'success');
          navigate(offering.kind === 'placing' ? pagePath('placingRecord') : pagePath('trade', { tab: 4 }));
        },
        onError: (failure) => {
          if (!isAnswerUnknown(failure)) submission.settle();
          showError(failure);
        },
      },
    );
  };
  return (
    <section aria-label={t('newstock.applyTitle')}>
      <FormField
        label={t('newstock.lots', { lotSize: offering.lotSize })}
        value={lotsText}
        onValueChange={setLotsText}
        inputMode="numeric"
        error={error}
        hint={t('newstock.maxHint', { num: formatNumber(full.data?.maxQuantity ?? 0, locale, { decimals: 0 }) })}
        addon={
          <button
            type="button"
            className="button button-small button-default"
            disabled={maxLots < minLots}
            onClick={() => setLotsText(String(maxLots))}
          >
            {t('newstock.max')}
          </button>
        }
      />
      <FactList
        rows={[
          [t('newstock.fields.quantity'), formatNumber(quantity, locale, { decimals: 0 })],
          [t('newstock.fields.amount'), money(cost.amount)],
          [t('newstock.fields.fee'), money(cost.fee)],
          [t('newstock.fields.held'), money(cost.total)],
          [t('newstock.fields.available'), full.data ? money(full.data.available) : '…'],
        ]}
      />
      <p className="ipo-note">{t('newstock.holdExplained')}</p>
      {isShort ? (
        <p className="notice notice-warning">
          {t('newstock.short')} <Link to={pagePath('transfer')}>{t('newstock.transfer')}</Link>
        </p>
      ) : null}
      <button
        type="button"
        className="button button-primary button-block"
        disabled={lots === 0 || error !== undefined || isShort || apply.isPending}
        onClick={submit}
      >
        {apply.isPending ? t('common.loading') : t('newstock.confirm', { amount: money(cost.total) })}
      </button>
    </section>
  );
}

/** /pages/payment/newstock (source 5): apply to an open IPO in whole lots; the amount and fee are held at once. */
export function NewStockPaymentPage() {
  const { t, i18n } = useTranslation();
  const locale = (i18n.resolvedLanguage as Locale | undefined) ?? currentLocale();
  const [searchParams] = useSearchParams();
  const offering = useOffering(searchParams.get('id'));
  const title = searchParams.get('name') ?? t('newstock.applyTitle');
  return (
    <>
      <NavBar title={title} />
      <div className="page-body">
        {offering.isPending ? (
          <ListSkeleton rows={3} />
        ) : !offering.data ? (
          <EmptyState title={t('newstock.loadFailed')} />
        ) : (
          <>
            <p className="info-card-sub">
              {offering.data.code} · {offering.data.exchangeCode}
            </p>
            {offering.data.phase === 'open' && offering.data.status === 'published' ? (
              <ApplyForm offering={offering.data} locale={locale} />
            ) : (
              <p className="notice">{t('newstock.notOpen')}</p>
            )}
            <h2 className="ipo-section-title">{t('newstock.facts')}</h2>
            <FactList rows={offeringFacts(offering.data, locale, t)} />
            <p className="ipo-note">{t(`newstock.rules.${offering.data.allocationRule}Explained`)}</p>
            {offering.data.kind === 'placing' ? <p className="ipo-note">{t('newstock.placing.lockExplained')}</p> : null}
            <p className="ipo-hash">
              <span>{t('newstock.result.seedHash')}</span>
              <code>{offering.data.seedHash}</code>
            </p>
            <p className="ipo-note">{t(offering.data.kind === 'placing' ? 'newstock.placing.honesty' : 'newstock.honesty')}</p>
          </>
        )}
      </div>
    </>
  );
}
