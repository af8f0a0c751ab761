import { useTranslation } from '@bolsa/client-kit/i18n';
import { type Locale, type Order, orderStatuses, tradeDirections } from '@bolsa/contracts';
import { Dialog } from 'antd-mobile';
import type { TFunction } from 'i18next';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { formatDecimal, formatMoney } from '../../../lib/format.ts';
import { isAnswerUnknown, useSubmissionKey } from '../../../lib/idempotency.ts';
import { tradeTabRoute } from '../../../lib/navigation.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import { useCreateOrder } from '../api/trading.ts';
import {
  fieldOfCode,
  hasLimitPrice,
  hasStopPrice,
  type OrderEstimate,
  orderInput,
  type TicketDraft,
  type TicketMarket,
  validateTicket,
} from './order-ticket-model.ts';
import { SummaryRows } from './summary-rows.tsx';
import { toMoneyText } from './trade-format.ts';

/** The lines of the confirmation: what will be sent, and the estimate when there is one. */
function confirmRows(draft: TicketDraft, estimate: OrderEstimate, symbol: TicketMarket['symbol'], t: TFunction, locale: Locale) {
  const { fields, sell } = draft;
  const { type } = fields;
  const rows: Array<[string, string]> = [
    [t('trade.ticket.instrument'), `${draft.name} (${draft.code})`],
    [
      t('trade.ticket.direction'),
      t(draft.direction === tradeDirections.buy ? 'trade.buy' : sell.isShort ? 'trade.stockSell.openShort' : 'trade.sell'),
    ],
    [t('trade.fields.type'), t(`trade.orderTypes.${type}`)],
    [t('trade.fields.quantity'), formatDecimal(fields.quantity, locale)],
  ];
  if (hasStopPrice(type)) rows.push([t('trade.fields.stopPrice'), formatDecimal(fields.stopPrice, locale)]);
  if (hasLimitPrice(type)) rows.push([t('trade.fields.price'), formatDecimal(fields.price, locale)]);
  if (!sell.isClosing) rows.push([t('trade.fields.leverage'), `${fields.leverage}×`]);
  rows.push([t('trade.ticket.timeInForce'), t(`trade.ticket.timeInForces.${fields.timeInForce}`)]);
  if (fields.takeProfit !== '') rows.push([t('trade.fields.takeProfit'), formatDecimal(fields.takeProfit, locale)]);
  if (fields.stopLoss !== '') rows.push([t('trade.fields.stopLoss'), formatDecimal(fields.stopLoss, locale)]);
  if (estimate.hasEstimate) {
    if (!sell.isClosing) rows.push([t('trade.fields.margin'), formatMoney(toMoneyText(estimate.margin), locale, symbol)]);
    rows.push([t('trade.fields.fee'), formatMoney(toMoneyText(estimate.fee), locale, symbol)]);
  }
  return rows;
}

/** Sends a draft once per submission (its key reused on a retry whose answer never came), then opens the trade tab. */
function useSendOrder() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateOrder();
  const submissionKey = useSubmissionKey();
  const send = (draft: TicketDraft) => {
    const input = orderInput(draft);
    const idempotencyKey = submissionKey.keyFor(JSON.stringify(input));
    create.mutate(
      { ...input, idempotencyKey },
      {
        onSuccess: (order: Order) => {
          submissionKey.settle();
          const isFilled = order.status === orderStatuses.success;
          showToast(t(isFilled ? 'trade.ticket.filled' : 'trade.ticket.placed'), 'success');
          navigate(tradeTabRoute(isFilled ? 0 : 2), { replace: true });
        },
        onError: (error) => {
          if (!isAnswerUnknown(error)) submissionKey.settle();
          const field = fieldOfCode((error as { code?: unknown }).code, draft.fields.type);
          if (field) draft.fields.setErrors({ [field]: (error as Error).message });
          showError(error);
        },
      },
    );
  };
  return { send, isPending: create.isPending };
}

/** The ticket's submit: check the fields, confirm what will be sent, send it. */
export function useTicketSubmit(
  draft: TicketDraft,
  estimate: OrderEstimate,
  symbol: TicketMarket['symbol'],
  isMarketClosed: boolean,
  locale: Locale,
) {
  const { t } = useTranslation();
  const { send, isPending } = useSendOrder();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isPending) return;
    const errors = validateTicket(draft, t, locale);
    draft.fields.setErrors(errors);
    if (Object.keys(errors).length > 0) return;
    const isConfirmed = await Dialog.confirm({
      title: t('trade.ticket.confirmTitle'),
      content: (
        <>
          <SummaryRows rows={confirmRows(draft, estimate, symbol, t, locale)} />
          {isMarketClosed ? <p className="form-note">{t('trade.ticket.marketClosed')}</p> : null}
        </>
      ),
      confirmText: t('trade.ticket.confirm'),
      cancelText: t('common.cancel'),
    });
    if (isConfirmed) send(draft);
  };
  return { submit, isPending };
}
