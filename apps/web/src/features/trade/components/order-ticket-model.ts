import {
  type Locale,
  type OrderType,
  orderTypes,
  resultCodeOf,
  type TimeInForce,
  type TradableSource,
  type TradeDirection,
  tradingMarkets,
} from '@bolsa/contracts';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { currencySymbolOf, formatDecimal } from '../../../lib/format.ts';
import { useLiveQuotes } from '../../../lib/push-client.ts';
import { useInstrumentQuote } from '../api/get-instrument-quote.ts';
import { type MinCount, useHalfOrFull, useMarketWallet, useMinCount, usePositionsByStock } from '../api/trading.ts';
import { isPositiveDecimal, levelErrors } from './price-levels.ts';
import type { StockSell } from './stock-sell.tsx';

/** What the leverage picker offers, cut to the market's limits (spec §2 "trading center ... leverage"). */
export const leverageChoices = [1, 2, 5, 10, 20, 50, 100] as const;
const STOCK_LEVERAGE_FALLBACK = [1, 2, 3, 4, 5];

export function leverageOptionsOf(limits: Pick<MinCount, 'leverageMin' | 'leverageMax'> | undefined): number[] {
  if (!limits) return STOCK_LEVERAGE_FALLBACK;
  const within: number[] = leverageChoices.filter((value) => value >= limits.leverageMin && value <= limits.leverageMax);
  // The market's most leverage is offered even between the steps (30× on a major currency pair).
  if (within.length > 0 && !within.includes(limits.leverageMax)) within.push(limits.leverageMax);
  return within.length > 0 ? within : [limits.leverageMin];
}

export type FieldName = 'quantity' | 'price' | 'stopPrice' | 'leverage' | 'takeProfit' | 'stopLoss';
export type FieldErrors = Partial<Record<FieldName, string>>;

/** Limit and stop-limit orders carry a limit price; stop and stop-limit orders a trigger price. */
export const hasLimitPrice = (type: OrderType) => type === orderTypes.limit || type === orderTypes.stopLimit;
export const hasStopPrice = (type: OrderType) => type === orderTypes.stop || type === orderTypes.stopLimit;

/** The largest whole number of lots not above `value`, as a decimal string. */
export function floorToLots(value: number, lot: number): string {
  if (!Number.isFinite(value) || value <= 0 || lot <= 0) return '';
  const lots = Math.floor(value / lot + 1e-9);
  if (lots <= 0) return '';
  const decimals = String(lot).split('.')[1]?.length ?? 0;
  return (lots * lot).toFixed(decimals);
}

/** What the ticket shows of the instrument and its market: live prices, the market's rules, the wallet. */
export function useTicketMarket(code: string, source: TradableSource) {
  const detail = useInstrumentQuote(code);
  const live = useLiveQuotes([code]).get(code);
  const rules = useMinCount(code);
  const walletType = rules.data?.walletType ?? tradingMarkets[source].walletType;
  const wallet = useMarketWallet(walletType);
  const held = usePositionsByStock(code);
  const heldPosition = held.data?.find((position) => position.status === 'open');
  const halfOrFull = useHalfOrFull(heldPosition?.id);
  const marketStatus = live?.marketStatus ?? rules.data?.marketStatus ?? detail.data?.marketStatus;
  return {
    detail,
    rules,
    wallet,
    walletType,
    halfOrFull,
    symbol: currencySymbolOf(rules.data?.currency ?? wallet.data?.currency ?? 'USD'),
    bid: live?.bid ?? detail.data?.bid,
    ask: live?.ask ?? detail.data?.ask,
    last: live?.price ?? detail.data?.price_nominal,
    changeRatio: live?.changeRatio ?? detail.data?.change_ratio,
    marketStatus,
    isMarketClosed: marketStatus !== undefined && marketStatus !== 'open',
    multiplier: Number(rules.data?.multiplier ?? detail.data?.multiplier ?? 1) || 1,
    feeRate: Number(rules.data?.feeRate ?? 0),
    feeMinimum: Number(rules.data?.feeMinimum ?? 0),
    perContract: Number(detail.data?.margin ?? 0),
    lot: Number(rules.data?.lotSize ?? detail.data?.lot_size ?? 1) || 1,
    minimum: rules.data?.minCount ?? detail.data?.min_quantity,
  };
}
export type TicketMarket = ReturnType<typeof useTicketMarket>;

