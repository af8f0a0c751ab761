import '../../../lib/antd-mobile-setup.ts';
import {
  isTradableSource,
  type Locale,
  type Order,
  type OrderType,
  orderStatuses,
  orderTypes,
  resultCodeOf,
  type TimeInForce,
  type TradableSource,
  type TradeDirection,
  timeInForces,
  tradeDirections,
  tradingMarkets,
} from '@bolsa/contracts';
import { Dialog } from 'antd-mobile';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { FormSelect } from '../../../components/form-select.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { currencySymbolOf, formatMoney, formatPercent, trendClass } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { isAnswerUnknown, useSubmissionKey } from '../../../lib/idempotency.ts';
import { tradeTabRoute } from '../../../lib/navigation.ts';
import { amountInput } from '../../../lib/parse-amount.ts';
import { useLiveQuotes } from '../../../lib/push-client.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import { walletLabelKey } from '../../../lib/wallet-labels.ts';
import { useInstrumentQuote } from '../api/get-instrument-quote.ts';
import { type MinCount, useCreateOrder, useHalfOrFull, useMarketWallet, useMinCount, usePositionsByStock } from '../api/trading.ts';
import { isPositiveDecimal, levelErrors } from '../components/price-levels.ts';
import { StockSellChoice, useStockSell } from '../components/stock-sell.tsx';
import { TopUpOffer } from '../components/top-up-offer.tsx';
import { formatDecimal, toMoneyText } from '../components/trade-format.ts';
import '../trade.css';

/** What the leverage picker offers, cut to the market's limits (spec §2 "trading center ... leverage"). */
export const leverageChoices = [1, 2, 5, 10, 20, 50, 100] as const;
const STOCK_LEVERAGE_FALLBACK = [1, 2, 3, 4, 5];

export function leverageOptionsOf(limits: Pick<MinCount, 'leverageMin' | 'leverageMax'> | undefined): number[] {
  if (!limits) return STOCK_LEVERAGE_FALLBACK;
  const within = leverageChoices.filter((value) => value >= limits.leverageMin && value <= limits.leverageMax);
  return within.length > 0 ? within : [limits.leverageMin];
}

type FieldName = 'quantity' | 'price' | 'stopPrice' | 'leverage' | 'takeProfit' | 'stopLoss';

/** Limit and stop-limit orders carry a limit price; stop and stop-limit orders a trigger price. */
export const hasLimitPrice = (type: OrderType) => type === orderTypes.limit || type === orderTypes.stopLimit;
export const hasStopPrice = (type: OrderType) => type === orderTypes.stop || type === orderTypes.stopLimit;

/** The largest whole number of lots not above `value`, as a decimal string. */
function floorToLots(value: number, lot: number): string {
  if (!Number.isFinite(value) || value <= 0 || lot <= 0) return '';
  const lots = Math.floor(value / lot + 1e-9);
  if (lots <= 0) return '';
  const decimals = String(lot).split('.')[1]?.length ?? 0;
  return (lots * lot).toFixed(decimals);
}

