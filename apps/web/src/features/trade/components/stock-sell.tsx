import { useTranslation } from '@bolsa/client-kit/i18n';
import {
  type Holding,
  isStockSource,
  type Locale,
  type OpenCloseKind,
  openCloseKinds,
  type TradeDirection,
  tradeDirections,
} from '@bolsa/contracts';
import { useState } from 'react';
import { formatDecimal } from '../../../lib/format.ts';
import { useHolding } from '../api/get-holding.ts';
import './stock-sell.css';

export type StockSell = {
  /** A Sell on a stock: it closes what is held, or (explicitly) opens a short. */
  isStockSell: boolean;
  /** Selling what is held: a market close, never more than the sellable quantity. */
  isClosing: boolean;
  isShort: boolean;
  holding: Holding | undefined;
  /** The spec's open/close flag sent with the order: 1 close, 0 an explicit short; undefined otherwise. */
  openClose: OpenCloseKind | undefined;
  chooseShort(isShort: boolean): void;
};

/** The Sell of a stock (issue 15 §2): by default it sells what is held; a short is a separate choice where allowed. */
export function useStockSell(code: string, source: string, direction: TradeDirection): StockSell {
  const isStock = isStockSource(source);
  const isStockSell = direction === tradeDirections.sell && isStock;
  const holding = useHolding(code, isStock).data;
  const [wantsShort, setWantsShort] = useState(false);
  const isShort = isStockSell && wantsShort && holding?.canSellShort === true;
  return {
    isStockSell,
    isClosing: isStockSell && !isShort,
    isShort,
    holding,
    openClose: isStockSell ? (isShort ? openCloseKinds.open : openCloseKinds.close) : undefined,
    chooseShort: setWantsShort,
  };
}

/** "You hold N", and the choice between selling it and opening a short (only where the stock is shortable). */
export function StockSellChoice({ sell, code, locale }: { sell: StockSell; code: string; locale: Locale }) {
  const { t } = useTranslation();
  // Until the holding is known nothing is claimed about it (the server refuses an oversell anyway).
  if (!sell.isStockSell || !sell.holding) return null;
  const held = sell.holding.sellableQuantity;
  return (
    <section className="stock-sell" aria-label={t('trade.sell')}>
      <p className="stock-sell-held" data-testid="stock-held">
        {t('trade.stockSell.youHold', { quantity: formatDecimal(held, locale), code })}
      </p>
      {sell.holding.canSellShort ? (
        <div className="segmented-options">
          {[false, true].map((isShort) => (
            <button
              key={String(isShort)}
              type="button"
              className={`segmented-option${sell.isShort === isShort ? ' is-selected' : ''}`}
              aria-pressed={sell.isShort === isShort}
              onClick={() => sell.chooseShort(isShort)}
            >
              {t(isShort ? 'trade.stockSell.openShort' : 'trade.stockSell.sellHeld')}
            </button>
          ))}
        </div>
      ) : null}
      <p className="form-field-hint">
        {t(sell.isShort ? 'trade.stockSell.shortHint' : held === '0' ? 'trade.stockSell.nothingHeld' : 'trade.stockSell.sellHint')}
      </p>
    </section>
  );
}
