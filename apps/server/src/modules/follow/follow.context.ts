import type { MessageTemplate } from '@bolsa/contracts';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import { followInstitutions } from './follow.tables.ts';

/** What every part of the follow module is given: the database, the ledger, the inbox, live prices, the catalog, the clock. */
export type Notify = (executor: Executor, userId: number, template: MessageTemplate, values: Record<string, string>) => Promise<unknown>;

export type FollowDependencies = {
  db: Database;
  ledger: LedgerService;
  notify: Notify;
  /** The latest price of an instrument from the live feed (undefined while it has none). */
  priceOf(code: string): string | undefined;
  /** An instrument's display name, and whether it may be held (a US-dollar stock of the catalog). */
  nameOf(code: string): string;
  isHoldable(code: string): boolean;
  now: () => Date;
  logger: { error(object: object, message: string): void; info(object: object, message: string): void };
};

export async function institutionById(executor: Executor, id: number, options: { forUpdate?: boolean } = {}) {
  const query = executor.select().from(followInstitutions).where(eq(followInstitutions.id, id));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row;
}