/** The ticket's typed fields and their errors; a stock Sell that closes is always a market order at 1×. */
export function useTicketFields(isClosing: boolean, leverageOptions: number[]) {
  const [chosenType, setType] = useState<OrderType>(orderTypes.market);
  const [quantity, setQuantity] = useState('');
  const [price, setPrice] = useState('');
  const [stopPrice, setStopPrice] = useState('');
  const [timeInForce, setTimeInForce] = useState<TimeInForce>('day');
  const [takeProfit, setTakeProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const [chosenLeverage, setLeverage] = useState<number | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const leverage = isClosing
    ? 1
    : chosenLeverage !== null && leverageOptions.includes(chosenLeverage)
      ? chosenLeverage
      : (leverageOptions[0] ?? 1);
  return {
    type: isClosing ? orderTypes.market : chosenType,
    setType,
    quantity,
    setQuantity,
    price,
    setPrice,
    stopPrice,
    setStopPrice,
    timeInForce,
    setTimeInForce,
    takeProfit,
    setTakeProfit,
    stopLoss,
    setStopLoss,
    leverage,
    setLeverage,
    errors,
    setErrors,
  };
}
export type TicketFields = ReturnType<typeof useTicketFields>;

/** The estimate of what the order reserves: the server's rule (value / leverage, fee rate with a minimum). */
export function orderEstimate(market: TicketMarket, fields: TicketFields, estimatePrice: string | undefined) {
  const hasEstimate = isPositiveDecimal(fields.quantity) && estimatePrice !== undefined && isPositiveDecimal(estimatePrice);
  const notional = hasEstimate ? Number(estimatePrice) * Number(fields.quantity) * market.multiplier : 0;
  const margin = hasEstimate ? Math.max(notional / fields.leverage, market.perContract * Number(fields.quantity)) : 0;
  const fee = hasEstimate ? Math.max(notional * market.feeRate, market.feeMinimum) : 0;
  return { hasEstimate, notional, margin, fee };
}
export type OrderEstimate = ReturnType<typeof orderEstimate>;

/** Half or all of what can be bought (or, when closing, of what is held), in whole lots; '' when nothing. */
export function fillQuantity(share: 0.5 | 1, market: TicketMarket, leverage: number, touch: string | undefined, sell: StockSell): string {
  if (sell.isClosing) return floorToLots(Number(sell.holding?.sellableQuantity ?? '0') * share, market.lot);
  if (market.halfOrFull.data) return share === 0.5 ? market.halfOrFull.data.halfNum : market.halfOrFull.data.fullNum;
  const available = Number(market.wallet.data?.availableBalance ?? 0) - market.feeMinimum;
  const unitPrice = Number(touch ?? 0) * market.multiplier;
  if (unitPrice <= 0) return '';
  const unitCost = Math.max(unitPrice / leverage, market.perContract) + unitPrice * market.feeRate;
  return floorToLots((available * share) / unitCost, market.lot);
}

/** Everything the ticket sends, checks and confirms. */
export type TicketDraft = {
  code: string;
  name: string;
  source: TradableSource;
  direction: TradeDirection;
  fields: TicketFields;
  sell: StockSell;
  estimatePrice: string | undefined;
};

/** The field errors of a draft before it is sent (none: it may be sent). */
export function validateTicket(draft: TicketDraft, t: TFunction, locale: Locale): FieldErrors {
  const { fields, sell } = draft;
  const next: FieldErrors = {};
  const sellable = sell.holding?.sellableQuantity ?? '0';
  if (!isPositiveDecimal(fields.quantity)) next.quantity = t('trade.ticket.quantityRequired');
  else if (sell.isClosing && Number(fields.quantity) > Number(sellable))
    next.quantity = t('trade.stockSell.moreThanHeld', { quantity: formatDecimal(sellable, locale), code: draft.code });
  if (hasLimitPrice(fields.type) && !isPositiveDecimal(fields.price)) next.price = t('trade.ticket.priceRequired');
  if (hasStopPrice(fields.type) && !isPositiveDecimal(fields.stopPrice)) next.stopPrice = t('trade.ticket.priceRequired');
  const levels = levelErrors({
    direction: draft.direction,
    reference: draft.estimatePrice,
    takeProfit: fields.takeProfit,
    stopLoss: fields.stopLoss,
  });
  const reference = formatDecimal(draft.estimatePrice, locale);
  if (levels.takeProfit) next.takeProfit = t(`trade.levels.${levels.takeProfit}`, { price: reference });
  if (levels.stopLoss) next.stopLoss = t(`trade.levels.${levels.stopLoss}`, { price: reference });
  return next;
}

/** The field a refusal of the server is about, to show its message there. */
export function fieldOfCode(code: unknown, type: OrderType): FieldName | null {
  if (code === resultCodeOf('QUANTITY_BELOW_MINIMUM') || code === resultCodeOf('QUANTITY_NOT_WHOLE_LOTS')) return 'quantity';
  if (code === resultCodeOf('LEVERAGE_OUT_OF_RANGE')) return 'leverage';
  if (code === resultCodeOf('PRICE_NOT_ON_TICK')) return hasLimitPrice(type) ? 'price' : 'stopPrice';
  return null;
}

/** The create call's input of a draft (without its idempotency key). */
export function orderInput({ code, name, source, direction, fields, sell }: TicketDraft) {
  const { type } = fields;
  return {
    source,
    code,
    name,
    direction,
    type,
    quantity: fields.quantity,
    price: hasLimitPrice(type) ? fields.price : undefined,
    stopPrice: hasStopPrice(type) ? fields.stopPrice : undefined,
    leverage: fields.leverage,
    timeInForce: fields.timeInForce,
    takeProfit: fields.takeProfit === '' || sell.isClosing ? undefined : fields.takeProfit,
    stopLoss: fields.stopLoss === '' || sell.isClosing ? undefined : fields.stopLoss,
    openClose: sell.openClose,
  };
}
