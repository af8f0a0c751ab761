import { describe, expect, it } from 'vitest';
import { assertTradingTuning, filledOrderGroupOptions, tradingTuning } from './trading.tuning.ts';

describe('the tuned constants of trading', () => {
  it('fit together as shipped, and with the order groups turned off', () => {
    expect(() => assertTradingTuning(tradingTuning)).not.toThrow();
    expect(() => assertTradingTuning({ ...tradingTuning, orderGroups: false })).not.toThrow();
  });

  it('refuses lanes of order groups or fill partitions that do not divide the account shards', () => {
    expect(() => assertTradingTuning({ ...tradingTuning, orderGroups: { ...filledOrderGroupOptions, maxGroupsInFlight: 3 } })).toThrow(
      /order groups in flight, one per lane \(3\), must divide the 16 account shards/,
    );
    expect(() => assertTradingTuning({ ...tradingTuning, fillPartitions: 32 })).toThrow(/fill partitions \(32\) must divide/);
    expect(() => assertTradingTuning({ ...tradingTuning, accountShards: 6 })).toThrow(
      /fill partitions \(4\) must divide the 6 account shards/,
    );
  });

  it('refuses a lane that waits for more orders than a group holds, a busy share above one, and empty batches', () => {
    expect(() => assertTradingTuning({ ...tradingTuning, orderGroups: { ...filledOrderGroupOptions, minItemsAlongside: 33 } })).toThrow(
      /cannot wait for 33 orders/,
    );
    expect(() =>
      assertTradingTuning({ ...tradingTuning, orderGroups: { ...filledOrderGroupOptions, maxUtilizationAlongside: 1.5 } }),
    ).toThrow(/busy share/);
    expect(() => assertTradingTuning({ ...tradingTuning, fillBatchMax: 0 })).toThrow(/fill batch/);
  });
});
