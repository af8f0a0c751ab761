import type { WalletType } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/index.ts';
import { databaseKind, openTestDatabase } from '../../test/test-app.ts';
import { createLedgerService, type LedgerService } from './index.ts';

/**
 * In the spirit of Jepsen's bank test: many clients run random deposits, transfers, holds and
 * withdrawals at once, some of them retried with the same idempotency key while the first attempt
 * is still in flight. Afterwards the ledger must sum to zero, every stored balance must equal its
 * entries, no available balance may be negative, every key must have had exactly one effect, and
 * each account must hold exactly what the operations that succeeded say it should.
 */
type Operation =
  | { kind: 'deposit'; user: number; cents: number; isRetried: boolean }
  | { kind: 'transfer'; from: number; to: number; fromWallet: WalletType; toWallet: WalletType; cents: number; isRetried: boolean }
  | { kind: 'withdraw'; user: number; cents: number; outcome: 'posted' | 'voided'; isRetried: boolean };

const usdWallets: WalletType[] = ['BALANCE', 'STOCK', 'FUTURE'];
const userCount = 4;

const operationArbitrary: fc.Arbitrary<Operation> = fc.oneof(
  fc.record({
    kind: fc.constant('deposit' as const),
    user: fc.nat(userCount - 1),
    cents: fc.integer({ min: 1, max: 50_000 }),
    isRetried: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('transfer' as const),
    from: fc.nat(userCount - 1),
    to: fc.nat(userCount - 1),
    fromWallet: fc.constantFrom(...usdWallets),
    toWallet: fc.constantFrom(...usdWallets),
    cents: fc.integer({ min: 1, max: 40_000 }),
    isRetried: fc.boolean(),
  }),
  fc.record({
    kind: fc.constant('withdraw' as const),
    user: fc.nat(userCount - 1),
    cents: fc.integer({ min: 1, max: 40_000 }),
    outcome: fc.constantFrom('posted' as const, 'voided' as const),
    isRetried: fc.boolean(),
  }),
);

const isRefusal = (error: unknown) => error instanceof AppError && error.result === 'INSUFFICIENT_FUNDS';

