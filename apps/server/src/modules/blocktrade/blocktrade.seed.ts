import type { Database } from '../../platform/db/index.ts';
import { blockInstruments } from './blocktrade.tables.ts';

/** Liquid stocks eligible for blocks until operators edit the list: large US names, the largest Taiwan and Argentine ones. */
export const defaultBlockCodes = ['AAPL', 'MSFT', 'NVDA', 'AMZN', 'TSLA', 'IMO', '2330', '2317', 'GGAL', 'YPFD'];

/**
 * At start, an empty list of eligible instruments gets the defaults that the market has (once: an
 * operator's list, even shortened, is kept; emptied entirely, the defaults come back at the next start).
 */
export async function seedBlockInstruments(db: Database, isKnown: (code: string) => boolean) {
  const existing = await db.select({ code: blockInstruments.code }).from(blockInstruments).limit(1);
  if (existing.length > 0) return;
  const codes = defaultBlockCodes.filter(isKnown);
  if (codes.length === 0) return;
  await db
    .insert(blockInstruments)
    .values(codes.map((code) => ({ code })))
    .onConflictDoNothing();
}
