import { useTranslation } from '@bolsa/client-kit/i18n';
import { type Locale, type PriceAlert, type PriceAlertKind, priceAlertKinds } from '@bolsa/contracts';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { formatDate, formatDecimal, formatPercent, trendClass } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { pagePath } from '../../../lib/pages.ts';
import { useLiveQuotes } from '../../../lib/push-client.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import { useCreatePriceAlert, useDeletePriceAlert, usePriceAlerts } from '../api/price-alerts.ts';
import '../market.css';

/** The condition of an alert as the list says it: "Price ≥ 201.5", "Day's change beyond ±2 %". */
function conditionOf(
  alert: Pick<PriceAlert, 'kind' | 'threshold'>,
  t: (key: string, values?: Record<string, string>) => string,
  locale: Locale,
) {
  const level = formatDecimal(alert.threshold, locale);
  return t(`alerts.condition.${alert.kind}`, { level });
}

/** The form of a new alert on one instrument, with its live price so the level is chosen against it. */
function NewAlertForm({ code }: { code: string }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const live = useLiveQuotes([code]).get(code);
  const create = useCreatePriceAlert();
  const [kind, setKind] = useState<PriceAlertKind>('above');
  const [threshold, setThreshold] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { stockCode: code, kind, threshold: threshold.trim().replace(',', '.') },
      {
        onSuccess: () => {
          setThreshold('');
          showToast(t('alerts.created'), 'success');
        },
        onError: showError,
      },
    );
  };
  return (
    <form className="page-body alert-form" onSubmit={submit} aria-label={t('alerts.newFor', { code })}>
      <p className="alert-form-quote">
        {t('alerts.newFor', { code })}
        {live ? (
          <span className={trendClass(live.change)} data-testid="alert-live-price">
            {' · '}
            {formatDecimal(live.price, locale)} ({formatPercent(live.changeRatio, locale)})
          </span>
        ) : null}
      </p>
      <fieldset className="segmented">
        <legend className="form-field-label">{t('alerts.kindLabel')}</legend>
        <div className="segmented-options">
          {priceAlertKinds.map((value) => (
            <button
              key={value}
              type="button"
              className={`segmented-option${kind === value ? ' is-selected' : ''}`}
              aria-pressed={kind === value}
              onClick={() => setKind(value)}
            >
              {t(`alerts.kind.${value}`)}
            </button>
          ))}
        </div>
      </fieldset>
      <FormField
        label={t(kind === 'change' ? 'alerts.percentLabel' : 'alerts.priceLabel')}
        value={threshold}
        onValueChange={setThreshold}
        inputMode="decimal"
        autoComplete="off"
        required
        hint={t(`alerts.hint.${kind}`)}
      />
      <button type="submit" className="button button-primary button-block" disabled={create.isPending}>
        {t('alerts.submit')}
      </button>
    </form>
  );
}

function AlertRow({ alert }: { alert: PriceAlert }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const remove = useDeletePriceAlert();
  const isFired = alert.status === 'fired';
  return (
    <li className="alert-row" data-testid={`alert-${alert.id}`} data-status={alert.status}>
      <div className="alert-row-text">
        <p className="alert-row-title">
          <span className="alert-row-code">{alert.code}</span> {conditionOf(alert, t, locale)}
        </p>
        <p className="alert-row-meta">
          {isFired
            ? t('alerts.firedAt', {
                price: formatDecimal(alert.firedPrice ?? '', locale),
                change: formatPercent(alert.firedChangeRatio ?? '0', locale),
                time: formatDate(alert.firedAtTimestamp),
              })
            : t('alerts.armedSince', { time: formatDate(alert.createdAtTimestamp) })}
        </p>
      </div>
      <button
        type="button"
        className="button button-default button-small"
        disabled={remove.isPending}
        aria-label={t('alerts.deleteNamed', { condition: `${alert.code} ${conditionOf(alert, t, locale)}` })}
        onClick={() => remove.mutate(alert.id, { onSuccess: () => showToast(t('alerts.deleted'), 'success'), onError: showError })}
      >
        {t('alerts.delete')}
      </button>
    </li>
  );
}

function AlertList({ title, alerts, empty }: { title: string; alerts: readonly PriceAlert[]; empty: string }) {
  return (
    <section className="alert-section" aria-label={title}>
      <h2 className="section-title">{title}</h2>
      {alerts.length === 0 ? (
        <p className="alert-empty">{empty}</p>
      ) : (
        <ul className="alert-list">
          {alerts.map((alert) => (
            <AlertRow key={alert.id} alert={alert} />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * /pages/alerts/index: price alerts (issue 17 §4). Opened from a quote (`?code=`), it offers a new alert
 * on that instrument above the lists; alone, it lists every armed and fired alert. Each alert fires once,
 * with an inbox message the app toasts as it arrives.
 */
export function PriceAlertsPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const code = (searchParams.get('code') ?? '').toUpperCase() || undefined;
  const alerts = usePriceAlerts();
  const list = alerts.data;
  const armed = list?.armed ?? [];
  return (
    <>
      <NavBar title={t('alerts.title')} />
      {code ? <NewAlertForm code={code} /> : null}
      <p className="popular-intro">{t('alerts.intro')}</p>
      {alerts.isError ? <EmptyState title={t('alerts.loadFailed')} description={(alerts.error as Error).message} /> : null}
      {list ? (
        <>
          <AlertList
            title={t('alerts.armed', { count: String(armed.length), max: String(list.armedMax) })}
            alerts={armed}
            empty={t('alerts.armedEmpty')}
          />
          <AlertList title={t('alerts.fired')} alerts={list.fired} empty={t('alerts.firedEmpty')} />
        </>
      ) : alerts.isPending ? (
        <p className="page-body">{t('common.loading')}</p>
      ) : null}
      {code ? null : (
        <p className="page-body alert-footer">
          <Link to={pagePath('market')}>{t('alerts.findInstrument')}</Link>
        </p>
      )}
    </>
  );
}
