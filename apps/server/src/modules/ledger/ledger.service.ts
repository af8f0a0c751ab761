import { type Currency, currencyOfWallet, type LedgerReason, type Wallet, type WalletType, walletTypes } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import type { SQL } from 'drizzle-orm';
import type { EventBus } from '../../platform/bus/index.ts';
import { type Database, databaseErrorCode, type Executor, sqlStates } from '../../platform/db/index.ts';
import type { JobDefinition } from '../../platform/jobs/index.ts';
import { sha256Hex } from '../../platform/security/index.ts';
import { createBalanceAnnouncer, type TouchedWallet } from './ledger.announcements.ts';
import { createGroupCommit, defaultGroupCommitOptions, type GroupCommitOptions } from './ledger.group-commit.ts';
import * as repository from './ledger.repository.ts';

/** Accounts of the platform itself; each exists once per currency and may go negative (money owed to or by the outside). */
export const systemAccounts = [
  'DEPOSIT_CLEARING',
  'WITHDRAWAL_CLEARING',
  'FX',
  'FEES',
  'HOUSE',
  // Loans (issue 21): what users owe on loans (negative: owed to the platform), and the interest and penalties earned on them.
  'LOANS_RECEIVABLE',
  'LOAN_INCOME',
  // Referral (issue 23): what the platform spends on referral rewards (negative: paid out).
  'REFERRAL_EXPENSE',
  // Funds (issue 20): what users hold in funds and redemptions on their way (owed to them), and the income paid on it.
  'FUNDS_HELD',
  'FUND_INCOME',
  // Robots (issue 22): users' money ring-fenced in robot runs (owed to them), and what licences, rentals and energy sold for.
  'ROBOT_RUNS',
  'ROBOT_SALES',
] as const;
export type SystemAccount = (typeof systemAccounts)[number];

/**
 * A user's wallet, or a system account. `spreadKey` (usually the user's id) picks which shard of a busy
 * system account takes the movement; without it the first user leg of the movement decides.
 */
export type AccountRef = { userId: number; walletType: WalletType } | { system: SystemAccount; currency: Currency; spreadKey?: number };

/**
 * System accounts every trade touches (ADR 0003): each is this many rows, so fills of different users
 * do not queue for one row lock until commit. Their balance is the sum of their shards; reconciliation
 * checks every row and sums per currency, as before.
 */
const shardedSystemAccounts: ReadonlySet<SystemAccount> = new Set(['HOUSE', 'FEES']);
export const SYSTEM_ACCOUNT_SHARDS = 16;

function shardOf(system: SystemAccount, spreadKey: number | undefined): number {
  if (!shardedSystemAccounts.has(system) || spreadKey === undefined) return 0;
  return Math.abs(Math.trunc(spreadKey)) % SYSTEM_ACCOUNT_SHARDS;
}

/** One side of a movement: a signed amount (credit positive) on an account. `requireFunds` refuses it if the account's available money would go below zero. */
export type Leg = { account: AccountRef; amount: Decimal.Value; requireFunds?: boolean };

export type Movement = { idempotencyKey: string; reason: LedgerReason; memo?: string; legs: Leg[] };

export type ReconciliationReport = {
  checkedAtTimestamp: number;
  accountsChecked: number;
  entriesChecked: number;
  isBalanced: boolean;
  balanceMismatches: Array<{ accountId: number; stored: string; entries: string }>;
  heldMismatches: Array<{ accountId: number; stored: string; holds: string }>;
  currencyTotals: Array<{ currency: string; total: string }>;
  unbalancedJournals: Array<{ journalId: number; currency: string; total: string }>;
  negativeAvailable: Array<{ accountId: number; balance: string; held: string }>;
};

/** Text that is already money as `toMoney` writes it (no leading zeros, two decimals, no negative zero). */
const MONEY_TEXT = /^-?(?:0|[1-9]\d*)\.\d\d$/;

/** Money has two decimals; anything else is rounded half-even by the caller before it reaches the ledger. */
export function toMoney(value: Decimal.Value): string {
  // Most amounts reach here already as money text (an order's cost passes through several times a request).
  if (typeof value === 'string' && MONEY_TEXT.test(value) && value !== '-0.00') return value;
  return (value instanceof Decimal ? value : new Decimal(value)).toFixed(2, Decimal.ROUND_HALF_EVEN);
}

