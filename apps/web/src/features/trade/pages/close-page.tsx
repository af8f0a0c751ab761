import '../../../lib/antd-mobile-setup.ts';
import { useTranslation } from '@bolsa/client-kit/i18n';
import { type Locale, orderStatuses, type Position, resultCodeOf, tradeDirections } from '@bolsa/contracts';
import { Dialog } from 'antd-mobile';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { type FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { AmountField } from '../../../components/amount-field.tsx';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { currencySymbolOf, formatDecimal, formatMoney, formatSignedMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { isAnswerUnknown, useSubmissionKey } from '../../../lib/idempotency.ts';
import { tradeTabRoute } from '../../../lib/navigation.ts';
import { useLiveQuotes } from '../../../lib/push-client.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import { useClosePosition, useHalfOrFull, useMinCount, usePositions } from '../api/trading.ts';
import { useLivePositions } from '../api/use-live-positions.ts';
import { toMoneyText } from '../components/trade-format.ts';
import { Pnl } from '../components/trade-rows.tsx';
import '../trade.css';

const noPositions: Position[] = [];

const isPositiveDecimal = (value: string) => /^\d+(\.\d+)?$/.test(value) && Number(value) > 0;

/** The floating P&L of the part being closed: the position's, in proportion (an estimate at the current quote). */
export function estimatedPnlOf(position: Pick<Position, 'profit' | 'positionNum'>, quantity: string): string | null {
  if (!isPositiveDecimal(quantity)) return null;
  const held = Number(position.positionNum);
  if (!(held > 0)) return null;
  return toMoneyText((Number(position.profit) * Math.min(Number(quantity), held)) / held);
}

type CloseMutation = ReturnType<typeof useClosePosition>;

function CloseForm({ position, locale, close }: { position: Position; locale: Locale; close: CloseMutation }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const amounts = useHalfOrFull(position.id);
  const rules = useMinCount(position.stockCode);
  const live = useLiveQuotes([position.stockCode]).get(position.stockCode);
  // While the market is shut the server queues the close for the open: the page says so before it is sent.
  const marketStatus = live?.marketStatus ?? rules.data?.marketStatus;
  const isMarketClosed = marketStatus !== undefined && marketStatus !== 'open';
  const submissionKey = useSubmissionKey();
  // Until edited, all that is still closable: what it holds less any close already queued for the open.
  const [editedQuantity, setQuantity] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const full = amounts.data?.fullNum ?? position.positionNum;
  const quantity = editedQuantity ?? full;
  const estimate = estimatedPnlOf(position, quantity);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (close.isPending) return;
    if (!isPositiveDecimal(quantity)) {
      setError(t('trade.ticket.quantityRequired'));
      return;
    }
    const isAll = Number(quantity) === Number(full);
    const isConfirmed = await Dialog.confirm({
      title: t('trade.closePage.confirmTitle'),
      content: (
        <>
          <p>
            {t('trade.closePage.confirmText', {
              quantity: formatDecimal(quantity, locale),
              code: position.stockCode,
              pnl: estimate === null ? '–' : formatSignedMoney(estimate, locale, position.currency).text,
            })}
          </p>
          {isMarketClosed ? <p className="form-note">{t('trade.closePage.marketClosed')}</p> : null}
        </>
      ),
      confirmText: t('trade.closePage.submit'),
      cancelText: t('common.cancel'),
    });
    if (!isConfirmed) return;
    const input = { id: position.id, quantity: isAll ? undefined : quantity };
    const idempotencyKey = submissionKey.keyFor(JSON.stringify(input));
    close.mutate(
      { ...input, idempotencyKey },
      {
        onSuccess: (order) => {
          submissionKey.settle();
          // Accepted but waiting for the open (entrusted): it is listed under Entrusted, where it can be cancelled.
          const isQueued = order.status === orderStatuses.entrusted || order.status === orderStatuses.triggered;
          showToast(t(isQueued ? 'trade.closePage.queued' : 'trade.closePage.closed'), 'success');
          navigate(tradeTabRoute(isQueued ? 2 : 0), { replace: true });
        },
        onError: (failure) => {
          if (!isAnswerUnknown(failure)) submissionKey.settle();
          if ((failure as { code?: unknown }).code === resultCodeOf('CLOSE_QUANTITY_INVALID')) setError((failure as Error).message);
          showError(failure);
        },
      },
    );
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      {isMarketClosed ? (
        <section className="notice notice-warning">
          <ClockCircleOutline className="notice-icon" aria-hidden="true" />
          <p className="notice-text">{t('trade.closePage.marketClosed')}</p>
        </section>
      ) : null}
      <section className="order-head">
        <div>
          <p className="order-head-name">{position.stockName}</p>
          <p className="order-head-code">
            {position.stockCode} · {t(position.direction === tradeDirections.sell ? 'trade.sides.1' : 'trade.sides.0')}
            {position.leverage > 1 ? ` · ${position.leverage}×` : ''}
          </p>
        </div>
        <div className="order-head-price">
          <p className="order-head-last">{formatDecimal(position.currentPrice, locale)}</p>
          <Pnl value={position.profit} currency={position.currency} locale={locale} />
        </div>
      </section>
      <AmountField
        label={t('trade.closePage.quantity')}
        name="quantity"
        locale={locale}
        value={quantity}
        onValueChange={(value) => {
          setQuantity(value);
          setError(undefined);
        }}
        error={error}
        hint={t('trade.closePage.held', { num: formatDecimal(position.positionNum, locale) })}
        addon={
          <span className="order-fill">
            <button
              type="button"
              className="send-code-button"
              disabled={!amounts.data}
              onClick={() => amounts.data && setQuantity(amounts.data.halfNum)}
            >
              {t('trade.half')}
            </button>
            <button type="button" className="send-code-button" onClick={() => setQuantity(full)}>
              {t('trade.all')}
            </button>
          </span>
        }
      />
      <section className="order-preview" aria-label={t('trade.closePage.estimate')}>
        <dl className="order-summary">
          <PositionBasis position={position} locale={locale} />
          <div className="order-summary-row">
            <dt>{t('trade.closePage.estimate')}</dt>
            <dd>{estimate === null ? '–' : <Pnl value={estimate} currency={position.currency} locale={locale} />}</dd>
          </div>
        </dl>
        <p className="form-note">{t('trade.closePage.estimateNote')}</p>
      </section>
      <button type="submit" className="button button-primary button-block" disabled={close.isPending}>
        {close.isPending ? t('common.loading') : t('trade.closePage.submit')}
      </button>
    </form>
  );
}

/**
 * What the position stands on: a cash holding (leverage 1) its average cost and market value, as the
 * holdings list shows it; a leveraged one its open price and margin (issue 15 §11).
 */
function PositionBasis({ position, locale }: { position: Position; locale: Locale }) {
  const { t } = useTranslation();
  const symbol = currencySymbolOf(position.currency);
  const isCash = position.leverage === 1;
  const rows: Array<[string, string]> = isCash
    ? [
        [t('trade.fields.averageCost'), formatDecimal(position.openPrice, locale)],
        [t('trade.fields.marketValue'), formatMoney(position.marketValue ?? '', locale, symbol) || '–'],
      ]
    : [
        [t('trade.fields.openPrice'), formatDecimal(position.openPrice, locale)],
        [t('trade.fields.margin'), formatMoney(position.margin, locale, symbol)],
      ];
  return rows.map(([label, value]) => (
    <div key={label} className="order-summary-row">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  ));
}

/** /pages/payment/close?positionId=: closes all or part of an open position at the market. */
export function ClosePositionPage() {
  const { t, i18n } = useTranslation();
  const locale = (i18n.resolvedLanguage as Locale | undefined) ?? currentLocale();
  const [searchParams] = useSearchParams();
  const positionId = searchParams.get('positionId') ?? '';
  const positions = usePositions();
  const held = positions.data?.list.find((row) => row.id === positionId);
  // Revalued on each quote, so the estimate follows the price the close would fill at.
  const position = useLivePositions(held ? [held] : noPositions)[0];
  // Owned here, not by the form: a fill's live event can remove the position (and the form) before the
  // close's answer arrives, and the answer must still say "closed" and go back to the holdings.
  const close = useClosePosition();
  return (
    <>
      <NavBar title={t('trade.closePage.title')} />
      <div className="page-body">
        {positions.isPending ? (
          <ListSkeleton rows={2} />
        ) : position ? (
          <CloseForm key={position.id} position={position} locale={locale} close={close} />
        ) : (
          <EmptyState title={t('trade.closePage.notFound')} />
        )}
      </div>
    </>
  );
}
