import { useTranslation } from '@bolsa/client-kit/i18n';
import type { Locale, RobotEnergyPack, RobotPurchase, RobotRun } from '@bolsa/contracts';
import { Dialog } from 'antd-mobile';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { isAnswerUnknown, useSubmissionKey } from '../../../lib/idempotency.ts';
import { pagePath } from '../../../lib/pages.ts';
import { showToast } from '../../../lib/toast.ts';
import { useBuyEnergy, useEnergy, useEnergyPacks, useLicences, usePurchases, useRuns } from '../api/robots-api.ts';
import { endReasonText, reasonText } from '../components/robot-format.ts';
import { RobotFacts, SignedMoney } from '../components/robot-parts.tsx';
import '../robots.css';

const tabs = ['robots', 'history'] as const;
const when = (value: number) => formatDate(value, 'DD/MM/YYYY HH:mm');

/** Energy: the units left, what uses them, when they end; packs to buy. */
function EnergySection({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const energy = useEnergy();
  const packs = useEnergyPacks();
  const buy = useBuyEnergy();
  const submission = useSubmissionKey();
  const buyPack = async (pack: RobotEnergyPack) => {
    const isConfirmed = await Dialog.confirm({
      title: t('robots.energy.packTitle', { count: pack.units }),
      content: t('robots.buy.confirmPrice', { price: formatMoney(pack.price, locale) }),
      confirmText: t('robots.buy.confirm'),
      cancelText: t('robots.buy.cancel'),
    });
    if (!isConfirmed) return;
    buy.mutate(
      { packId: pack.id, idempotencyKey: submission.keyFor(pack.id) },
      {
        onSuccess: (purchase) => {
          submission.settle();
          if (purchase.status === 'successful') showToast(t('robots.buy.successful'), 'success');
          else showToast(t('robots.buy.failed', { reason: reasonText(purchase.failReason, t) }), 'fail');
        },
        onError: (failure) => {
          if (!isAnswerUnknown(failure)) submission.settle();
          showToast(t('robots.buy.failed', { reason: failure.message }), 'fail');
        },
      },
    );
  };
  return (
    <section className="robot-card" aria-labelledby="robot-energy-title">
      <h2 className="robot-card-name" id="robot-energy-title">
        {t('robots.energy.title')}
      </h2>
      {energy.isPending ? (
        <ListSkeleton rows={1} />
      ) : energy.isError ? (
        <p className="robot-note">{t('robots.loadFailed')}</p>
      ) : (
        <RobotFacts
          rows={[
            [t('robots.energy.units'), formatNumber(energy.data.units, locale, { decimals: 0 })],
            [t('robots.energy.running'), formatNumber(energy.data.runningRuns, locale, { decimals: 0 })],
            [
              t('robots.energy.endsAt'),
              energy.data.endsAtTimestamp === null ? t('robots.energy.notRunning') : when(energy.data.endsAtTimestamp),
            ],
          ]}
        />
      )}
      <p className="robot-note">{t('robots.energy.rule')}</p>
      <ul className="robot-offers">
        {(packs.data ?? []).map((pack) => (
          <li key={pack.id} className="robot-offer">
            <strong>{t('robots.energy.pack', { count: pack.units })}</strong>
            <button
              type="button"
              className="button button-default button-small"
              disabled={buy.isPending}
              aria-label={`${t('robots.energy.pack', { count: pack.units })} · ${formatMoney(pack.price, locale)}`}
              onClick={() => void buyPack(pack)}
            >
              {formatMoney(pack.price, locale)}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function LicencesSection() {
  const { t } = useTranslation();
  const licences = useLicences();
  const rows = licences.data ?? [];
  return (
    <section className="robot-card" aria-labelledby="robot-licences-title">
      <h2 className="robot-card-name" id="robot-licences-title">
        {t('robots.licence.title')}
      </h2>
      {licences.isPending ? (
        <ListSkeleton rows={1} />
      ) : licences.isError ? (
        <p className="robot-note">{t('robots.loadFailed')}</p>
      ) : rows.length === 0 ? (
        <p className="robot-note">
          {t('robots.empty.licences')} <Link to={pagePath('robots')}>{t('robots.seeTemplates')}</Link>
        </p>
      ) : (
        <RobotFacts
          rows={rows.map((licence) => [
            `${licence.templateName} · ${t(`robots.licence.kind.${licence.kind}`)}`,
            licence.expiresAtTimestamp === null
              ? t('robots.licence.never')
              : t(licence.isValid ? 'robots.licence.until' : 'robots.licence.ended', { date: when(licence.expiresAtTimestamp) }),
          ])}
        />
      )}
    </section>
  );
}

/** A run in a list: its template, instrument, state and figures so far. */
export function RunItem({ run, locale }: { run: RobotRun; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <li>
      <Link className="robot-run-link" to={pagePath('robotRun', { id: run.id })}>
        <span className="robot-card-head">
          <strong>
            {run.templateName} · {run.stockCode}
          </strong>
          <span className={`status-tag robot-status-${run.status}`}>{t(`robots.status.${run.status}`)}</span>
        </span>
        <span className="robot-note">
          {when(run.startedAtTimestamp)} · {formatMoney(run.allocatedAmount, locale)}
          {run.endReason ? ` · ${endReasonText(run, t)}` : ''}
        </span>
        <span className="robot-run-figures">
          {t('robots.figures.income')} <SignedMoney value={run.income} locale={locale} /> · {t('robots.figures.today')}{' '}
          <SignedMoney value={run.todayOutput} locale={locale} />
        </span>
      </Link>
    </li>
  );
}

function RunsSection({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const runs = useRuns();
  const rows = runs.data?.list ?? [];
  return (
    <section className="robot-card" aria-labelledby="robot-runs-title">
      <h2 className="robot-card-name" id="robot-runs-title">
        {t('robots.run.list')}
      </h2>
      {runs.isPending ? (
        <ListSkeleton rows={2} />
      ) : runs.isError ? (
        <p className="robot-note">{t('robots.loadFailed')}</p>
      ) : rows.length === 0 ? (
        <p className="robot-note">{t('robots.empty.runs')}</p>
      ) : (
        <ul className="robot-runs">
          {rows.map((run) => (
            <RunItem key={run.id} run={run} locale={locale} />
          ))}
        </ul>
      )}
    </section>
  );
}

function PurchaseItem({ purchase, locale }: { purchase: RobotPurchase; locale: Locale }) {
  const { t } = useTranslation();
  const what =
    purchase.kind === 'energy'
      ? t('robots.energy.pack', { count: purchase.energyUnits })
      : `${purchase.templateName ?? ''} · ${purchase.kind === 'purchase' ? t('robots.offer.purchase') : t('robots.offer.rental', { count: purchase.days ?? 0 })}`;
  return (
    <li className="robot-card">
      <div className="robot-card-head">
        <strong>{what}</strong>
        <span className={`status-tag robot-purchase-${purchase.status}`}>{t(`robots.purchase.${purchase.status}`)}</span>
      </div>
      <RobotFacts
        rows={[
          [t('robots.purchase.time'), when(purchase.createTimeTimestamp)],
          [t('robots.purchase.price'), formatMoney(purchase.price, locale)],
          ...(purchase.kind !== 'energy' && purchase.energyUnits > 0
            ? [[t('robots.energy.units'), String(purchase.energyUnits)] as [string, string]]
            : []),
          ...(purchase.expireTimeTimestamp !== null
            ? [[t('robots.purchase.expires'), when(purchase.expireTimeTimestamp)] as [string, string]]
            : []),
          ...(purchase.status === 'failed' ? [[t('robots.purchase.reason'), reasonText(purchase.failReason, t)] as [string, string]] : []),
        ]}
      />
    </li>
  );
}

function History({ locale }: { locale: Locale }) {
  const { t } = useTranslation();
  const purchases = usePurchases();
  const rows = purchases.data?.list ?? [];
  if (purchases.isPending) return <ListSkeleton rows={3} />;
  if (purchases.isError) return <EmptyState title={t('robots.loadFailed')} />;
  if (rows.length === 0) return <EmptyState title={t('robots.empty.purchases')} />;
  return (
    <ul className="robot-list">
      {rows.map((purchase) => (
        <PurchaseItem key={purchase.id} purchase={purchase} locale={locale} />
      ))}
    </ul>
  );
}

/** /pages/robot/mine: energy and packs, licences with their expiry, runs (`?tab=robots`); purchases and rentals with their times (`?tab=history`). */
export function RobotMinePage() {
  const { t, i18n } = useTranslation();
  const locale = (i18n.resolvedLanguage as Locale | undefined) ?? currentLocale();
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('tab') === 'history' ? 'history' : 'robots';
  return (
    <>
      <NavBar title={t('robots.mine.title')} />
      <div className="page-body">
        <div className="segmented-options">
          {tabs.map((each) => (
            <button
              key={each}
              type="button"
              className={`segmented-option${each === tab ? ' is-selected' : ''}`}
              aria-pressed={each === tab}
              onClick={() => setSearchParams({ tab: each }, { replace: true })}
            >
              {t(`robots.mine.tabs.${each}`)}
            </button>
          ))}
        </div>
        {tab === 'history' ? (
          <History locale={locale} />
        ) : (
          <div className="robot-list">
            <EnergySection locale={locale} />
            <LicencesSection />
            <RunsSection locale={locale} />
          </div>
        )}
      </div>
    </>
  );
}
