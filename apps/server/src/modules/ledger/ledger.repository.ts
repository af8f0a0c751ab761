import { MISSING_ACCOUNT_CURRENCY } from '@bolsa/contracts';
import { desc, type SQL, sql } from 'drizzle-orm';
import { type Executor, executePrepared, executePreparedText, ledgerRefusals, refusalOf } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/index.ts';
import { ledgerReconciliationRuns } from './ledger.tables.ts';

/** A leg as the SQL functions take it: an account reference plus a signed amount. */
export type SqlLeg = {
  user?: number;
  wallet?: string;
  system?: string;
  /** Which row of a sharded system account (0 when absent). */
  shard?: number;
  currency: string;
  amount: string;
  require_funds?: boolean;
};

/** Turns the ledger functions' error codes into refusals the user can read; anything else is a bug and stays an error. */
async function mappingLedgerErrors<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const refusal = refusalOf(error, ledgerRefusals);
    throw refusal ? new AppError(refusal) : error;
  }
}

export type PostInput = { key: string; reason: string; memo: string | null; fingerprint: string; legs: SqlLeg[] };

/** The call of `ledger_post` for one movement, its idempotency key given as an SQL expression. */
export function postingCall(key: SQL, input: Omit<PostInput, 'key'>): SQL {
  return sql`ledger_post(${key}, ${input.reason}, ${input.memo}, ${input.fingerprint}, ${JSON.stringify(input.legs)}::jsonb)`;
}

export async function post(executor: Executor, input: PostInput) {
  return mappingLedgerErrors(async () => {
    // A prepared statement: the hot path of every movement is only bound and executed, never parsed again.
    const rows = await executePreparedText<{ journal_id: string; replayed: boolean }>(
      executor,
      'ledger_post',
      'SELECT journal_id, replayed FROM ledger_post($1, $2, $3, $4, $5::jsonb)',
      [input.key, input.reason, input.memo, input.fingerprint, JSON.stringify(input.legs)],
    );
    const row = rows[0];
    if (!row) throw new Error('ledger_post returned no row');
    return { journalId: Number(row.journal_id), isReplay: row.replayed };
  });
}

/** Runs a caller's statement that posts a movement with `postingCall`, as a prepared statement, refusals mapped as `post`'s. */
export async function postWithin<Row extends Record<string, unknown>>(executor: Executor, name: string, statement: SQL): Promise<Row[]> {
  return mappingLedgerErrors(() => executePrepared<Row>(executor, name, statement));
}

/** Runs a caller's statement that posts movements with `postingSetCall`, as a prepared statement; any error is the caller's to handle. */
export async function postSetWithin<Row extends Record<string, unknown>>(executor: Executor, name: string, statement: SQL): Promise<Row[]> {
  return executePrepared<Row>(executor, name, statement);
}

/**
 * The call of `ledger_post_set` for movements given without their keys, and `keys`, a query of rows
 * (ordinal, idempotency key): the movement at that index in `inputs` is posted with that key; movements
 * the query does not name are not posted.
 */
export function postingSetCall(keys: SQL, inputs: Array<Omit<PostInput, 'key'>>): SQL {
  return sql`ledger_post_set((
    SELECT coalesce(jsonb_agg(m.movement || jsonb_build_object('key', k.key) ORDER BY k.ordinal), '[]'::jsonb)
    FROM (${keys}) AS k(ordinal, key)
    JOIN jsonb_array_elements(${JSON.stringify(inputs)}::jsonb) WITH ORDINALITY AS m(movement, position) ON m.position = k.ordinal + 1
  ))`;
}

/**
 * Posts independent movements set-based in one statement and one transaction (`ledger_post_set`): a journal
 * per movement, in input order. It answers all of them or throws; whatever would make one movement's
 * answer differ from `post`'s (a refusal, a key used before) throws, with nothing written.
 */
export async function postSet(executor: Executor, inputs: PostInput[]): Promise<number[]> {
  const rows = await executePreparedText<{ journal_id: string }>(
    executor,
    'ledger_post_set',
    'SELECT journal_id FROM ledger_post_set($1::jsonb) ORDER BY ordinal',
    [JSON.stringify(inputs)],
  );
  if (rows.length !== inputs.length) throw new Error('ledger_post_set answered fewer journals than movements');
  return rows.map((row) => Number(row.journal_id));
}

export async function placeHold(
  executor: Executor,
  input: { key: string; userId: number; walletType: string; currency: string; amount: string; reason: string },
) {
  return mappingLedgerErrors(async () => {
    const result = await executor.execute<{ hold_id: string; replayed: boolean }>(
      sql`SELECT hold_id, replayed FROM ledger_place_hold(${input.key}, ${input.userId}, ${input.walletType}, ${input.currency}, ${input.amount}::numeric, ${input.reason})`,
    );
    const row = result.rows[0];
    if (!row) throw new Error('ledger_place_hold returned no row');
    return { holdId: Number(row.hold_id), isReplay: row.replayed };
  });
}

