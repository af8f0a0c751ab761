import { useTranslation } from '@bolsa/client-kit/i18n';
import { type Locale, type RobotBacktest, type RobotTemplate, robotLimits } from '@bolsa/contracts';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { formatDate, formatMoney, formatNumber } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { isAnswerUnknown, useSubmissionKey } from '../../../lib/idempotency.ts';
import { pagePath } from '../../../lib/pages.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import { useBacktest, useEnergy, useRobotTemplate, useStartRun, useWalletBalance } from '../api/robots-api.ts';
import { OutputChart } from '../components/output-chart.tsx';
import { draftOf, type ParameterDraft, ParametersFields, parseDraft } from '../components/parameters-fields.tsx';
import { ResultFigures, RobotExplanation, RobotFacts } from '../components/robot-parts.tsx';
import '../robots.css';

/** US stocks trade from the STOCK wallet: a run's amount moves from there into the run and back. */
const RUN_WALLET = 'STOCK' as const;

/** Money typed as text compared in cents as integers: never a float. */
function centsOf(text: string): bigint | null {
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0'));
}

/** What the typed code and amount allow: their errors, whether the wallet holds the amount, whether a backtest or start may be asked. */
function checkInputs(code: string, amount: string, availableBalance: string | undefined, locale: Locale, t: TFunction) {
  const cents = centsOf(amount);
  const isAmountOk = cents !== null && cents >= BigInt(robotLimits.runAmountMin) * 100n;
  const amountError =
    amount === '' || isAmountOk ? undefined : t('robots.start.amountMin', { amount: formatMoney(robotLimits.runAmountMin, locale) });
  const codeError = code === '' || /^[A-Z0-9.-]{1,12}$/.test(code) ? undefined : t('robots.start.codeInvalid');
  const available = availableBalance === undefined ? null : centsOf(availableBalance);
  const isShort = cents !== null && available !== null && cents > available;
  const isReady = code !== '' && isAmountOk && codeError === undefined;
  return { cents, amountError, codeError, isShort, isReady };
}

