import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../platform/db/index.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { createLedgerService, type HoldResolution, type LedgerService } from './index.ts';

const quietLogger = { error: () => undefined, info: () => undefined };

describe('ledger: many holds resolved set-based (issue 18 §6)', () => {
  let context: Awaited<ReturnType<typeof openTestDatabase>>;
  let ledger: LedgerService;
  beforeAll(async () => {
    context = await openTestDatabase();
    await migrateDatabase(context.database);
    ledger = createLedgerService({ db: context.database.db, logger: quietLogger });
  });
  afterAll(async () => {
    await context.dispose();
  });

  async function heldUser(userId: number, amount: string) {
    await ledger.post(context.database.db, {
      idempotencyKey: `resolve-fund:${userId}`,
      reason: 'deposit',
      legs: [
        { account: { system: 'DEPOSIT_CLEARING', currency: 'USD' }, amount: '-1000.00' },
        { account: { userId, walletType: 'SUBSCRIPTION' }, amount: '1000.00' },
      ],
    });
    return ledger.placeHold(context.database.db, {
      idempotencyKey: `resolve-hold:${userId}`,
      userId,
      walletType: 'SUBSCRIPTION',
      amount,
      reason: 'subscription',
    });
  }
  const journals = async () =>
    Number((await context.database.db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM ledger_journals`)).rows[0]?.n);

  it('posts splits and voids in one call, one journal per posted hold; a repeat resolves one by one and moves nothing again', async () => {
    const [a, b, c] = [await heldUser(9101, '300.00'), await heldUser(9102, '100.00'), await heldUser(9103, '50.00')];
    const owner = (userId: number) => ({ userId, walletType: 'SUBSCRIPTION' as const });
    const resolutions: HoldResolution[] = [
      {
        holdId: a.holdId,
        idempotencyKey: 'resolve:a',
        reason: 'subscription',
        counter: [
          { account: { system: 'HOUSE', currency: 'USD', spreadKey: 9101 }, amount: '200.00' },
          { account: { system: 'FEES', currency: 'USD', spreadKey: 9101 }, amount: '0.20' },
          { account: owner(9101), amount: '99.80' },
        ],
        owner: owner(9101),
      },
      {
        holdId: b.holdId,
        idempotencyKey: 'resolve:b',
        reason: 'subscription',
        counter: [
          { account: { system: 'HOUSE', currency: 'USD', spreadKey: 9102 }, amount: '100.00' },
          { account: owner(9102), amount: '0.00' },
        ],
        owner: owner(9102),
      },
      { holdId: c.holdId, idempotencyKey: 'resolve:c', reason: 'subscription', counter: null, owner: owner(9103) },
    ];
    const before = await journals();
    await context.database.db.transaction((tx) => ledger.resolveHolds(tx, resolutions));
    expect(await journals()).toBe(before + 2);
    const wallet = (userId: number) => ledger.wallet(context.database.db, userId, 'SUBSCRIPTION');
    expect(await wallet(9101)).toMatchObject({ balance: '799.80', usedBalance: '0.00' });
    expect(await wallet(9102)).toMatchObject({ balance: '900.00', usedBalance: '0.00' });
    expect(await wallet(9103)).toMatchObject({ balance: '1000.00', usedBalance: '0.00' });
    await context.database.db.transaction((tx) => ledger.resolveHolds(tx, resolutions));
    expect(await journals()).toBe(before + 2);
    expect(await wallet(9101)).toMatchObject({ balance: '799.80', usedBalance: '0.00' });
    expect((await ledger.reconcile()).isBalanced).toBe(true);
  });
});
