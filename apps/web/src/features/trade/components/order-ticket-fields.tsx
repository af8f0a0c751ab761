import { useTranslation } from '@bolsa/client-kit/i18n';
import { type Locale, orderTypes, type TradeDirection, timeInForces, tradeDirections } from '@bolsa/contracts';
import { ClockCircleOutline } from 'antd-mobile-icons';
import { AmountField } from '../../../components/amount-field.tsx';
import { FormSelect } from '../../../components/form-select.tsx';
import { formatDecimal, formatMoney, formatPercent, trendClass } from '../../../lib/format.ts';
import { walletLabelKey } from '../../../lib/wallet-labels.ts';
import {
  type FieldName,
  hasLimitPrice,
  hasStopPrice,
  type OrderEstimate,
  type TicketFields,
  type TicketMarket,
} from './order-ticket-model.ts';
import { SummaryRows } from './summary-rows.tsx';
import { TopUpOffer } from './top-up-offer.tsx';
import { toMoneyText } from './trade-format.ts';

/** Name, code, market status, last price and change, the touch, and a note when the market is closed. */
export function OrderHead({ name, code, market, locale }: { name: string; code: string; market: TicketMarket; locale: Locale }) {
  const { t } = useTranslation();
  const { marketStatus, changeRatio, last } = market;
  return (
    <>
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
          {t('trade.ticket.bid')} <strong>{formatDecimal(market.bid, locale)}</strong>
        </span>
        <span>
          {t('trade.ticket.ask')} <strong>{formatDecimal(market.ask, locale)}</strong>
        </span>
      </p>
      {market.isMarketClosed ? (
        <section className="notice notice-warning">
          <ClockCircleOutline className="notice-icon" aria-hidden="true" />
          <p className="notice-text">{t('trade.ticket.marketClosed')}</p>
        </section>
      ) : null}
    </>
  );
}