export async function resolveHold(
  executor: Executor,
  input: {
    holdId: number;
    outcome: 'posted' | 'voided';
    key: string;
    reason: string;
    memo: string | null;
    /** One leg taking the whole hold, or legs with amounts adding up to it (a split: part paid, part returned). */
    counter: Omit<SqlLeg, 'amount'> | SqlLeg[] | null;
  },
) {
  return mappingLedgerErrors(async () => {
    const result = await executor.execute<{ journal_id: string | null; replayed: boolean }>(
      sql`SELECT journal_id, replayed FROM ledger_resolve_hold(${input.holdId}, ${input.outcome}, ${input.key}, ${input.reason}, ${input.memo}, ${JSON.stringify(input.counter ?? {})}::jsonb)`,
    );
    const row = result.rows[0];
    if (!row) throw new Error('ledger_resolve_hold returned no row');
    return { journalId: row.journal_id === null ? null : Number(row.journal_id), isReplay: row.replayed };
  });
}

/** Holds resolved set-based (`ledger_resolve_holds`): all of them, or a BL007 with nothing written. */
export async function resolveHolds(
  executor: Executor,
  items: Array<{ hold: number; outcome: 'posted' | 'voided'; key: string; reason: string; memo: string | null; counter: SqlLeg[] | null }>,
) {
  const result = await executor.execute<{ hold_id: string; journal_id: string | null }>(
    sql`SELECT hold_id, journal_id FROM ledger_resolve_holds(${JSON.stringify(items)}::jsonb)`,
  );
  return result.rows.map((row) => ({ holdId: Number(row.hold_id), journalId: row.journal_id === null ? null : Number(row.journal_id) }));
}

export type AccountRow = { wallet_type: string; currency: string; balance: string; held: string };

export async function userAccounts(executor: Executor, userId: number): Promise<AccountRow[]> {
  const result = await executor.execute<AccountRow>(
    sql`SELECT wallet_type, currency, balance, held FROM ledger_accounts WHERE owner_kind = 'user' AND user_id = ${userId}`,
  );
  return result.rows;
}

export type StatementRow = {
  id: string;
  wallet_type: string;
  currency: string;
  amount: string;
  balance_after: string;
  reason: string;
  memo: string | null;
  /** The journal's idempotency key: what the movement is about (order:<id>:fill, transfer:<id>, deposit:<id>...). */
  journal_key: string;
  created_at: Date | string;
};

/** What a statement may be narrowed to: journal reasons and a time range [from, to). */
export type StatementFilter = { reasons?: readonly string[] | undefined; from?: Date | undefined; to?: Date | undefined };

export async function statement(
  executor: Executor,
  userId: number,
  walletType: string | undefined,
  limit: number,
  offset: number,
  filter: StatementFilter = {},
) {
  const walletFilter = walletType === undefined ? sql`` : sql`AND a.wallet_type = ${walletType}`;
  const reasonFilter = filter.reasons === undefined ? sql`` : sql`AND j.reason = ANY(${`{${filter.reasons.join(',')}}`}::text[])`;
  const fromFilter = filter.from === undefined ? sql`` : sql`AND e.created_at >= ${filter.from.toISOString()}`;
  const toFilter = filter.to === undefined ? sql`` : sql`AND e.created_at < ${filter.to.toISOString()}`;
  const rows = await executor.execute<StatementRow & { total: string }>(sql`
    SELECT e.id::text, a.wallet_type, a.currency, e.amount, e.balance_after, j.reason, j.memo, j.idempotency_key AS journal_key,
           e.created_at, count(*) OVER () AS total
    FROM ledger_entries e
    JOIN ledger_accounts a ON a.id = e.account_id
    JOIN ledger_journals j ON j.id = e.journal_id
    WHERE a.owner_kind = 'user' AND a.user_id = ${userId} ${walletFilter} ${reasonFilter} ${fromFilter} ${toFilter}
    ORDER BY e.id DESC
    LIMIT ${limit} OFFSET ${offset}`);
  return { rows: rows.rows, total: Number(rows.rows[0]?.total ?? 0) };
}

export async function realisedToday(executor: Executor, userId: number, since: Date) {
  const result = await executor.execute<{ currency: string; total: string }>(sql`
    SELECT a.currency, coalesce(sum(e.amount), 0)::text AS total
    FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id JOIN ledger_journals j ON j.id = e.journal_id
    WHERE a.owner_kind = 'user' AND a.user_id = ${userId} AND j.reason = 'realised_pnl' AND e.created_at >= ${since.toISOString()}
    GROUP BY a.currency`);
  return result.rows;
}

/** How many credits of a reason reached a user's wallets (a deposit credited is one). */
export async function creditsOfReason(executor: Executor, userId: number, reason: string) {
  const result = await executor.execute<{ n: string }>(sql`
    SELECT count(*)::text AS n
    FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id JOIN ledger_journals j ON j.id = e.journal_id
    WHERE a.owner_kind = 'user' AND a.user_id = ${userId} AND j.reason = ${reason} AND e.amount > 0`);
  return Number(result.rows[0]?.n ?? 0);
}

