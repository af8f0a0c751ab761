import type { Position, QuoteTick } from '@bolsa/contracts';
import { describe, expect, it } from 'vitest';
import { floatingTotals, revaluePosition } from './position-valuation.ts';

const position: Position = {
  id: '1',
  positionNum: '10',
  isolatedPosition: true,
  zdf: '0.00',
  profit: '0.00',
  sellProfit: '0.00',
  createTimeTimestamp: 1_760_000_000_000,
  stockCode: 'AAPL',
  stockName: 'Apple',
  source: '0',
  walletType: 'STOCK',
  currency: 'USD',
  direction: 0,
  quantity: '10',
  openPrice: '200',
  currentPrice: '200',
  multiplier: '1',
  walletRate: '1',
  leverage: 2,
  margin: '1000.00',
  fees: '2.00',
  takeProfit: null,
  stopLoss: null,
  status: 'open',
  closePrice: null,
  closeTimeTimestamp: null,
  marketValue: '1000.00',
  todayPnl: '30.00',
  weight: '10.00',
};

function tick(code: string, bid: string, ask: string, price = bid): QuoteTick {
  return {
    code,
    price,
    change: '0',
    changeRatio: '0',
    volume: '0',
    open: price,
    high: price,
    low: price,
    prevClose: price,
    bid,
    ask,
    bidVolume: '1',
    askVolume: '1',
    marketStatus: 'open',
    fall: false,
    tradeDate: '1970-01-01',
    timestamp: 0,
  };
}

describe('revaluePosition (display-only, the server formula)', () => {
  it('values a buy at the bid: (bid - open) × quantity, and its percentage of the open price', () => {
    expect(revaluePosition(position, tick('AAPL', '210.5', '210.7'))).toMatchObject({
      profit: '105.00',
      zdf: '5.25',
      currentPrice: '210.5',
    });
    expect(revaluePosition(position, tick('AAPL', '190', '190.2'))).toMatchObject({ profit: '-100.00', zdf: '-5.00' });
  });

  it("moves today's P&L and the market value by what the quote changed since the server's reading; the weight stays the server's", () => {
    // From the server's 0.00 floating P&L to 105.00: today's P&L 30.00 → 135.00, the value 1,000.00 → 1,105.00.
    expect(revaluePosition(position, tick('AAPL', '210.5', '210.7'))).toMatchObject({
      todayPnl: '135.00',
      marketValue: '1105.00',
      weight: '10.00',
    });
    const unvalued = { ...position, todayPnl: null, marketValue: null };
    expect(revaluePosition(unvalued, tick('AAPL', '210.5', '210.7'))).toMatchObject({ todayPnl: null, marketValue: null });
  });

  it('values a sell at the ask, gaining when the price falls', () => {
    const short = { ...position, direction: 1 };
    expect(revaluePosition(short, tick('AAPL', '189.8', '190'))).toMatchObject({ profit: '100.00', zdf: '5.00', currentPrice: '190' });
  });

  it('counts the contract multiplier of futures and the quantity still open', () => {
    const gold = {
      ...position,
      stockCode: 'GCG7',
      source: '3' as const,
      walletType: 'FUTURE' as const,
      positionNum: '2',
      openPrice: '2400',
      multiplier: '100',
    };
    expect(revaluePosition(gold, tick('GCG7', '2403.5', '2403.6')).profit).toBe('700.00');
  });

  it("converts forex into the wallet's currency: a pair on the wallet's currency at its own price, others at the server's rate", () => {
    // Long 1000 USD/JPY from 150 to 151: 1000 JPY, at 1/151 USD each.
    const usdJpy = {
      ...position,
      stockCode: 'USDJPY',
      source: '2' as const,
      walletType: 'FOREX' as const,
      positionNum: '1000',
      openPrice: '150',
      walletRate: '0.0066666667',
    };
    expect(revaluePosition(usdJpy, tick('USDJPY', '151', '151.02', '151.01')).profit).toBe((1000 / 151.01).toFixed(2));
    const euroYen = { ...usdJpy, stockCode: 'EURJPY', openPrice: '160', walletRate: '0.0065' };
    expect(revaluePosition(euroYen, tick('EURJPY', '161', '161.02')).profit).toBe('6.50');
  });

  it('leaves closed positions, other codes and unusable quotes as the server sent them', () => {
    const closed = { ...position, status: 'closed' as const, profit: '1.00' };
    expect(revaluePosition(closed, tick('AAPL', '300', '300.1'))).toBe(closed);
    expect(revaluePosition(position, tick('MSFT', '300', '300.1'))).toBe(position);
    expect(revaluePosition(position, tick('AAPL', '0', '0'))).toBe(position);
    expect(revaluePosition(position, undefined)).toBe(position);
  });
});

describe('floatingTotals', () => {
  it("adds up open positions' floating and today's P&L per currency, never across currencies", () => {
    const taiwan = { ...position, id: '3', currency: 'TWD', walletType: 'TW' as const, profit: '-50.00', todayPnl: '-20.00' };
    expect(
      floatingTotals([
        { ...position, profit: '10.10' },
        { ...position, id: '2', profit: '-2.05', todayPnl: '-1.05' },
        taiwan,
        { ...position, id: '4', status: 'closed', profit: '99.00', todayPnl: null },
      ]),
    ).toEqual([
      { currency: 'USD', profit: '8.05', today: '28.95' },
      { currency: 'TWD', profit: '-50.00', today: '-20.00' },
    ]);
  });

  it("leaves today's total out where a position of that currency has no today's P&L", () => {
    expect(floatingTotals([position, { ...position, id: '2', todayPnl: null }])).toEqual([
      { currency: 'USD', profit: '0.00', today: null },
    ]);
  });
});