function currencyOf(account: AccountRef): Currency {
  return 'system' in account ? account.currency : currencyOfWallet(account.walletType);
}

function toSqlLeg(account: AccountRef, spreadKey?: number): Omit<repository.SqlLeg, 'amount'> {
  if (!('system' in account)) return { user: account.userId, wallet: account.walletType, currency: currencyOf(account) };
  const shard = shardOf(account.system, account.spreadKey ?? spreadKey);
  return shard === 0
    ? { system: account.system, currency: account.currency }
    : { system: account.system, currency: account.currency, shard };
}

function fingerprintOf(reason: string, legs: repository.SqlLeg[]) {
  const canonical = legs.map((leg) => JSON.stringify(leg)).sort();
  return sha256Hex(JSON.stringify([reason, canonical]));
}

/** The SQL form of a movement's legs and its fingerprint, as `ledger_post` takes them. */
function sqlMovementOf(reason: string, movementLegs: Leg[]) {
  const firstUser = movementLegs.find((leg) => 'userId' in leg.account)?.account;
  const spreadKey = firstUser && 'userId' in firstUser ? firstUser.userId : undefined;
  const legs = movementLegs.map((leg) => ({
    ...toSqlLeg(leg.account, spreadKey),
    amount: toMoney(leg.amount),
    ...(leg.requireFunds ? { require_funds: true } : {}),
  }));
  return { reason, fingerprint: fingerprintOf(reason, legs), legs };
}

function walletOf(walletType: WalletType, row: repository.AccountRow | undefined): Wallet {
  const balance = new Decimal(row?.balance ?? 0);
  const held = new Decimal(row?.held ?? 0);
  return {
    walletType,
    currency: currencyOfWallet(walletType),
    balance: toMoney(balance),
    usedBalance: toMoney(held),
    availableBalance: toMoney(balance.minus(held)),
  };
}

/** A movement as the SQL functions take it, without its idempotency key. */
function sqlInputOf(movement: Omit<Movement, 'idempotencyKey'>): Omit<repository.PostInput, 'key'> {
  return { ...sqlMovementOf(movement.reason, movement.legs), memo: movement.memo ?? null };
}

type Logger = { error(object: object, message: string): void; info(object: object, message: string): void };

/** The users' wallets among a movement's legs. */
function touchedWallets(legs: readonly Leg[]): TouchedWallet[] {
  const wallets: TouchedWallet[] = [];
  for (const { account } of legs) if ('userId' in account) wallets.push({ userId: account.userId, walletType: account.walletType });
  return wallets;
}

export type LedgerService = ReturnType<typeof createLedgerService>;

/** One hold to resolve: posted to `counter` (a split adding up to the hold), or voided when `counter` is null. */
export type HoldResolution = {
  holdId: number;
  idempotencyKey: string;
  reason: LedgerReason;
  memo?: string;
  counter: ReadonlyArray<{ account: AccountRef; amount: Decimal.Value }> | null;
  owner?: TouchedWallet;
};
/**
 * Holds per set-based statement: ledger_post_set finds each account's delta with array_position, linear in
 * the batch, so a statement's cost grows with the square of its size; a thousand keeps that small.
 */
const RESOLVE_CHUNK = 5000;

/**
 * The only writer of balances. Every method takes the caller's executor so a movement commits
 * together with whatever caused it (an order, a withdrawal); each write is one database call.
 */
