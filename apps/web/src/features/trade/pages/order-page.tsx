import '../../../lib/antd-mobile-setup.ts';
import { useTranslation } from '@bolsa/client-kit/i18n';
import { isTradableSource, type Locale, orderTypes, type TradableSource, type TradeDirection, tradeDirections } from '@bolsa/contracts';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { currentLocale } from '../../../lib/i18n.ts';
import { useInstrumentQuote } from '../api/get-instrument-quote.ts';
import { LeverageCheck, useLeverageCheckNeeded } from '../components/leverage-check.tsx';
import {
  DirectionChoice,
  LevelsFields,
  LeverageSelect,
  OrderHead,
  OrderPreview,
  PriceFields,
  QuantityField,
  TimeInForceChoice,
  TypeChoice,
} from '../components/order-ticket-fields.tsx';
import {
  fillQuantity,
  hasLimitPrice,
  leverageOptionsOf,
  orderEstimate,
  useTicketFields,
  useTicketMarket,
} from '../components/order-ticket-model.ts';
import { useTicketSubmit } from '../components/order-ticket-submit.tsx';
import { StockSellChoice, useStockSell } from '../components/stock-sell.tsx';
import '../trade.css';

export { hasLimitPrice, hasStopPrice, leverageChoices, leverageOptionsOf } from '../components/order-ticket-model.ts';

type TicketProps = { code: string; name: string; source: TradableSource; initialDirection: TradeDirection };

function Ticket({ code, name, source, initialDirection }: TicketProps) {
  const { t, i18n } = useTranslation();
  const locale = (i18n.resolvedLanguage as Locale | undefined) ?? currentLocale();
  const market = useTicketMarket(code, source);
  const [direction, setDirection] = useState<TradeDirection>(initialDirection);
  // A stock Sell closes what is held, at the market (issue 15 §2); a short is the explicit other choice.
  const sell = useStockSell(code, source, direction);
  const isClosing = sell.isClosing;
  const leverageOptions = leverageOptionsOf(market.rules.data);
  const fields = useTicketFields(isClosing, leverageOptions);
  const { type } = fields;
  const touch = direction === tradeDirections.buy ? market.ask : market.bid;
  const estimatePrice = hasLimitPrice(type) ? fields.price : type === orderTypes.stop ? fields.stopPrice : touch;
  const estimate = orderEstimate(market, fields, estimatePrice);
  const draft = { code, name, source, direction, fields, sell, estimatePrice };
  const { submit, isPending } = useTicketSubmit(draft, estimate, market.symbol, market.isMarketClosed, locale);
  // A first leveraged order waits for the check and the risk disclosure (issue 15 §11); 1× never asks.
  const needsLeverageCheck = useLeverageCheckNeeded(isClosing ? 1 : fields.leverage);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!needsLeverageCheck) {
      void submit(event);
      return;
    }
    fields.setErrors({ leverage: t('trade.leverageCheck.answerFirst') });
  };
  const fill = (which: 'half' | 'full') => {
    const value = fillQuantity(which === 'half' ? 0.5 : 1, market, fields.leverage, touch, sell);
    fields.setQuantity(value);
    fields.setErrors((previous) => ({ ...previous, quantity: value === '' ? t('trade.ticket.nothingToFill') : undefined }));
  };

  if (market.detail.isError && market.rules.isError)
    return <EmptyState title={t('trade.ticket.notFound')} description={(market.detail.error as Error).message} />;

  return (
    <div className="page-body">
      <OrderHead name={name} code={code} market={market} locale={locale} />
      <form className="form" onSubmit={onSubmit} noValidate>
        <DirectionChoice direction={direction} onChange={setDirection} />
        <StockSellChoice sell={sell} code={code} locale={locale} />
        <TypeChoice fields={fields} hidden={isClosing} />
        <PriceFields fields={fields} market={market} locale={locale} />
        <QuantityField fields={fields} market={market} locale={locale} onFill={fill} />
        {isClosing ? null : <LeverageSelect fields={fields} options={leverageOptions} />}
        {needsLeverageCheck ? <LeverageCheck estimate={estimate} leverage={fields.leverage} market={market} locale={locale} /> : null}
        <TimeInForceChoice fields={fields} hidden={isClosing} />
        <LevelsFields fields={fields} direction={direction} hidden={isClosing} locale={locale} />
        <OrderPreview market={market} estimate={estimate} isClosing={isClosing} leverage={fields.leverage} locale={locale} />
        <button
          type="submit"
          className={`button button-block ${direction === tradeDirections.buy ? 'button-buy' : 'button-sell'}`}
          disabled={isPending}
        >
          {isPending
            ? t('common.loading')
            : t(
                direction === tradeDirections.buy
                  ? 'trade.ticket.submitBuy'
                  : sell.isShort
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
