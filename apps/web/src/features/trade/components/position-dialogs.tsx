import '../../../lib/antd-mobile-setup.ts';
import { useTranslation } from '@bolsa/client-kit/i18n';
import { type Locale, type Position, resultCodeOf, tradeDirections } from '@bolsa/contracts';
import { Popup } from 'antd-mobile';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { AmountField } from '../../../components/amount-field.tsx';
import { currencySymbolOf, formatDecimal, formatMoney } from '../../../lib/format.ts';
import { isAnswerUnknown, useSubmissionKey } from '../../../lib/idempotency.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import { walletLabelKey } from '../../../lib/wallet-labels.ts';
import { useAddMargin, useMarketWallet, useUpdateTakeProfitStopLoss } from '../api/trading.ts';
import { isPositiveDecimal, levelErrors } from './price-levels.ts';
import '../trade.css';
import { SummaryRows } from './summary-rows.tsx';

const moneyPattern = /^\d+(\.\d{1,2})?$/;

function Sheet({ title, onClose, children }: { title: string; onClose: () => void; children: ReactNode }) {
  const titleId = useId();
  return (
    <Popup visible onMaskClick={onClose} onClose={onClose} bodyClassName="position-sheet" destroyOnClose>
      <div role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <h2 id={titleId} className="position-sheet-title">
          {title}
        </h2>
        {children}
      </div>
    </Popup>
  );
}

/** Add-margin dialog of a holding: money from the market's wallet into the position's own margin. */
export function AddMarginDialog({ position, locale, onClose }: { position: Position; locale: Locale; onClose: () => void }) {
  const { t } = useTranslation();
  const walletType = position.walletType;
  const wallet = useMarketWallet(walletType);
  const addMargin = useAddMargin();
  const submissionKey = useSubmissionKey();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const symbol = currencySymbolOf(position.currency);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (addMargin.isPending) return;
    if (!moneyPattern.test(amount) || Number(amount) <= 0) {
      setError(t('trade.addMargin.amountRequired'));
      return;
    }
    if (wallet.data && Number(amount) > Number(wallet.data.availableBalance)) {
      setError(t('trade.addMargin.notEnough'));
      return;
    }
    const idempotencyKey = submissionKey.keyFor(`${position.id}:${amount}`);
    addMargin.mutate(
      { id: position.id, amount, idempotencyKey },
      {
        onSuccess: () => {
          submissionKey.settle();
          showToast(t('trade.addMargin.done'), 'success');
          onClose();
        },
        onError: (failure) => {
          if (!isAnswerUnknown(failure)) submissionKey.settle();
          setError((failure as Error).message);
          showError(failure);
        },
      },
    );
  };

  return (
    <Sheet title={t('trade.addMargin.title')} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <SummaryRows
          rows={[
            [t('trade.ticket.instrument'), `${position.stockName} (${position.stockCode})`],
            [t('trade.addMargin.current'), formatMoney(position.margin, locale, symbol)],
            [
              t('trade.ticket.available', { wallet: t(walletLabelKey(walletType)) }),
              wallet.data ? formatMoney(wallet.data.availableBalance, locale, symbol) : '–',
            ],
          ]}
        />
        <AmountField
          label={t('trade.addMargin.amount')}
          name="amount"
          locale={locale}
          value={amount}
          onValueChange={(value) => {
            setAmount(value);
            setError(undefined);
          }}
          error={error}
          hint={t('trade.addMargin.hint')}
        />
        <div className="position-sheet-actions">
          <button type="button" className="button button-default" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button-primary" disabled={addMargin.isPending}>
            {addMargin.isPending ? t('common.loading') : t('trade.addMargin.submit')}
          </button>
        </div>
      </form>
    </Sheet>
  );
}

/** Take-profit / stop-loss dialog of a holding: sets both levels; an empty field removes that level. */
export function EditLevelsDialog({ position, locale, onClose }: { position: Position; locale: Locale; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateTakeProfitStopLoss();
  const [takeProfit, setTakeProfit] = useState(position.takeProfit ?? '');
  const [stopLoss, setStopLoss] = useState(position.stopLoss ?? '');
  const [errors, setErrors] = useState<{ takeProfit?: string | undefined; stopLoss?: string | undefined }>({});
  const reference = position.currentPrice;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (update.isPending) return;
    const levels = levelErrors({ direction: position.direction, reference, takeProfit, stopLoss });
    const price = formatDecimal(reference, locale);
    const next = {
      takeProfit: levels.takeProfit ? t(`trade.levels.${levels.takeProfit}`, { price }) : undefined,
      stopLoss: levels.stopLoss ? t(`trade.levels.${levels.stopLoss}`, { price }) : undefined,
    };
    setErrors(next);
    if (next.takeProfit || next.stopLoss) return;
    update.mutate(
      {
        id: position.id,
        takeProfit: isPositiveDecimal(takeProfit) ? takeProfit : null,
        stopLoss: isPositiveDecimal(stopLoss) ? stopLoss : null,
      },
      {
        onSuccess: () => {
          showToast(t('trade.editLevels.done'), 'success');
          onClose();
        },
        onError: (failure) => {
          const code = (failure as { code?: unknown }).code;
          // The server names no field: a wrong side can be either level, an off-tick price is shown under both.
          if (code === resultCodeOf('TAKE_PROFIT_STOP_LOSS_INVALID') || code === resultCodeOf('PRICE_NOT_ON_TICK'))
            setErrors({ takeProfit: (failure as Error).message });
          showError(failure);
        },
      },
    );
  };

  const edit = (setter: (value: string) => void) => (value: string) => {
    setter(value);
    setErrors({});
  };

  return (
    <Sheet title={t('trade.editLevels.title')} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <SummaryRows
          rows={[
            [t('trade.ticket.instrument'), `${position.stockName} (${position.stockCode})`],
            [t('trade.ticket.direction'), t(position.direction === tradeDirections.sell ? 'trade.sides.1' : 'trade.sides.0')],
            [t('trade.fields.openPrice'), formatDecimal(position.openPrice, locale)],
            [t('trade.fields.currentPrice'), formatDecimal(reference, locale)],
          ]}
        />
        <AmountField
          label={t('trade.fields.takeProfit')}
          name="takeProfit"
          locale={locale}
          placeholder={t('auth.optional')}
          value={takeProfit}
          onValueChange={edit(setTakeProfit)}
          error={errors.takeProfit}
        />
        <AmountField
          label={t('trade.fields.stopLoss')}
          name="stopLoss"
          locale={locale}
          placeholder={t('auth.optional')}
          value={stopLoss}
          onValueChange={edit(setStopLoss)}
          error={errors.stopLoss}
        />
        <p className="form-field-hint">
          {t(position.direction === tradeDirections.buy ? 'trade.ticket.levelsHintBuy' : 'trade.ticket.levelsHintSell')}{' '}
          {t('trade.editLevels.hint')}
        </p>
        <div className="position-sheet-actions">
          <button type="button" className="button button-default" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button-primary" disabled={update.isPending}>
            {update.isPending ? t('common.loading') : t('trade.editLevels.submit')}
          </button>
        </div>
      </form>
    </Sheet>
  );
}
