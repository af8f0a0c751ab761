import { useTranslation } from '@bolsa/client-kit/i18n';
import type { Locale, RobotRunDetail } from '@bolsa/contracts';
import { Dialog } from 'antd-mobile';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { formatDate, formatDecimal, formatMoney, formatNumber } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { pagePath } from '../../../lib/pages.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import { walletLabelKey } from '../../../lib/wallet-labels.ts';
import { useRun, useStopRun } from '../api/robots-api.ts';
import { OutputChart } from '../components/output-chart.tsx';
import { endReasonText } from '../components/robot-format.ts';
import { DailyOutput, ResultFigures, RobotFacts, SignedMoney } from '../components/robot-parts.tsx';
import '../robots.css';

const when = (value: number) => formatDate(value, 'DD/MM/YYYY HH:mm');

function RunOrders({ run, locale }: { run: RobotRunDetail; locale: Locale }) {
  const { t } = useTranslation();
  if (run.orders.length === 0) return <p className="robot-note">{t('robots.run.noOrders')}</p>;
  return (
    <table className="robot-table" aria-label={t('robots.run.orders')}>
      <thead>
        <tr>
          <th scope="col">{t('robots.run.time')}</th>
          <th scope="col">{t('robots.run.side')}</th>
          <th scope="col">{t('robots.run.quantityPrice')}</th>
          <th scope="col">{t('robots.run.realised')}</th>
        </tr>
      </thead>
      <tbody>
        {[...run.orders].reverse().map((order) => (
          <tr key={order.orderId}>
            <td>{when(order.filledAtTimestamp)}</td>
            <td className={order.direction === 0 ? 'rise' : 'fall'}>{t(order.direction === 0 ? 'robots.run.buy' : 'robots.run.sell')}</td>
            <td>
              {formatDecimal(order.quantity, locale)} × {formatDecimal(order.price, locale)}
              <span className="robot-note"> · {t('robots.run.fee', { fee: formatMoney(order.fee, locale) })}</span>
            </td>
            <td>
              <SignedMoney value={order.realised} locale={locale} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function RunView({ run, locale }: { run: RobotRunDetail; locale: Locale }) {
  const { t } = useTranslation();
  const stop = useStopRun();
  const isRunning = run.status === 'in_progress';
  const confirmStop = async () => {
    const isConfirmed = await Dialog.confirm({
      title: t('robots.run.stopTitle'),
      content: t('robots.run.stopText'),
      confirmText: t('robots.run.stop'),
      cancelText: t('robots.run.keep'),
    });
    if (!isConfirmed) return;
    stop.mutate(run.id, { onSuccess: () => showToast(t('robots.run.stopped'), 'success'), onError: showError });
  };
  return (
    <>
      <section className="robot-card" aria-label={t('robots.run.state')}>
        <div className="robot-card-head">
          <h2 className="robot-card-name">
            {run.templateName} · {run.stockCode}
          </h2>
          <span className={`status-tag robot-status-${run.status}`}>{t(`robots.status.${run.status}`)}</span>
        </div>
        {run.endReason ? <p className={run.status === 'failed' ? 'notice notice-warning' : 'robot-note'}>{endReasonText(run, t)}</p> : null}
        {isRunning ? <p className="robot-note">{t('robots.run.live')}</p> : null}
        <RobotFacts
          rows={[
            [t('robots.run.started'), when(run.startedAtTimestamp)],
            ...(run.endedAtTimestamp === null ? [] : [[t('robots.run.ended'), when(run.endedAtTimestamp)] as [string, string]]),
            [t('robots.start.wallet'), t(walletLabelKey(run.walletType))],
            [t('robots.run.allocated'), formatMoney(run.allocatedAmount, locale)],
            [t('robots.run.cash'), formatMoney(run.cash, locale)],
            [t('robots.run.quantity'), formatDecimal(run.quantity, locale)],
            [t('robots.run.averageCost'), formatDecimal(run.averageCost, locale)],
            [t('robots.run.lastPrice'), formatDecimal(run.lastPrice, locale)],
            [t('robots.run.value'), formatMoney(run.value, locale)],
            [t('robots.figures.today'), <SignedMoney key="today" value={run.todayOutput} locale={locale} />],
            [t('robots.run.energyUsed'), formatNumber(run.energyUsed, locale, { decimals: 0 })],
          ]}
        />
        <p className="robot-note">{t('robots.simulated')}</p>
        {isRunning ? (
          <button type="button" className="button button-danger button-block" disabled={stop.isPending} onClick={() => void confirmStop()}>
            {t('robots.run.stop')}
          </button>
        ) : null}
      </section>
      <section className="robot-card" aria-label={t('robots.run.results')}>
        <h2 className="robot-card-name">{t('robots.run.results')}</h2>
        <ResultFigures figures={run} locale={locale} />
        <p className="robot-note">{t('robots.run.resultsNote')}</p>
        <OutputChart days={run.days} locale={locale} label={t('robots.run.chart')} />
        <DailyOutput days={run.days} locale={locale} />
      </section>
      <section className="robot-card" aria-label={t('robots.run.orders')}>
        <h2 className="robot-card-name">{t('robots.run.orders')}</h2>
        <p className="robot-note">{t('robots.run.ordersNote')}</p>
        <RunOrders run={run} locale={locale} />
      </section>
    </>
  );
}

/** /pages/robot/run?id=…: a run's state (in progress, successful, failed with its reason), figures, daily output and orders; read again while it runs. */
export function RobotRunPage() {
  const { t, i18n } = useTranslation();
  const locale = (i18n.resolvedLanguage as Locale | undefined) ?? currentLocale();
  const [searchParams] = useSearchParams();
  const run = useRun(searchParams.get('id'));
  return (
    <>
      <NavBar title={t('robots.run.title')} />
      <div className="page-body">
        {searchParams.get('id') === null ? (
          <EmptyState title={t('robots.run.notFound')}>
            <Link className="button button-primary" to={pagePath('robotMine')}>
              {t('robots.mine.title')}
            </Link>
          </EmptyState>
        ) : run.isPending ? (
          <ListSkeleton rows={5} />
        ) : run.isError ? (
          <EmptyState title={t('robots.loadFailed')} description={run.error.message}>
            <button type="button" className="button button-default" onClick={() => void run.refetch()}>
              {t('robots.retry')}
            </button>
          </EmptyState>
        ) : (
          <RunView run={run.data} locale={locale} />
        )}
      </div>
    </>
  );
}