/** The backtest's answer: labelled hypothetical, its limits, the period it covers, its figures and a small chart. */
function BacktestResult({ backtest, locale }: { backtest: RobotBacktest; locale: Locale }) {
  const { t } = useTranslation();
  const day = (value: number | null) => (value === null ? '–' : formatDate(value, 'DD/MM/YYYY'));
  return (
    <section className="robot-card robot-backtest" aria-labelledby="robot-backtest-title">
      <h2 className="robot-card-name" id="robot-backtest-title">
        {t('robots.backtest.title')} <span className="status-tag robot-tag-hypothetical">{t('robots.backtest.hypothetical')}</span>
      </h2>
      <ul className="robot-limits">
        {backtest.limitKeys.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
      <RobotFacts
        rows={[
          [t('robots.backtest.period'), `${day(backtest.fromTimestamp)} – ${day(backtest.toTimestamp)}`],
          [t('robots.backtest.candles'), formatNumber(backtest.candles, locale, { decimals: 0 })],
          [t('robots.start.amount'), formatMoney(backtest.amount, locale)],
          [t('robots.backtest.finalValue'), formatMoney(backtest.finalValue, locale)],
        ]}
      />
      <ResultFigures figures={backtest} locale={locale} />
      <OutputChart days={backtest.days} locale={locale} label={t('robots.backtest.chart')} />
    </section>
  );
}

/** The start: what happens when it starts, what is missing (licence, energy, money), and the button. */
function StartConfirm({
  template,
  hasEnergy,
  isShort,
  isDisabled,
  label,
  onStart,
}: {
  template: RobotTemplate;
  hasEnergy: boolean;
  isShort: boolean;
  isDisabled: boolean;
  label: string;
  onStart: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="robot-card" aria-label={t('robots.start.confirmTitle')}>
      <p className="robot-note">{t('robots.start.steps')}</p>
      {template.licence === null ? (
        <p className="notice notice-warning">
          {t('robots.start.needLicence')} <Link to={pagePath('robots')}>{t('robots.seeTemplates')}</Link>
        </p>
      ) : null}
      {hasEnergy ? null : (
        <p className="notice notice-warning">
          {t('robots.start.needEnergy')} <Link to={pagePath('robotMine')}>{t('robots.energy.buyPacks')}</Link>
        </p>
      )}
      {isShort ? (
        <p className="notice notice-warning">
          {t('robots.start.short')} <Link to={pagePath('transfer')}>{t('robots.start.transfer')}</Link>
        </p>
      ) : null}
      <button type="button" className="button button-primary button-block" disabled={isDisabled} onClick={onStart}>
        {label}
      </button>
    </section>
  );
}

/** Where the amount comes from (with what it holds) and the energy left. */
function WalletFacts({ available, units, locale }: { available: string | undefined; units: number | undefined; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <RobotFacts
      rows={[
        [t('robots.start.wallet'), `${t('robots.start.walletName')} · ${available === undefined ? '…' : formatMoney(available, locale)}`],
        [t('robots.energy.units'), units === undefined ? '…' : formatNumber(units, locale, { decimals: 0 })],
      ]}
    />
  );
}

function StartForm({ template, initialCode, locale }: { template: RobotTemplate; initialCode: string; locale: Locale }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const wallet = useWalletBalance(RUN_WALLET);
  const energy = useEnergy();
  const backtest = useBacktest();
  const start = useStartRun();
  const submission = useSubmissionKey();
  const [code, setCode] = useState(initialCode);
  const [amount, setAmount] = useState<string>(robotLimits.runAmountMin);
  const [draft, setDraft] = useState<ParameterDraft>(() => draftOf(template.defaultParameters));
  const [shownInvalid, setShownInvalid] = useState<ReadonlySet<string>>(new Set());
  const { cents, amountError, codeError, isShort, isReady } = checkInputs(code, amount, wallet.data?.availableBalance, locale, t);
  const hasEnergy = (energy.data?.units ?? 0) > 0;
  const parsed = () => {
    const result = parseDraft(template.kind, draft);
    setShownInvalid('invalid' in result ? result.invalid : new Set());
    return 'parameters' in result ? result.parameters : null;
  };
  const runBacktest = () => {
    const parameters = parsed();
    if (!parameters) return;
    backtest.mutate({ templateId: template.id, stockCode: code, amount, parameters });
  };
  const startRun = () => {
    const parameters = parsed();
    if (!parameters) return;
    const idempotencyKey = submission.keyFor(`${template.id}:${code}:${amount}:${JSON.stringify(parameters)}`);
    start.mutate(
      { templateId: template.id, stockCode: code, amount, parameters, idempotencyKey },
      {
        onSuccess: (run) => {
          submission.settle();
          showToast(t('robots.start.started'), 'success');
          navigate(pagePath('robotRun', { id: run.id }), { replace: true });
        },
        onError: (failure) => {
          if (!isAnswerUnknown(failure)) submission.settle();
          showError(failure);
        },
      },
    );
  };
  return (
    <>
      <section className="robot-card" aria-label={t('robots.start.title')}>
        <FormField
          label={t('robots.start.code')}
          value={code}
          onValueChange={(value) => setCode(value.trim().toUpperCase())}
          autoCapitalize="characters"
          error={codeError}
          hint={t('robots.start.codeHint')}
        />
        <FormField
          label={t('robots.start.amount')}
          value={amount}
          onValueChange={setAmount}
          inputMode="decimal"
          error={amountError}
          hint={t('robots.start.amountHint')}
        />
        <WalletFacts available={wallet.data?.availableBalance} units={energy.data?.units} locale={locale} />
        <ParametersFields kind={template.kind} draft={draft} invalid={shownInvalid} onChange={setDraft} />
        <button
          type="button"
          className="button button-default button-block"
          disabled={!isReady || backtest.isPending}
          onClick={runBacktest}
        >
          {backtest.isPending ? t('robots.backtest.running') : t('robots.backtest.run')}
        </button>
      </section>
      {backtest.isError ? <p className="notice notice-warning">{backtest.error.message}</p> : null}
      {backtest.data && !backtest.isError ? <BacktestResult backtest={backtest.data} locale={locale} /> : null}
      <StartConfirm
        template={template}
        hasEnergy={energy.data ? hasEnergy : true}
        isShort={isShort}
        isDisabled={!isReady || isShort || !hasEnergy || template.licence === null || start.isPending}
        label={
          start.isPending ? t('robots.loading') : t('robots.start.confirm', { amount: cents === null ? '' : formatMoney(amount, locale) })
        }
        onStart={startRun}
      />
    </>
  );
}

/** /pages/robot/start?id=…: what the robot does and cannot do, the instrument, amount, wallet and parameters; a hypothetical backtest first; then the start. */
export function RobotStartPage() {
  const { t, i18n } = useTranslation();
  const locale = (i18n.resolvedLanguage as Locale | undefined) ?? currentLocale();
  const [searchParams] = useSearchParams();
  const template = useRobotTemplate(searchParams.get('id'));
  return (
    <>
      <NavBar title={template.data?.name ?? t('robots.start.title')} />
      <div className="page-body">
        <p className="robot-honesty">{t('robots.honesty')}</p>
        {searchParams.get('id') === null ? (
          <EmptyState title={t('robots.start.choose')}>
            <Link className="button button-primary" to={pagePath('robots')}>
              {t('robots.seeTemplates')}
            </Link>
          </EmptyState>
        ) : template.isPending ? (
          <ListSkeleton rows={4} />
        ) : template.isError ? (
          <EmptyState title={t('robots.loadFailed')} description={template.error.message} />
        ) : (
          <>
            <section className="robot-card" aria-label={t(`robots.kind.${template.data.kind}`)}>
              <h2 className="robot-card-name">
                {[template.data.name, t(`robots.kind.${template.data.kind}`)]
                  .filter((part, index, parts) => parts.indexOf(part) === index)
                  .join(' · ')}
              </h2>
              <RobotExplanation kind={template.data.kind} />
            </section>
            <StartForm template={template.data} initialCode={(searchParams.get('code') ?? '').toUpperCase()} locale={locale} />
          </>
        )}
      </div>
    </>
  );
}
