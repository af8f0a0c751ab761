import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseErrorCode, migrateDatabase } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/index.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { createLedgerService, type LedgerService } from './index.ts';
import * as repository from './ledger.repository.ts';
import { SYSTEM_ACCOUNT_SHARDS } from './ledger.service.ts';

const quietLogger = { error: () => undefined, info: () => undefined };

/**
 * Group commit (ADRs 0004 and 0009): movements posted at the same moment share one statement and one
 * transaction, yet each keeps its own idempotency key, result and refusal — one refused movement never
 * fails the others (its group is then posted one by one).
 */
describe('the ledger posting concurrent movements in groups', () => {
  let ledger: LedgerService;
  let context: Awaited<ReturnType<typeof openTestDatabase>>;

  beforeAll(async () => {
    context = await openTestDatabase();
    await migrateDatabase(context.database);
    // At most one group in flight, so everything posted together travels in the same transaction.
    ledger = createLedgerService({ db: context.database.db, logger: quietLogger, groupCommit: { maxItems: 64, maxGroupsInFlight: 1 } });
  });
  afterAll(async () => {
    await context.dispose();
  });

  const deposit = (userId: number, amount: string, key: string) =>
    ledger.post(context.database.db, {
      idempotencyKey: key,
      reason: 'deposit',
      legs: [
        { account: { system: 'DEPOSIT_CLEARING', currency: 'USD' }, amount: `-${amount}` },
        { account: { userId, walletType: 'BALANCE' }, amount },
      ],
    });
  const transfer = (from: number, to: number, amount: string, key: string) =>
    ledger.post(context.database.db, {
      idempotencyKey: key,
      reason: 'transfer',
      legs: [
        { account: { userId: from, walletType: 'BALANCE' }, amount: `-${amount}`, requireFunds: true },
        { account: { userId: to, walletType: 'BALANCE' }, amount },
      ],
    });

  it('posts a group with nothing to refuse in one statement, each movement its own journal and balance after', async () => {
    await deposit(6901, '10.00', 'set:6901:deposit');
    await deposit(6902, '10.00', 'set:6902:deposit');
    const none = { groups: 0, movements: 0, fallbacks: 0 };
    const before = ledger.groupCommitStats() ?? none;
    // 6901 gives 1.00 to 6902 five times while 6902 gives 2.00 back three times, all at once.
    const results = await Promise.all([
      ...Array.from({ length: 5 }, (_, index) => transfer(6901, 6902, '1.00', `set:a:${index}`)),
      ...Array.from({ length: 3 }, (_, index) => transfer(6902, 6901, '2.00', `set:b:${index}`)),
    ]);
    const after = ledger.groupCommitStats() ?? none;
    expect(after.movements - before.movements).toBe(8);
    expect(after.groups - before.groups).toBe(1);
    expect(after.fallbacks - before.fallbacks).toBe(0);
    expect(new Set(results.map((result) => result.journalId)).size).toBe(8);
    expect(results.every((result) => !result.isReplay)).toBe(true);
    expect(await ledger.wallet(context.database.db, 6901, 'BALANCE')).toMatchObject({ balance: '11.00' });
    expect(await ledger.wallet(context.database.db, 6902, 'BALANCE')).toMatchObject({ balance: '9.00' });
    // Each entry's balance after is the account's balance once the movements before it, in posting order, had moved.
    const entries = await context.database.db.execute<{ user_id: number; amount: string; balance_after: string }>(
      sql`SELECT a.user_id::int AS user_id, e.amount::text, e.balance_after::text FROM ledger_entries e
          JOIN ledger_accounts a ON a.id = e.account_id JOIN ledger_journals j ON j.id = e.journal_id
          WHERE a.user_id IN (6901, 6902) AND j.idempotency_key LIKE 'set:%' ORDER BY e.id`,
    );
    const running = new Map<number, Decimal>();
    for (const entry of entries.rows) {
      const balance = (running.get(entry.user_id) ?? new Decimal(0)).plus(entry.amount);
      running.set(entry.user_id, balance);
      expect(entry.balance_after, `user ${entry.user_id}`).toBe(balance.toFixed(2));
    }
    expect(entries.rows).toHaveLength(18);
    expect((await ledger.reconcile()).isBalanced).toBe(true);

    // The same group again, as a client that lost the answers would send it: each replays its own journal and moves nothing.
    const replays = await Promise.all([
      ...Array.from({ length: 5 }, (_, index) => transfer(6901, 6902, '1.00', `set:a:${index}`)),
      ...Array.from({ length: 3 }, (_, index) => transfer(6902, 6901, '2.00', `set:b:${index}`)),
    ]);
    expect(replays).toEqual(results.map((result) => ({ journalId: result.journalId, isReplay: true })));
    expect(await ledger.wallet(context.database.db, 6901, 'BALANCE')).toMatchObject({ balance: '11.00' });
  });

  it('leaves nothing of a group cut off before its commit, and the same movements sent again move once each', async () => {
    await deposit(6951, '5.00', 'crash:6951:deposit');
    await deposit(6952, '5.00', 'crash:6952:deposit');
    const moves = [
      { from: 6951, to: 6952, key: 'crash:1' },
      { from: 6952, to: 6951, key: 'crash:2' },
      { from: 6951, to: 6953, key: 'crash:3' },
    ];
    const inputs = moves.map(({ from, to, key }) => ({
      key,
      memo: null,
      ...ledger.sqlMovement('transfer', [
        { account: { userId: from, walletType: 'BALANCE' }, amount: '-1.00', requireFunds: true },
        { account: { userId: to, walletType: 'BALANCE' }, amount: '1.00' },
      ]),
    }));
    // 6953 has no account yet: the group is posted one by one, so create it first to take the set-based path.
    await deposit(6953, '0.01', 'crash:6953:deposit');
    const crash = new Error('the process died before the commit');
    await expect(
      context.database.db.transaction(async (tx) => {
        const journalIds = await repository.postSet(tx, inputs);
        expect(journalIds).toHaveLength(3);
        throw crash;
      }),
    ).rejects.toBe(crash);
    const written = await context.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ledger_journals WHERE idempotency_key LIKE 'crash:_'`,
    );
    expect(written.rows[0]?.n).toBe(0);
    expect(await ledger.wallet(context.database.db, 6951, 'BALANCE')).toMatchObject({ balance: '5.00' });

    // The client retries each, twice at once as a client that timed out would: one journal per key, money moved once.
    const retry = () => Promise.all(moves.map(({ from, to, key }) => transfer(from, to, '1.00', key)));
    const [first, second] = await Promise.all([retry(), retry()]);
    expect(second.map((result) => result.journalId)).toEqual(first.map((result) => result.journalId));
    const journals = await context.database.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ledger_journals WHERE idempotency_key LIKE 'crash:_'`,
    );
    expect(journals.rows[0]?.n).toBe(3);
    expect(await ledger.wallet(context.database.db, 6951, 'BALANCE')).toMatchObject({ balance: '4.00' });
    expect(await ledger.wallet(context.database.db, 6952, 'BALANCE')).toMatchObject({ balance: '5.00' });
    expect(await ledger.wallet(context.database.db, 6953, 'BALANCE')).toMatchObject({ balance: '1.01' });
    expect((await ledger.reconcile()).isBalanced).toBe(true);
  });

  it('refuses only the movements the balance does not cover when posted together, and answers each its own result', async () => {
    await deposit(7001, '100.00', 'group:7001:deposit');
    await deposit(7002, '0.01', 'group:7002:deposit');
    const none = { groups: 0, movements: 0, fallbacks: 0 };
    const before = ledger.groupCommitStats() ?? none;
    const outcomes = await Promise.allSettled(Array.from({ length: 12 }, (_, index) => transfer(7001, 7002, '30.00', `group:t:${index}`)));
    const after = ledger.groupCommitStats() ?? none;
    // They travelled as one group, which met refusals and so was posted one by one.
    expect(after.movements - before.movements).toBe(12);
    expect(after.groups - before.groups).toBe(1);
    expect(after.fallbacks - before.fallbacks).toBe(1);

    const succeeded = outcomes.filter((outcome) => outcome.status === 'fulfilled');
    const refused = outcomes.filter(
      (outcome) => outcome.status === 'rejected' && outcome.reason instanceof AppError && outcome.reason.result === 'INSUFFICIENT_FUNDS',
    );
    expect(succeeded).toHaveLength(3);
    expect(refused).toHaveLength(9);
    const journals = new Set(succeeded.map((outcome) => (outcome as PromiseFulfilledResult<{ journalId: number }>).value.journalId));
    expect(journals.size).toBe(3);
    expect(await ledger.wallet(context.database.db, 7001, 'BALANCE')).toMatchObject({ balance: '10.00' });
    expect(await ledger.wallet(context.database.db, 7002, 'BALANCE')).toMatchObject({ balance: '90.01' });
    expect((await ledger.reconcile()).isBalanced).toBe(true);
  });

  it('keeps idempotency inside a group: a repeat replays the first journal, a reused key for other legs is refused', async () => {
    await deposit(7101, '50.00', 'group:7101:deposit');
    const [first, repeat, reused] = await Promise.allSettled([
      transfer(7101, 7102, '5.00', 'group:same-key'),
      transfer(7101, 7102, '5.00', 'group:same-key'),
      transfer(7101, 7102, '6.00', 'group:same-key'),
    ]);
    expect(first.status).toBe('fulfilled');
    expect(repeat.status).toBe('fulfilled');
    const firstResult = (first as PromiseFulfilledResult<{ journalId: number; isReplay: boolean }>).value;
    const repeatResult = (repeat as PromiseFulfilledResult<{ journalId: number; isReplay: boolean }>).value;
    expect(repeatResult).toEqual({ journalId: firstResult.journalId, isReplay: true });
    expect(firstResult.isReplay).toBe(false);
    expect(reused.status === 'rejected' && reused.reason instanceof AppError && reused.reason.result).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await ledger.wallet(context.database.db, 7101, 'BALANCE')).toMatchObject({ balance: '45.00' });
  });

  it('lets a malformed movement fail alone with its own error while the rest of its group is posted', async () => {
    await deposit(7201, '20.00', 'group:7201:deposit');
    const [good, unbalanced, alsoGood] = await Promise.allSettled([
      transfer(7201, 7202, '1.00', 'group:malformed:1'),
      ledger.post(context.database.db, {
        idempotencyKey: 'group:malformed:2',
        reason: 'transfer',
        legs: [
          { account: { userId: 7201, walletType: 'BALANCE' }, amount: '-1.00' },
          { account: { userId: 7202, walletType: 'BALANCE' }, amount: '2.00' },
        ],
      }),
      transfer(7201, 7203, '2.00', 'group:malformed:3'),
    ]);
    expect(good.status).toBe('fulfilled');
    expect(alsoGood.status).toBe('fulfilled');
    expect(unbalanced.status === 'rejected' && databaseErrorCode(unbalanced.reason)).toBe('BL003');
    expect(await ledger.wallet(context.database.db, 7201, 'BALANCE')).toMatchObject({ balance: '17.00' });
    expect((await ledger.reconcile()).isBalanced).toBe(true);
  });

  it('spreads the house over its shards by user, and the ledger still reconciles', async () => {
    for (const userId of [7301, 7302]) {
      await deposit(userId, '10.00', `shard:${userId}:deposit`);
      await ledger.post(context.database.db, {
        idempotencyKey: `shard:${userId}:margin`,
        reason: 'trade_margin',
        legs: [
          { account: { userId, walletType: 'BALANCE' }, amount: '-4.00', requireFunds: true },
          { account: { system: 'HOUSE', currency: 'USD' }, amount: '4.00' },
        ],
      });
      await ledger.post(context.database.db, {
        idempotencyKey: `shard:${userId}:fee`,
        reason: 'fee',
        legs: [
          { account: { system: 'HOUSE', currency: 'USD', spreadKey: userId }, amount: '-1.00' },
          { account: { system: 'FEES', currency: 'USD', spreadKey: userId }, amount: '1.00' },
        ],
      });
    }
    const rows = await context.database.db.execute<{ system_code: string; shard: number; balance: string }>(
      sql`SELECT system_code, shard, balance::text FROM ledger_accounts WHERE system_code IN ('HOUSE', 'FEES') AND currency = 'USD' ORDER BY system_code, shard`,
    );
    expect(rows.rows).toEqual([
      { system_code: 'FEES', shard: 7301 % SYSTEM_ACCOUNT_SHARDS, balance: '1.00' },
      { system_code: 'FEES', shard: 7302 % SYSTEM_ACCOUNT_SHARDS, balance: '1.00' },
      { system_code: 'HOUSE', shard: 7301 % SYSTEM_ACCOUNT_SHARDS, balance: '3.00' },
      { system_code: 'HOUSE', shard: 7302 % SYSTEM_ACCOUNT_SHARDS, balance: '3.00' },
    ]);
    expect((await ledger.reconcile()).isBalanced).toBe(true);
  });
});
