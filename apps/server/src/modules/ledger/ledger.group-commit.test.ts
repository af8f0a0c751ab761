import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseErrorCode, migrateDatabase } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/index.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { createLedgerService, type LedgerService } from './index.ts';
import { SYSTEM_ACCOUNT_SHARDS } from './ledger.service.ts';

const quietLogger = { error: () => undefined, info: () => undefined };

/**
 * Group commit (ADR 0003): movements posted at the same moment share one transaction, yet each keeps
 * its own idempotency key, result and refusal — one refused movement never fails the others.
 */
describe('the ledger posting concurrent movements in groups', () => {
  let ledger: LedgerService;
  let context: Awaited<ReturnType<typeof openTestDatabase>>;

  beforeAll(async () => {
    context = await openTestDatabase();
    await migrateDatabase(context.database);
    // At most one group in flight, so everything posted together travels in the same transaction.
    ledger = createLedgerService({ db: context.database.db, logger: quietLogger, groupCommit: { maxMovements: 64, maxGroupsInFlight: 1 } });
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

  it('refuses only the movements the balance does not cover, in one group, and answers each its own result', async () => {
    await deposit(7001, '100.00', 'group:7001:deposit');
    await deposit(7002, '0.01', 'group:7002:deposit');
    const none = { groups: 0, movements: 0 };
    const before = ledger.groupCommitStats() ?? none;
    const outcomes = await Promise.allSettled(Array.from({ length: 12 }, (_, index) => transfer(7001, 7002, '30.00', `group:t:${index}`)));
    const after = ledger.groupCommitStats() ?? none;
    // They really travelled together: fewer transactions than movements.
    expect(after.movements - before.movements).toBe(12);
    expect(after.groups - before.groups).toBeLessThan(12);

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

  it('lets a malformed movement fail alone with its own error while the rest of its group commits', async () => {
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