function Summary({ rows }: { rows: Array<[string, string]> }) {
  return (
    <dl className="order-summary">
      {rows.map(([label, value]) => (
        <div key={label} className="order-summary-row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Ticket({
  code,
  name,
  source,
  initialDirection,
}: {
  code: string;
  name: string;
  source: TradableSource;
  initialDirection: TradeDirection;
}) {
  const { t, i18n } = useTranslation();
  const locale = (i18n.resolvedLanguage as Locale | undefined) ?? currentLocale();
  const navigate = useNavigate();
  const detail = useInstrumentQuote(code);
  const live = useLiveQuotes([code]).get(code);
  const rules = useMinCount(code);
  const walletType = rules.data?.walletType ?? tradingMarkets[source].walletType;
  const wallet = useMarketWallet(walletType);
  const held = usePositionsByStock(code);
  const heldPosition = held.data?.find((position) => position.status === 'open');
  const halfOrFull = useHalfOrFull(heldPosition?.id);
  const create = useCreateOrder();
  const submissionKey = useSubmissionKey();

  const [direction, setDirection] = useState<TradeDirection>(initialDirection);
  // A stock Sell closes what is held, at the market (issue 15 §2); a short is the explicit other choice.
  const stockSell = useStockSell(code, source, direction);
  const isClosing = stockSell.isClosing;
  const [chosenType, setType] = useState<OrderType>(orderTypes.market);
  const type: OrderType = isClosing ? orderTypes.market : chosenType;
  const [quantity, setQuantity] = useState('');
  const [price, setPrice] = useState('');
  const [stopPrice, setStopPrice] = useState('');
  const [timeInForce, setTimeInForce] = useState<TimeInForce>('day');
  const [takeProfit, setTakeProfit] = useState('');
  const [stopLoss, setStopLoss] = useState('');
  const leverageOptions = leverageOptionsOf(rules.data);
  const [chosenLeverage, setLeverage] = useState<number | null>(null);
  const leverage = isClosing
    ? 1
    : chosenLeverage !== null && leverageOptions.includes(chosenLeverage)
      ? chosenLeverage
      : (leverageOptions[0] ?? 1);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});

  const currency = rules.data?.currency ?? wallet.data?.currency ?? 'USD';
  const symbol = currencySymbolOf(currency);
  const bid = live?.bid ?? detail.data?.bid;
  const ask = live?.ask ?? detail.data?.ask;
  const last = live?.price ?? detail.data?.price_nominal;
  const changeRatio = live?.changeRatio ?? detail.data?.change_ratio;
  const marketStatus = live?.marketStatus ?? rules.data?.marketStatus ?? detail.data?.marketStatus;
  const isMarketClosed = marketStatus !== undefined && marketStatus !== 'open';
  const touch = direction === tradeDirections.buy ? ask : bid;

  // The estimate of what the order reserves: the server's rule (value / leverage, fee rate with a minimum).
  const estimatePrice = hasLimitPrice(type) ? price : type === orderTypes.stop ? stopPrice : touch;
  const multiplier = Number(rules.data?.multiplier ?? detail.data?.multiplier ?? 1) || 1;
  const feeRate = Number(rules.data?.feeRate ?? 0);
  const feeMinimum = Number(rules.data?.feeMinimum ?? 0);
  const perContract = Number(detail.data?.margin ?? 0);
  const hasEstimate = isPositiveDecimal(quantity) && estimatePrice !== undefined && isPositiveDecimal(estimatePrice);
  const notional = hasEstimate ? Number(estimatePrice) * Number(quantity) * multiplier : 0;
  const margin = hasEstimate ? Math.max(notional / leverage, perContract * Number(quantity)) : 0;
  const fee = hasEstimate ? Math.max(notional * feeRate, feeMinimum) : 0;

  const lot = Number(rules.data?.lotSize ?? detail.data?.lot_size ?? 1) || 1;
  const minimum = rules.data?.minCount ?? detail.data?.min_quantity;
  const fillFromBalance = (share: number) => {
    const available = Number(wallet.data?.availableBalance ?? 0) - feeMinimum;
    const unitPrice = Number(touch ?? 0) * multiplier;
    if (unitPrice <= 0) return '';
    const unitCost = Math.max(unitPrice / leverage, perContract) + unitPrice * feeRate;
    return floorToLots((available * share) / unitCost, lot);
  };
  const sellable = stockSell.holding?.sellableQuantity ?? '0';
  const fill = (which: 'half' | 'full') => {
    const value = isClosing
      ? which === 'half'
        ? floorToLots(Number(sellable) / 2, lot)
        : floorToLots(Number(sellable), lot)
      : halfOrFull.data
        ? which === 'half'
          ? halfOrFull.data.halfNum
          : halfOrFull.data.fullNum
        : fillFromBalance(which === 'half' ? 0.5 : 1);
    setQuantity(value);
    setErrors((previous) => ({ ...previous, quantity: value === '' ? t('trade.ticket.nothingToFill') : undefined }));
  };

  const validate = (): boolean => {
    const next: Partial<Record<FieldName, string>> = {};
    if (!isPositiveDecimal(quantity)) next.quantity = t('trade.ticket.quantityRequired');
    else if (isClosing && Number(quantity) > Number(sellable))
      next.quantity = t('trade.stockSell.moreThanHeld', { quantity: formatDecimal(sellable, locale), code });
    if (hasLimitPrice(type) && !isPositiveDecimal(price)) next.price = t('trade.ticket.priceRequired');
    if (hasStopPrice(type) && !isPositiveDecimal(stopPrice)) next.stopPrice = t('trade.ticket.priceRequired');
    const levels = levelErrors({ direction, reference: estimatePrice, takeProfit, stopLoss });
    const reference = formatDecimal(estimatePrice, locale);
    if (levels.takeProfit) next.takeProfit = t(`trade.levels.${levels.takeProfit}`, { price: reference });
    if (levels.stopLoss) next.stopLoss = t(`trade.levels.${levels.stopLoss}`, { price: reference });
    setErrors(next);
    return Object.keys(next).length === 0;
  };

  const fieldOfCode = (code: unknown): FieldName | null => {
    if (code === resultCodeOf('QUANTITY_BELOW_MINIMUM') || code === resultCodeOf('QUANTITY_NOT_WHOLE_LOTS')) return 'quantity';
    if (code === resultCodeOf('LEVERAGE_OUT_OF_RANGE')) return 'leverage';
    if (code === resultCodeOf('PRICE_NOT_ON_TICK')) return hasLimitPrice(type) ? 'price' : 'stopPrice';
    return null;
  };

  const send = () => {
    const input = {
      source,
      code,
      name,
      direction,
      type,
      quantity,
      price: hasLimitPrice(type) ? price : undefined,
      stopPrice: hasStopPrice(type) ? stopPrice : undefined,
      leverage,
      timeInForce,
      takeProfit: takeProfit === '' || isClosing ? undefined : takeProfit,
      stopLoss: stopLoss === '' || isClosing ? undefined : stopLoss,
      openClose: stockSell.openClose,
    };
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
          const field = fieldOfCode((error as { code?: unknown }).code);
          if (field) setErrors({ [field]: (error as Error).message });
          showError(error);
        },
      },
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending || !validate()) return;
    const rows: Array<[string, string]> = [
      [t('trade.ticket.instrument'), `${name} (${code})`],
      [
        t('trade.ticket.direction'),
        t(direction === tradeDirections.buy ? 'trade.buy' : stockSell.isShort ? 'trade.stockSell.openShort' : 'trade.sell'),
      ],
      [t('trade.fields.type'), t(`trade.orderTypes.${type}`)],
      [t('trade.fields.quantity'), formatDecimal(quantity, locale)],
    ];
    if (hasStopPrice(type)) rows.push([t('trade.fields.stopPrice'), formatDecimal(stopPrice, locale)]);
    if (hasLimitPrice(type)) rows.push([t('trade.fields.price'), formatDecimal(price, locale)]);
    if (!isClosing) rows.push([t('trade.fields.leverage'), `${leverage}×`]);
    rows.push([t('trade.ticket.timeInForce'), t(`trade.ticket.timeInForces.${timeInForce}`)]);
    if (takeProfit !== '') rows.push([t('trade.fields.takeProfit'), formatDecimal(takeProfit, locale)]);
    if (stopLoss !== '') rows.push([t('trade.fields.stopLoss'), formatDecimal(stopLoss, locale)]);
    if (hasEstimate) {
      if (!isClosing) rows.push([t('trade.fields.margin'), formatMoney(toMoneyText(margin), locale, symbol)]);
      rows.push([t('trade.fields.fee'), formatMoney(toMoneyText(fee), locale, symbol)]);
    }
    const isConfirmed = await Dialog.confirm({
      title: t('trade.ticket.confirmTitle'),
      content: (
        <>
          <Summary rows={rows} />
          {isMarketClosed ? <p className="form-note">{t('trade.ticket.marketClosed')}</p> : null}
        </>
      ),
      confirmText: t('trade.ticket.confirm'),
      cancelText: t('common.cancel'),
    });
    if (isConfirmed) send();
  };

  const edit = (setter: (value: string) => void, field: FieldName) => (value: string) => {
    setter(amountInput(value, locale));
    setErrors((previous) => ({ ...previous, [field]: undefined }));
  };

  if (detail.isError && rules.isError)
    return <EmptyState title={t('trade.ticket.notFound')} description={(detail.error as Error).message} />;

  return (
    <div className="page-body">
      <section className="order-head" aria-label={t('trade.ticket.livePrice')}>
        <div>
          <p className="order-head-name">{name}</p>
          <p className="order-head-code">
            {code}
            {marketStatus ? <span className={`status-tag status-${marketStatus}`}>{t(`quote.status.${marketStatus}`)}</span> : null}
          </p>
        </div>
        <div className="order-head-price">
          <p className={`order-head-last ${trendClass(changeRatio)}`} data-testid="order-price">
            {last ? formatDecimal(last, locale) : t('trade.ticket.noQuote')}
          </p>
          {changeRatio ? <p className={`order-head-change ${trendClass(changeRatio)}`}>{formatPercent(changeRatio, locale)}</p> : null}
        </div>
      </section>
      <p className="order-touch">
        <span>
          {t('trade.ticket.bid')} <strong>{formatDecimal(bid, locale)}</strong>
        </span>
        <span>
          {t('trade.ticket.ask')} <strong>{formatDecimal(ask, locale)}</strong>
        </span>
      </p>
      {isMarketClosed ? (
        <section className="notice notice-warning">
          <ClockCircleOutline className="notice-icon" aria-hidden="true" />
          <p className="notice-text">{t('trade.ticket.marketClosed')}</p>
        </section>
      ) : null}
      <form className="form" onSubmit={submit} noValidate>
        <fieldset className="segmented">
          <legend className="form-field-label">{t('trade.ticket.direction')}</legend>
          <div className="segmented-options order-direction">
            {[tradeDirections.buy, tradeDirections.sell].map((value) => (
              <button
                key={value}
                type="button"
                className={`segmented-option${direction === value ? ` is-selected ${value === tradeDirections.buy ? 'is-buy' : 'is-sell'}` : ''}`}
                aria-pressed={direction === value}
                onClick={() => setDirection(value)}
              >
                {t(value === tradeDirections.buy ? 'trade.buy' : 'trade.sell')}
              </button>
            ))}
          </div>
        </fieldset>
        <StockSellChoice sell={stockSell} code={code} locale={locale} />
        <fieldset className="segmented" hidden={isClosing}>
          <legend className="form-field-label">{t('trade.fields.type')}</legend>
          <div className="segmented-options">
            {Object.values(orderTypes).map((value) => (
              <button
                key={value}
                type="button"
                className={`segmented-option${type === value ? ' is-selected' : ''}`}
                aria-pressed={type === value}
                onClick={() => {
                  setType(value);
                  setErrors({});
                }}
              >
                {t(`trade.orderTypes.${value}`)}
              </button>
            ))}
          </div>
        </fieldset>
        {hasStopPrice(type) ? (
          <FormField
            label={t('trade.fields.stopPrice')}
            name="stopPrice"
            inputMode="decimal"
            autoComplete="off"
            value={stopPrice}
            onValueChange={edit(setStopPrice, 'stopPrice')}
            error={errors.stopPrice}
            hint={t(type === orderTypes.stopLimit ? 'trade.ticket.stopLimitHint' : 'trade.ticket.stopHint')}
          />
        ) : null}
        {hasLimitPrice(type) ? (
          <FormField
            label={t('trade.fields.price')}
            name="price"
            inputMode="decimal"
            autoComplete="off"
            value={price}
            onValueChange={edit(setPrice, 'price')}
            error={errors.price}
            hint={rules.data ? t('trade.ticket.tickHint', { tick: rules.data.tickSize }) : undefined}
          />
        ) : null}
        <FormField
          label={t('trade.fields.quantity')}
          name="quantity"
          inputMode="decimal"
          autoComplete="off"
          value={quantity}
          onValueChange={edit(setQuantity, 'quantity')}
          error={errors.quantity}
          hint={minimum ? t('trade.ticket.minimumHint', { num: minimum, lot: rules.data?.lotSize ?? minimum }) : undefined}
          addon={
            <span className="order-fill">
              <button type="button" className="send-code-button" onClick={() => fill('half')}>
                {t('trade.half')}
              </button>
              <button type="button" className="send-code-button" onClick={() => fill('full')}>
                {t('trade.full')}
              </button>
            </span>
          }
        />
        {isClosing ? null : (
          <FormSelect
            label={t('trade.fields.leverage')}
            value={String(leverage)}
            options={leverageOptions.map((value) => ({ value: String(value), label: `${value}×` }))}
            onValueChange={(value) => {
              setLeverage(Number(value));
              setErrors((previous) => ({ ...previous, leverage: undefined }));
            }}
            error={errors.leverage}
          />
        )}
        <fieldset className="segmented" hidden={isClosing}>
          <legend className="form-field-label">{t('trade.ticket.timeInForce')}</legend>
          <div className="segmented-options">
            {timeInForces.map((value) => (
              <button
                key={value}
                type="button"
                className={`segmented-option${timeInForce === value ? ' is-selected' : ''}`}
                aria-pressed={timeInForce === value}
                onClick={() => setTimeInForce(value)}
              >
                {t(`trade.ticket.timeInForces.${value}`)}
              </button>
            ))}
          </div>
          <p className="form-field-hint">{t(`trade.ticket.timeInForceHints.${timeInForce}`)}</p>
        </fieldset>
        <fieldset className="order-levels" hidden={isClosing}>
          <legend className="form-field-label">{t('trade.ticket.levels')}</legend>
          <div className="order-levels-fields">
            <FormField
              label={t('trade.fields.takeProfit')}
              name="takeProfit"
              inputMode="decimal"
              autoComplete="off"
              placeholder={t('auth.optional')}
              value={takeProfit}
              onValueChange={edit(setTakeProfit, 'takeProfit')}
              error={errors.takeProfit}
            />
            <FormField
              label={t('trade.fields.stopLoss')}
              name="stopLoss"
              inputMode="decimal"
              autoComplete="off"
              placeholder={t('auth.optional')}
              value={stopLoss}
              onValueChange={edit(setStopLoss, 'stopLoss')}
              error={errors.stopLoss}
            />
          </div>
          <p className="form-field-hint">
            {t(direction === tradeDirections.buy ? 'trade.ticket.levelsHintBuy' : 'trade.ticket.levelsHintSell')}
          </p>
        </fieldset>
        <section className="order-preview" aria-label={t('trade.ticket.preview')}>
          <h2 className="order-preview-title">{t('trade.ticket.preview')}</h2>
          <Summary
            rows={[
              [t('trade.ticket.amount'), hasEstimate ? formatMoney(toMoneyText(notional), locale, symbol) : '–'],
              isClosing
                ? [t('trade.stockSell.proceeds'), hasEstimate ? formatMoney(toMoneyText(Math.max(notional - fee, 0)), locale, symbol) : '–']
                : [t('trade.fields.margin'), hasEstimate ? formatMoney(toMoneyText(margin), locale, symbol) : '–'],
              [t('trade.fields.fee'), hasEstimate ? formatMoney(toMoneyText(fee), locale, symbol) : '–'],
              [
                t('trade.ticket.available', { wallet: t(walletLabelKey(walletType)) }),
                wallet.data ? formatMoney(wallet.data.availableBalance, locale, symbol) : '–',
              ],
              // At 1× the available cash is the buying power; a leveraged order's reaches further.
              ...(leverage > 1
                ? [
                    [
                      t('trade.ticket.buyingPower', { leverage }),
                      wallet.data ? formatMoney(toMoneyText(Number(wallet.data.availableBalance) * leverage), locale, symbol) : '–',
                    ] as [string, string],
                  ]
                : []),
            ]}
          />
          {!isClosing && hasEstimate && wallet.data && margin + fee > Number(wallet.data.availableBalance) ? (
            <>
              <p className="form-field-error">{t('trade.ticket.notEnough')}</p>
              <TopUpOffer target={walletType} shortfall={margin + fee - Number(wallet.data.availableBalance)} locale={locale} />
            </>
          ) : null}
        </section>
        <button
          type="submit"
          className={`button button-block ${direction === tradeDirections.buy ? 'button-buy' : 'button-sell'}`}
          disabled={create.isPending}
        >
          {create.isPending
            ? t('common.loading')
            : t(
                direction === tradeDirections.buy
                  ? 'trade.ticket.submitBuy'
                  : stockSell.isShort
                    ? 'trade.stockSell.submitShort'
                    : 'trade.ticket.submitSell',
              )}
        </button>
      </form>
    </div>
  );
}

/**
 * /pages/payment/stock, future and forex: the order ticket (query name, code, source, direction 0 buy / 1 sell).
 * The market, and so the create call and the wallet, follow `source`; a missing one falls back to the quote's.
 */
export function OrderPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const code = (searchParams.get('code') ?? '').toUpperCase();
  const name = searchParams.get('name') || code;
  const direction = searchParams.get('direction') === String(tradeDirections.sell) ? tradeDirections.sell : tradeDirections.buy;
  const quote = useInstrumentQuote(isTradableSource(searchParams.get('source') ?? '') ? '' : code);
  const source = searchParams.get('source') ?? quote.data?.source ?? '';
  const title = name || t('trade.ticket.title');
  return (
    <>
      <NavBar title={title} />
      {!code ? (
        <EmptyState title={t('trade.ticket.notFound')} />
      ) : isTradableSource(source) ? (
        <Ticket key={`${code}-${source}`} code={code} name={name} source={source} initialDirection={direction} />
      ) : quote.isPending && !searchParams.get('source') ? (
        <p className="page-body">{t('common.loading')}</p>
      ) : (
        <EmptyState title={t('trade.ticket.notTradable')} />
      )}
    </>
  );
}