// Both ways a standalone movement is posted: grouped with the movements posted at the same moment (the
// default, ADR 0009: set-based, or one by one when the group meets a refusal) and strictly one by one.
describe.each([
  { mode: 'grouped', groupCommit: undefined },
  { mode: 'one by one', groupCommit: false as const },
])('the ledger under concurrent clients and retries, movements posted $mode', ({ groupCommit }) => {
  let ledger: LedgerService;
  let context: Awaited<ReturnType<typeof openTestDatabase>>;
  let run = 0;

  beforeAll(async () => {
    context = await openTestDatabase();
    await migrateDatabase(context.database);
    ledger = createLedgerService({ db: context.database.db, logger: { error: () => undefined, info: () => undefined }, groupCommit });
  });
  afterAll(async () => {
    await context.dispose();
  });

  it('loses and creates nothing, and every key has exactly one effect', { timeout: 240_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(operationArbitrary, { minLength: 10, maxLength: 40 }),
        fc.integer({ min: 2, max: 8 }),
        async (operations, clientCount) => {
          run += 1;
          const userBase = 10_000 * run;
          const db = context.database.db;
          const expected = new Map<string, Decimal>();
          const add = (user: number, wallet: WalletType, cents: number) => {
            const key = `${userBase + user}:${wallet}`;
            expected.set(key, (expected.get(key) ?? new Decimal(0)).plus(new Decimal(cents).dividedBy(100)));
          };
          const succeededKeys = new Set<string>();
          const attemptedKeys: string[] = [];

          const execute = async (operation: Operation, index: number) => {
            const key = `run${run}:op${index}`;
            attemptedKeys.push(key);
            const attempt = async (): Promise<boolean> => {
              try {
                if (operation.kind === 'deposit') {
                  await ledger.post(db, {
                    idempotencyKey: key,
                    reason: 'deposit',
                    legs: [
                      { account: { system: 'DEPOSIT_CLEARING', currency: 'USD' }, amount: new Decimal(-operation.cents).dividedBy(100) },
                      {
                        account: { userId: userBase + operation.user, walletType: 'BALANCE' },
                        amount: new Decimal(operation.cents).dividedBy(100),
                      },
                    ],
                  });
                } else if (operation.kind === 'transfer') {
                  if (operation.from === operation.to && operation.fromWallet === operation.toWallet) return false;
                  await ledger.post(db, {
                    idempotencyKey: key,
                    reason: 'transfer',
                    legs: [
                      {
                        account: { userId: userBase + operation.from, walletType: operation.fromWallet },
                        amount: new Decimal(-operation.cents).dividedBy(100),
                        requireFunds: true,
                      },
                      {
                        account: { userId: userBase + operation.to, walletType: operation.toWallet },
                        amount: new Decimal(operation.cents).dividedBy(100),
                      },
                    ],
                  });
                } else {
                  const { holdId } = await ledger.placeHold(db, {
                    idempotencyKey: key,
                    userId: userBase + operation.user,
                    walletType: 'BALANCE',
                    amount: new Decimal(operation.cents).dividedBy(100),
                    reason: 'withdrawal_hold',
                  });
                  if (operation.outcome === 'posted') {
                    await ledger.postHold(db, {
                      holdId,
                      idempotencyKey: `${key}:resolve`,
                      reason: 'withdrawal_paid',
                      counter: { system: 'WITHDRAWAL_CLEARING', currency: 'USD' },
                    });
                  } else {
                    await ledger.voidHold(db, { holdId, idempotencyKey: `${key}:resolve`, reason: 'withdrawal_released' });
                  }
                }
                return true;
              } catch (error) {
                if (isRefusal(error)) return false;
                throw error;
              }
            };
            // A retry races the first attempt, as a client that timed out and sent again would.
            const outcomes = await Promise.all(operation.isRetried ? [attempt(), attempt()] : [attempt()]);
            if (!outcomes.some(Boolean)) return;
            succeededKeys.add(key);
            if (operation.kind === 'deposit') add(operation.user, 'BALANCE', operation.cents);
            if (operation.kind === 'transfer') {
              add(operation.from, operation.fromWallet, -operation.cents);
              add(operation.to, operation.toWallet, operation.cents);
            }
            if (operation.kind === 'withdraw' && operation.outcome === 'posted') add(operation.user, 'BALANCE', -operation.cents);
          };

          const lanes = Array.from({ length: clientCount }, (_, lane) =>
            operations.map((operation, index) => ({ operation, index })).filter(({ index }) => index % clientCount === lane),
          );
          await Promise.all(
            lanes.map(async (lane) => {
              for (const { operation, index } of lane) await execute(operation, index);
            }),
          );

          const report = await ledger.reconcile();
          expect(report.isBalanced, JSON.stringify(report)).toBe(true);

          const journals = await db.execute<{ idempotency_key: string; n: number }>(
            sql`SELECT idempotency_key, count(*)::int AS n FROM ledger_journals WHERE idempotency_key LIKE ${`run${run}:%`} AND idempotency_key NOT LIKE '%:resolve' GROUP BY idempotency_key`,
          );
          const holds = await db.execute<{ idempotency_key: string }>(
            sql`SELECT idempotency_key FROM ledger_holds WHERE idempotency_key LIKE ${`run${run}:%`}`,
          );
          const effects = new Map<string, number>();
          for (const row of journals.rows) effects.set(row.idempotency_key, row.n);
          for (const row of holds.rows) effects.set(row.idempotency_key, (effects.get(row.idempotency_key) ?? 0) + 1);
          for (const key of attemptedKeys) expect(effects.get(key) ?? 0, key).toBe(succeededKeys.has(key) ? 1 : 0);

          for (let user = 0; user < userCount; user += 1) {
            const wallets = await ledger.wallets(db, userBase + user);
            for (const wallet of wallets) {
              const model = expected.get(`${userBase + user}:${wallet.walletType}`) ?? new Decimal(0);
              expect(wallet.balance, `user ${user} ${wallet.walletType}`).toBe(model.toFixed(2));
              expect(wallet.usedBalance).toBe('0.00');
            }
          }
        },
      ),
      { numRuns: databaseKind === 'postgres' ? 25 : 8 },
    );
  });

  it('lets concurrent withdrawals through only as far as the balance covers them', async () => {
    const db = context.database.db;
    const userId = 99_999;
    await ledger.post(db, {
      idempotencyKey: 'overdraw-race:deposit',
      reason: 'deposit',
      legs: [
        { account: { system: 'DEPOSIT_CLEARING', currency: 'USD' }, amount: '-100.00' },
        { account: { userId, walletType: 'BALANCE' }, amount: '100.00' },
      ],
    });
    const attempts = await Promise.allSettled(
      Array.from({ length: 10 }, (_, index) =>
        ledger.placeHold(db, {
          idempotencyKey: `overdraw-race:${index}`,
          userId,
          walletType: 'BALANCE',
          amount: '30.00',
          reason: 'withdrawal_hold',
        }),
      ),
    );
    const succeeded = attempts.filter((attempt) => attempt.status === 'fulfilled');
    const refused = attempts.filter((attempt) => attempt.status === 'rejected' && isRefusal(attempt.reason));
    expect(succeeded).toHaveLength(3);
    expect(refused).toHaveLength(7);
    expect(await ledger.wallet(db, userId, 'BALANCE')).toMatchObject({
      balance: '100.00',
      usedBalance: '90.00',
      availableBalance: '10.00',
    });
    expect((await ledger.reconcile()).isBalanced).toBe(true);
  });

  it('creates the same new accounts from concurrent movements without deadlocking, whatever the order of their legs', async () => {
    const db = context.database.db;
    for (let round = 0; round < 5; round += 1) {
      const first = 500_000 + round * 2;
      const second = first + 1;
      const legsFor = (isReversed: boolean) => {
        const users = [
          { account: { userId: first, walletType: 'BALANCE' as const }, amount: '1.00' },
          { account: { userId: second, walletType: 'BALANCE' as const }, amount: '1.00' },
        ];
        return [
          ...(isReversed ? users.reverse() : users),
          { account: { system: 'HOUSE' as const, currency: 'USD' as const }, amount: '-2.00' },
        ];
      };
      const outcomes = await Promise.allSettled(
        Array.from({ length: 16 }, (_, index) =>
          ledger.post(db, { idempotencyKey: `new-accounts:${round}:${index}`, reason: 'adjustment', legs: legsFor(index % 2 === 1) }),
        ),
      );
      expect(
        outcomes
          .filter((outcome) => outcome.status === 'rejected')
          .map((outcome) => String((outcome as PromiseRejectedResult).reason?.cause ?? outcome)),
      ).toEqual([]);
      expect((await ledger.wallet(db, first, 'BALANCE')).balance).toBe('16.00');
    }
    expect((await ledger.reconcile()).isBalanced).toBe(true);
  });
});