export function DirectionChoice({ direction, onChange }: { direction: TradeDirection; onChange: (direction: TradeDirection) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="segmented">
      <legend className="form-field-label">{t('trade.ticket.direction')}</legend>
      <div className="segmented-options order-direction">
        {[tradeDirections.buy, tradeDirections.sell].map((value) => (
          <button
            key={value}
            type="button"
            className={`segmented-option${direction === value ? ` is-selected ${value === tradeDirections.buy ? 'is-buy' : 'is-sell'}` : ''}`}
            aria-pressed={direction === value}
            onClick={() => onChange(value)}
          >
            {t(value === tradeDirections.buy ? 'trade.buy' : 'trade.sell')}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

export function TypeChoice({ fields, hidden }: { fields: TicketFields; hidden: boolean }) {
  const { t } = useTranslation();
  return (
    <fieldset className="segmented" hidden={hidden}>
      <legend className="form-field-label">{t('trade.fields.type')}</legend>
      <div className="segmented-options">
        {([0, 1, 2, 3] as const).map((value) => (
          <button
            key={value}
            type="button"
            className={`segmented-option${fields.type === value ? ' is-selected' : ''}`}
            aria-pressed={fields.type === value}
            onClick={() => {
              fields.setType(value);
              fields.setErrors({});
            }}
          >
            {t(`trade.orderTypes.${value}`)}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** An edit of a decimal field (the plain decimal its AmountField read from what was typed), and that field's error cleared. */
export function editOf(fields: TicketFields) {
  return (setter: (value: string) => void, field: FieldName) => (value: string) => {
    setter(value);
    fields.setErrors((previous) => ({ ...previous, [field]: undefined }));
  };
}

/** The trigger price (stop, stop-limit) and the limit price (limit, stop-limit). */
export function PriceFields({ fields, market, locale }: { fields: TicketFields; market: TicketMarket; locale: Locale }) {
  const { t } = useTranslation();
  const edit = editOf(fields);
  const { type, errors } = fields;
  return (
    <>
      {hasStopPrice(type) ? (
        <AmountField
          label={t('trade.fields.stopPrice')}
          name="stopPrice"
          locale={locale}
          value={fields.stopPrice}
          onValueChange={edit(fields.setStopPrice, 'stopPrice')}
          error={errors.stopPrice}
          hint={t(type === orderTypes.stopLimit ? 'trade.ticket.stopLimitHint' : 'trade.ticket.stopHint')}
        />
      ) : null}
      {hasLimitPrice(type) ? (
        <AmountField
          label={t('trade.fields.price')}
          name="price"
          locale={locale}
          value={fields.price}
          onValueChange={edit(fields.setPrice, 'price')}
          error={errors.price}
          hint={market.rules.data ? t('trade.ticket.tickHint', { tick: market.rules.data.tickSize }) : undefined}
        />
      ) : null}
    </>
  );
}

type QuantityProps = { fields: TicketFields; market: TicketMarket; locale: Locale; onFill: (which: 'half' | 'full') => void };

export function QuantityField({ fields, market, locale, onFill }: QuantityProps) {
  const { t } = useTranslation();
  const { minimum } = market;
  return (
    <AmountField
      label={t('trade.fields.quantity')}
      name="quantity"
      locale={locale}
      value={fields.quantity}
      onValueChange={editOf(fields)(fields.setQuantity, 'quantity')}
      error={fields.errors.quantity}
      hint={minimum ? t('trade.ticket.minimumHint', { num: minimum, lot: market.rules.data?.lotSize ?? minimum }) : undefined}
      addon={
        <span className="order-fill">
          <button type="button" className="send-code-button" onClick={() => onFill('half')}>
            {t('trade.half')}
          </button>
          <button type="button" className="send-code-button" onClick={() => onFill('full')}>
            {t('trade.full')}
          </button>
        </span>
      }
    />
  );
}

export function LeverageSelect({ fields, options }: { fields: TicketFields; options: number[] }) {
  const { t } = useTranslation();
  return (
    <FormSelect
      label={t('trade.fields.leverage')}
      value={String(fields.leverage)}
      options={options.map((value) => ({ value: String(value), label: `${value}×` }))}
      onValueChange={(value) => {
        fields.setLeverage(Number(value));
        fields.setErrors((previous) => ({ ...previous, leverage: undefined }));
      }}
      error={fields.errors.leverage}
    />
  );
}

export function TimeInForceChoice({ fields, hidden }: { fields: TicketFields; hidden: boolean }) {
  const { t } = useTranslation();
  return (
    <fieldset className="segmented" hidden={hidden}>
      <legend className="form-field-label">{t('trade.ticket.timeInForce')}</legend>
      <div className="segmented-options">
        {timeInForces.map((value) => (
          <button
            key={value}
            type="button"
            className={`segmented-option${fields.timeInForce === value ? ' is-selected' : ''}`}
            aria-pressed={fields.timeInForce === value}
            onClick={() => fields.setTimeInForce(value)}
          >
            {t(`trade.ticket.timeInForces.${value}`)}
          </button>
        ))}
      </div>
      <p className="form-field-hint">{t(`trade.ticket.timeInForceHints.${fields.timeInForce}`)}</p>
    </fieldset>
  );
}

type LevelsProps = { fields: TicketFields; direction: TradeDirection; hidden: boolean; locale: Locale };

/** Take-profit and stop-loss, both optional. */
export function LevelsFields({ fields, direction, hidden, locale }: LevelsProps) {
  const { t } = useTranslation();
  const edit = editOf(fields);
  return (
    <fieldset className="order-levels" hidden={hidden}>
      <legend className="form-field-label">{t('trade.ticket.levels')}</legend>
      <div className="order-levels-fields">
        <AmountField
          label={t('trade.fields.takeProfit')}
          name="takeProfit"
          locale={locale}
          placeholder={t('auth.optional')}
          value={fields.takeProfit}
          onValueChange={edit(fields.setTakeProfit, 'takeProfit')}
          error={fields.errors.takeProfit}
        />
        <AmountField
          label={t('trade.fields.stopLoss')}
          name="stopLoss"
          locale={locale}
          placeholder={t('auth.optional')}
          value={fields.stopLoss}
          onValueChange={edit(fields.setStopLoss, 'stopLoss')}
          error={fields.errors.stopLoss}
        />
      </div>
      <p className="form-field-hint">
        {t(direction === tradeDirections.buy ? 'trade.ticket.levelsHintBuy' : 'trade.ticket.levelsHintSell')}
      </p>
    </fieldset>
  );
}

type PreviewProps = { market: TicketMarket; estimate: OrderEstimate; isClosing: boolean; leverage: number; locale: Locale };

/** What the order would cost (or, closing, bring in) and what the wallet has. */
export function OrderPreview({ market, estimate, isClosing, leverage, locale }: PreviewProps) {
  const { t } = useTranslation();
  const { hasEstimate, notional, margin, fee } = estimate;
  const { symbol, wallet } = market;
  const money = (value: number) => (hasEstimate ? formatMoney(toMoneyText(value), locale, symbol) : '–');
  return (
    <section className="order-preview" aria-label={t('trade.ticket.preview')}>
      <h2 className="order-preview-title">{t('trade.ticket.preview')}</h2>
      <SummaryRows
        rows={[
          [t('trade.ticket.amount'), money(notional)],
          isClosing ? [t('trade.stockSell.proceeds'), money(Math.max(notional - fee, 0))] : [t('trade.fields.margin'), money(margin)],
          [t('trade.fields.fee'), money(fee)],
          [
            t('trade.ticket.available', { wallet: t(walletLabelKey(market.walletType)) }),
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
          <TopUpOffer target={market.walletType} shortfall={margin + fee - Number(wallet.data.availableBalance)} locale={locale} />
        </>
      ) : null}
    </section>
  );
}