export function createLedgerService(dependencies: {
  db: Database;
  logger: Logger;
  /** Group commit of standalone movements (ADR 0009), on unless `false`. */
  groupCommit?: GroupCommitOptions | false | undefined;
  /** Where each user whose money moved is told so after commit (`balance` event); absent, nobody is. */
  bus?: EventBus | undefined;
}) {
  const { db, logger } = dependencies;
  const announce = createBalanceAnnouncer(dependencies.bus, logger);
  // Group commit (ADR 0004, set-based since ADR 0009): movements that stand alone (posted on the database
  // itself, not in a caller's transaction) and arrive while earlier ones are in flight are posted together
  // in one statement and one commit. Measured on the 2-core reference machine: 1.6× pgbench against 0.8×.
  const groupCommit =
    dependencies.groupCommit === false ? undefined : createGroupCommit(db, dependencies.groupCommit ?? defaultGroupCommitOptions);

  async function reconcile(executor: Executor = db): Promise<ReconciliationReport> {
    const rows = await repository.reconciliation(executor);
    const report: ReconciliationReport = {
      checkedAtTimestamp: Date.now(),
      accountsChecked: Number(rows.accounts),
      entriesChecked: Number(rows.entries),
      isBalanced: false,
      balanceMismatches: (rows.balance_mismatches ?? []).map((row) => ({
        accountId: row.account_id,
        stored: row.stored,
        entries: row.entries,
      })),
      heldMismatches: (rows.held_mismatches ?? []).map((row) => ({ accountId: row.account_id, stored: row.stored, holds: row.holds })),
      currencyTotals: rows.currency_totals ?? [],
      unbalancedJournals: (rows.unbalanced_journals ?? []).map((row) => ({
        journalId: row.journal_id,
        currency: row.currency,
        total: row.total,
      })),
      negativeAvailable: (rows.negative_available ?? []).map((row) => ({
        accountId: row.account_id,
        balance: row.balance,
        held: row.held,
      })),
    };
    report.isBalanced =
      report.balanceMismatches.length === 0 &&
      report.heldMismatches.length === 0 &&
      report.unbalancedJournals.length === 0 &&
      report.negativeAvailable.length === 0 &&
      report.currencyTotals.every((total) => new Decimal(total.total).isZero());
    return report;
  }

  return {
    /**
     * Posts a balanced journal; a repeat of the key returns the first journal and moves nothing. A movement
     * on the database itself (no caller transaction) commits with concurrent ones (group commit).
     */
    async post(executor: Executor, movement: Movement) {
      const input = { key: movement.idempotencyKey, ...sqlInputOf(movement) };
      const result = await (groupCommit && executor === db ? groupCommit.post(input) : repository.post(executor, input));
      announce(executor, touchedWallets(movement.legs));
      return result;
    },

    /**
     * Posts a movement in the same statement as the caller's own write, so both commit together in one
     * round trip (a same-currency transfer: its row and its journal). `statement` receives the ledger's
     * call for the movement, to which it gives the idempotency key as an SQL expression (usually made from
     * the row it inserts), and answers the whole statement, which runs as the prepared statement `name`:
     * its text must be the same on every call. Refusals are the same as `post`'s; the statement is atomic,
     * so a refused movement leaves the caller's row unwritten too.
     */
    async postWithin<Row extends Record<string, unknown>>(
      executor: Executor,
      name: string,
      movement: Omit<Movement, 'idempotencyKey'>,
      statement: (posting: (idempotencyKey: SQL) => SQL) => SQL,
    ): Promise<Row[]> {
      const input = sqlInputOf(movement);
      const rows = await repository.postWithin<Row>(
        executor,
        name,
        statement((idempotencyKey) => repository.postingCall(idempotencyKey, input)),
      );
      announce(executor, touchedWallets(movement.legs));
      return rows;
    },

    /**
     * As `postWithin`, for several movements posted set-based in one statement (ADR 0009): `statement`
     * receives the ledger's call for them, to which it gives a query of rows (ordinal, idempotency key),
     * ordinal being the movement's index in `movements`; only the movements it names are posted. All or
     * nothing: a refusal of any of them, or a key used before, fails the whole statement with nothing
     * written, and the caller then posts them one by one (with `postWithin`). Its errors are not mapped.
     */
    async postSetWithin<Row extends Record<string, unknown>>(
      executor: Executor,
      name: string,
      movements: Array<Omit<Movement, 'idempotencyKey'>>,
      statement: (posting: (keys: SQL) => SQL) => SQL,
    ): Promise<Row[]> {
      const inputs = movements.map(sqlInputOf);
      const rows = await repository.postSetWithin<Row>(
        executor,
        name,
        statement((keys) => repository.postingSetCall(keys, inputs)),
      );
      // Every movement offered, posted or not: a refresh too many costs one read, one too few a stale screen.
      announce(executor, touchedWallets(movements.flatMap((movement) => movement.legs)));
      return rows;
    },

    /**
     * A movement (without its key and memo) and an account as the ledger's SQL functions take them, for a
     * module that posts through those functions from its own SQL function in one round trip (trading's
     * order fill, ADR 0007). The ledger's functions still do every write and every check; this only
     * builds their arguments the way `post` and `postHold` do.
     */
    sqlMovement(reason: LedgerReason, legs: Leg[]) {
      return sqlMovementOf(reason, legs);
    },
    sqlAccount(account: AccountRef) {
      return toSqlLeg(account);
    },

    /** Reserves money on a user's wallet: available drops now, balance when the hold is posted. */
    async placeHold(
      executor: Executor,
      input: { idempotencyKey: string; userId: number; walletType: WalletType; amount: Decimal.Value; reason: LedgerReason },
    ) {
      const hold = await repository.placeHold(executor, {
        key: input.idempotencyKey,
        userId: input.userId,
        walletType: input.walletType,
        currency: currencyOfWallet(input.walletType),
        amount: toMoney(input.amount),
        reason: input.reason,
      });
      announce(executor, [{ userId: input.userId, walletType: input.walletType }]);
      return hold;
    },

    /**
     * Second phase, money goes: the held amount moves from its account to `counter`. `owner`, the wallet
     * the hold is on, is told of the change after commit (the hold's row alone does not name it here).
     */
    async postHold(
      executor: Executor,
      input: {
        holdId: number;
        idempotencyKey: string;
        reason: LedgerReason;
        memo?: string;
        /** Who receives the whole hold; or a split, legs whose amounts add up to it (part paid, part back to the owner). */
        counter: AccountRef | ReadonlyArray<{ account: AccountRef; amount: Decimal.Value }>;
        owner?: TouchedWallet;
      },
    ) {
      const split = Array.isArray(input.counter) ? (input.counter as ReadonlyArray<{ account: AccountRef; amount: Decimal.Value }>) : null;
      const single = split ? null : (input.counter as AccountRef);
      const result = await repository.resolveHold(executor, {
        holdId: input.holdId,
        outcome: 'posted',
        key: input.idempotencyKey,
        reason: input.reason,
        memo: input.memo ?? null,
        counter: split ? split.map((leg) => ({ ...toSqlLeg(leg.account), amount: toMoney(leg.amount) })) : toSqlLeg(single as AccountRef),
      });
      const accounts = split ? split.map((leg) => leg.account) : [single as AccountRef];
      const counter = accounts.filter((account): account is Extract<AccountRef, { userId: number }> => 'userId' in account);
      announce(executor, [...(input.owner ? [input.owner] : []), ...counter]);
      return result;
    },

    /** Second phase, money stays: the hold is released (`owner`, its wallet, is told as with `postHold`). */
    async voidHold(executor: Executor, input: { holdId: number; idempotencyKey: string; reason: LedgerReason; owner?: TouchedWallet }) {
      const result = await repository.resolveHold(executor, {
        holdId: input.holdId,
        outcome: 'voided',
        key: input.idempotencyKey,
        reason: input.reason,
        memo: null,
        counter: null,
      });
      if (input.owner) announce(executor, [input.owner]);
      return result;
    },

    /**
     * Resolves many holds in the caller's transaction, set-based (an allotment's applications, issue 18 §6):
     * each posted to its split `counter` (legs adding up to the hold; zero legs left out) or, without one,
     * voided; one journal per posted hold, keyed by its `idempotencyKey`, exactly as `postHold`/`voidHold`
     * would write it. In chunks of one statement each; a chunk the set-based call cannot take whole (a
     * hold resolved before, a key used before) is rolled back to its savepoint and resolved one by one,
     * which answers replays and refusals as those methods do. Every owner is told after commit.
     */
    async resolveHolds(executor: Executor, resolutions: readonly HoldResolution[]) {
      for (let start = 0; start < resolutions.length; start += RESOLVE_CHUNK) {
        const chunk = resolutions.slice(start, start + RESOLVE_CHUNK);
        const items = chunk.map((item) => ({
          hold: item.holdId,
          outcome: item.counter ? ('posted' as const) : ('voided' as const),
          key: item.idempotencyKey,
          reason: item.reason,
          memo: item.memo ?? null,
          counter: item.counter
            ? item.counter
                .filter((leg) => !new Decimal(leg.amount).isZero())
                .map((leg) => ({ ...toSqlLeg(leg.account), amount: toMoney(leg.amount) }))
            : null,
        }));
        try {
          await executor.transaction((savepoint) => repository.resolveHolds(savepoint, items));
        } catch (error) {
          if (databaseErrorCode(error) !== sqlStates.postOneByOne) throw error;
          for (const item of items) await repository.resolveHold(executor, { ...item, holdId: item.hold });
        }
      }
      const owners = resolutions.flatMap((item) => (item.owner ? [item.owner] : []));
      const counters = resolutions.flatMap((item) => (item.counter ?? []).map((leg) => leg.account));
      announce(executor, [
        ...owners,
        ...counters.filter((account): account is Extract<AccountRef, { userId: number }> => 'userId' in account),
      ]);
    },

    /** Every wallet of a user, including the ones never used (all zero). */
    async wallets(executor: Executor, userId: number): Promise<Wallet[]> {
      const rows = await repository.userAccounts(executor, userId);
      return walletTypes.map((walletType) =>
        walletOf(
          walletType,
          rows.find((row) => row.wallet_type === walletType),
        ),
      );
    },

    async wallet(executor: Executor, userId: number, walletType: WalletType): Promise<Wallet> {
      const rows = await repository.userAccounts(executor, userId);
      return walletOf(
        walletType,
        rows.find((row) => row.wallet_type === walletType),
      );
    },

    async statement(
      executor: Executor,
      userId: number,
      input: { walletType?: WalletType | undefined; pageNum: number; pageSize: number } & repository.StatementFilter,
    ) {
      return repository.statement(executor, userId, input.walletType, input.pageSize, (input.pageNum - 1) * input.pageSize, input);
    },

    async realisedSince(executor: Executor, userId: number, since: Date) {
      return repository.realisedToday(executor, userId, since);
    },

    /** How many deposits (or other credits of a reason) reached the user's wallets: a fact the loans' credit score reads. */
    creditsOfReason: (executor: Executor, userId: number, reason: LedgerReason) => repository.creditsOfReason(executor, userId, reason),

    /** A user's credits and debits of some reasons in one currency, oldest first (referral: a deposit kept for N days). */
    movementsOfReasons: (executor: Executor, userId: number, currency: Currency, reasons: readonly LedgerReason[]) =>
      repository.movementsOfReasons(executor, userId, currency, reasons),

    /** A system account's balance (all shards): the loans book reconciles LOANS_RECEIVABLE with it. */
    systemBalance: async (executor: Executor, system: SystemAccount, currency: Currency) =>
      toMoney(await repository.systemBalance(executor, system, currency)),

    reconcile,
    /** The reports of the scheduled (daily) reconciliations, newest first. */
    recentReconciliations: async (limit = 30) => (await repository.recentReconciliationRuns(db, limit)) as ReconciliationReport[],

    /** Group-commit counters (groups sent, movements in them, the largest group, groups that fell back to one by one). */
    groupCommitStats: () => groupCommit?.stats(),

    reconciliationJob: {
      name: 'ledger-reconciliation',
      intervalMs: 24 * 60 * 60_000,
      async run(executor) {
        const report = await reconcile(executor);
        // Kept for the console, which shows the daily results next to a reconciliation run on demand.
        await repository.saveReconciliationRun(executor, report);
        if (report.isBalanced)
          logger.info({ accounts: report.accountsChecked, entries: report.entriesChecked }, 'ledger reconciliation: balanced');
        else logger.error({ report }, 'LEDGER RECONCILIATION FAILED: stored balances or totals differ from the entries');
      },
    } satisfies JobDefinition,
  };
}
