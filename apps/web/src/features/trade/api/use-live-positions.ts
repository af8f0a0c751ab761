import type { Position } from '@bolsa/contracts';
import { useMemo } from 'react';
import { useLiveQuotes } from '../../../lib/push-client.ts';
import { revaluePosition } from '../components/position-valuation.ts';

/**
 * Open positions revalued on every quote of the instruments they hold, from the app's one push
 * connection: the floating P&L, its percentage and the current price follow the market between the
 * server's readings (refetched on the user's order and position events by `useLiveTrading`), with no
 * polling. Only the codes held are subscribed, and unsubscribed when they are no longer shown.
 */
export function useLivePositions(positions: readonly Position[]): Position[] {
  const codes = useMemo(
    () => positions.filter((position) => position.status === 'open').map((position) => position.stockCode),
    [positions],
  );
  const quotes = useLiveQuotes(codes);
  return useMemo(() => positions.map((position) => revaluePosition(position, quotes.get(position.stockCode))), [positions, quotes]);
}