/** A system account's balance in a currency, all its shards together. */
export async function systemBalance(executor: Executor, code: string, currency: string) {
  const result = await executor.execute<{ total: string }>(sql`
    SELECT coalesce(sum(balance), 0)::text AS total FROM ledger_accounts
    WHERE owner_kind = 'system' AND system_code = ${code} AND currency = ${currency}`);
  return result.rows[0]?.total ?? '0';
}

export type ReconciliationRows = {
  accounts: string;
  entries: string;
  balance_mismatches: Array<{ account_id: number; stored: string; entries: string }> | null;
  held_mismatches: Array<{ account_id: number; stored: string; holds: string }> | null;
  currency_totals: Array<{ currency: string; total: string }> | null;
  unbalanced_journals: Array<{ journal_id: number; currency: string; total: string }> | null;
  negative_available: Array<{ account_id: number; balance: string; held: string }> | null;
};

export async function reconciliation(executor: Executor): Promise<ReconciliationRows> {
  const result = await executor.execute<ReconciliationRows>(sql`
    SELECT
      (SELECT count(*) FROM ledger_accounts)::text AS accounts,
      (SELECT count(*) FROM ledger_entries)::text AS entries,
      (SELECT json_agg(x) FROM (
        SELECT a.id AS account_id, a.balance::text AS stored, coalesce(e.total, 0)::text AS entries
        FROM ledger_accounts a LEFT JOIN (SELECT account_id, sum(amount) AS total FROM ledger_entries GROUP BY account_id) e ON e.account_id = a.id
        WHERE a.balance <> coalesce(e.total, 0)) x) AS balance_mismatches,
      (SELECT json_agg(x) FROM (
        SELECT a.id AS account_id, a.held::text AS stored, coalesce(h.total, 0)::text AS holds
        FROM ledger_accounts a LEFT JOIN (
          SELECT h.account_id, sum(h.amount) AS total FROM ledger_holds h
          LEFT JOIN ledger_hold_resolutions r ON r.hold_id = h.id WHERE r.hold_id IS NULL GROUP BY h.account_id
        ) h ON h.account_id = a.id
        WHERE a.held <> coalesce(h.total, 0)) x) AS held_mismatches,
      (SELECT json_agg(x) FROM (SELECT currency, sum(balance)::text AS total FROM ledger_accounts GROUP BY currency ORDER BY currency) x) AS currency_totals,
      (SELECT json_agg(x) FROM (
        -- An entry whose account or journal is missing (no foreign key checks them, ADR 0012) leaves its
        -- journal unbalanced too: under MISSING_ACCOUNT_CURRENCY when the account is missing.
        SELECT e.journal_id, coalesce(a.currency, ${MISSING_ACCOUNT_CURRENCY}::text) AS currency, sum(e.amount)::text AS total
        FROM ledger_entries e LEFT JOIN ledger_accounts a ON a.id = e.account_id LEFT JOIN ledger_journals j ON j.id = e.journal_id
        GROUP BY e.journal_id, a.currency HAVING sum(e.amount) <> 0 OR bool_or(a.id IS NULL) OR bool_or(j.id IS NULL)) x) AS unbalanced_journals,
      (SELECT json_agg(x) FROM (
        SELECT id AS account_id, balance::text AS balance, held::text AS held FROM ledger_accounts
        WHERE owner_kind = 'user' AND (balance - held < 0 OR held < 0)) x) AS negative_available`);
  const row = result.rows[0];
  if (!row) throw new Error('reconciliation returned no row');
  return row;
}

/** Keeps a scheduled reconciliation's report. */
export async function saveReconciliationRun(executor: Executor, report: { isBalanced: boolean }): Promise<void> {
  await executor.insert(ledgerReconciliationRuns).values({ isBalanced: report.isBalanced, report });
}

/** The newest scheduled reconciliation reports first. */
export async function recentReconciliationRuns(executor: Executor, limit: number): Promise<unknown[]> {
  const rows = await executor
    .select({ report: ledgerReconciliationRuns.report })
    .from(ledgerReconciliationRuns)
    .orderBy(desc(ledgerReconciliationRuns.id))
    .limit(limit);
  return rows.map((row) => row.report);
}

/** A user's entries of the given reasons in one currency, oldest first: what moved when (a deposit kept over time). */
export async function movementsOfReasons(executor: Executor, userId: number, currency: string, reasons: readonly string[]) {
  const result = await executor.execute<{ amount: string; created_at: Date | string }>(sql`
    SELECT e.amount::text AS amount, e.created_at
    FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id JOIN ledger_journals j ON j.id = e.journal_id
    WHERE a.owner_kind = 'user' AND a.user_id = ${userId} AND a.currency = ${currency}
      AND j.reason = ANY(string_to_array(${reasons.join(',')}, ','))
    ORDER BY e.id`);
  return result.rows.map((row) => ({ amount: row.amount, at: new Date(row.created_at) }));
}
