import { describe, expect, it } from 'vitest';
import { areLeverageAnswersRight, leverageAcknowledgeBody, leverageRiskOf } from './leverage.ts';
import { defaultLeverageMaxOf, leverageClassOf } from './trading-markets.ts';

describe('retail leverage limits (issue 15 §11)', () => {
  it('classes instruments as ESMA does and caps each within its market', () => {
    const cases: Array<[{ source: string; code: string; root?: string; group?: string }, string, number]> = [
      [{ source: '2', code: 'EURUSD' }, 'majorFx', 30],
      [{ source: '2', code: 'USDCAD' }, 'majorFx', 30],
      [{ source: '2', code: 'USDMXN' }, 'minorFx', 20],
      [{ source: '3', code: 'GCZ6', root: 'GC', group: 'metals' }, 'gold', 20],
      [{ source: '3', code: 'ESZ6', root: 'ES', group: 'equity' }, 'majorIndex', 20],
      [{ source: '3', code: 'YMZ6', root: 'YM', group: 'equity' }, 'majorIndex', 20],
      [{ source: '3', code: 'RTYZ6', root: 'RTY', group: 'equity' }, 'otherIndex', 10],
      [{ source: '3', code: 'CLF7', root: 'CL', group: 'energy' }, 'otherCommodity', 10],
      [{ source: '3', code: 'SIH7', root: 'SI', group: 'metals' }, 'otherCommodity', 10],
      [{ source: '3', code: 'ZWH7', root: 'ZW', group: 'grains' }, 'otherCommodity', 10],
      [{ source: '3', code: 'ZNH7', root: 'ZN', group: 'rates' }, 'other', 5],
      // A major pair's future is capped by its market (futures 20×).
      [{ source: '3', code: '6EH7', root: '6E', group: 'currency' }, 'majorFx', 20],
      [{ source: '0', code: 'AAPL' }, 'stock', 5],
      [{ source: 'ARG', code: 'GGAL' }, 'stock', 2],
      [{ source: '7', code: '2330' }, 'stock', 2],
    ];
    for (const [instrument, leverageClass, leverageMax] of cases) {
      expect(leverageClassOf(instrument), instrument.code).toBe(leverageClass);
      expect(defaultLeverageMaxOf(instrument), instrument.code).toBe(leverageMax);
    }
  });

  it('says in money what a 1 % move does to the margin, and at what move the position is closed', () => {
    // 2,000.10 traded at 5×: margin 400.02.
    expect(leverageRiskOf({ notional: '2000.10', margin: '400.02' })).toEqual({
      onePercentMove: '20.00',
      onePercentShareOfMargin: '5.00',
      stopOutMovePercent: '10.00',
    });
    // 1,160.02 at 30×: margin 38.67; a 1 % move takes 30 % of it, a 1.67 % move closes it.
    expect(leverageRiskOf({ notional: '1160.02', margin: '38.67' })).toEqual({
      onePercentMove: '11.60',
      onePercentShareOfMargin: '30.00',
      stopOutMovePercent: '1.67',
    });
    expect(leverageRiskOf({ notional: '0', margin: '0' })).toBeNull();
  });

  it('takes the check only with every question answered and the risk accepted', () => {
    const right = { loss: 'allMargin', effect: 'tenPercent', stopOut: 'closed' } as const;
    expect(areLeverageAnswersRight(right)).toBe(true);
    expect(areLeverageAnswersRight({ ...right, effect: 'onePercent' })).toBe(false);
    expect(leverageAcknowledgeBody.safeParse({ answers: right, acceptsRisk: true }).success).toBe(true);
    expect(leverageAcknowledgeBody.safeParse({ answers: right, acceptsRisk: false }).success).toBe(false);
    expect(leverageAcknowledgeBody.safeParse({ answers: { ...right, loss: 'maybe' }, acceptsRisk: true }).success).toBe(false);
  });
});
