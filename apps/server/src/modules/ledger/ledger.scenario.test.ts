import { MISSING_ACCOUNT_CURRENCY } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseErrorCode, migrateDatabase } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/index.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { createLedgerService, type LedgerService } from './index.ts';

const quietLogger = { error: () => undefined, info: () => undefined };

/** Resolves to the SQLSTATE the promise was rejected with (the ledger functions raise BLxxx codes). */
async function errorCodeOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    return databaseErrorCode(error);
  }
  return 'no error';
}

describe('the ledger: a deposit, a transfer, a withdrawal hold', () => {
  let ledger: LedgerService;
  let context: Awaited<ReturnType<typeof openTestDatabase>>;
  let nextUser = 1000;
  const newUser = () => {
    nextUser += 1;
    return nextUser;
  };
  const deposit = (userId: number, amount: string, key = `deposit:${userId}:${amount}:${Math.random()}`) =>
    ledger.post(context.database.db, {
      idempotencyKey: key,
      reason: 'deposit',
      legs: [
        { account: { system: 'DEPOSIT_CLEARING', currency: 'USD' }, amount: `-${amount}` },
        { account: { userId, walletType: 'BALANCE' }, amount },
      ],
    });

  beforeAll(async () => {
    context = await openTestDatabase();
    await migrateDatabase(context.database);
    ledger = createLedgerService({ db: context.database.db, logger: quietLogger });
  });
  afterAll(async () => {
    await context.dispose();
  });

  it('credits a deposit against the clearing account, and the whole ledger still sums to zero', async () => {
    const userId = newUser();
    await deposit(userId, '100.50');
    const wallet = await ledger.wallet(context.database.db, userId, 'BALANCE');
    expect(wallet).toEqual({ walletType: 'BALANCE', currency: 'USD', balance: '100.50', usedBalance: '0.00', availableBalance: '100.50' });
    const report = await ledger.reconcile();
    expect(report.isBalanced).toBe(true);
    expect(report.currencyTotals).toEqual([{ currency: 'USD', total: '0.00' }]);
  });

  it('answers a repeat of the same key with the first journal and moves nothing; another movement under that key is refused', async () => {
    const userId = newUser();
    const first = await deposit(userId, '40.00', `deposit-once-${userId}`);
    const again = await deposit(userId, '40.00', `deposit-once-${userId}`);
    expect(again).toEqual({ journalId: first.journalId, isReplay: true });
    expect((await ledger.wallet(context.database.db, userId, 'BALANCE')).balance).toBe('40.00');
    await expect(deposit(userId, '41.00', `deposit-once-${userId}`)).rejects.toMatchObject({ result: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('refuses to spend more than is available and changes nothing', async () => {
    const userId = newUser();
    await deposit(userId, '10.00');
    const before = await ledger.reconcile();
    const attempt = ledger.post(context.database.db, {
      idempotencyKey: `overdraw-${userId}`,
      reason: 'transfer',
      legs: [
        { account: { userId, walletType: 'BALANCE' }, amount: '-10.01', requireFunds: true },
        { account: { userId, walletType: 'STOCK' }, amount: '10.01' },
      ],
    });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ result: 'INSUFFICIENT_FUNDS' });
    expect((await ledger.wallet(context.database.db, userId, 'BALANCE')).balance).toBe('10.00');
    expect((await ledger.reconcile()).entriesChecked).toBe(before.entriesChecked);
  });

  it('refuses an unbalanced journal, a journal with more than two decimals, and one with a single leg', async () => {
    const userId = newUser();
    const unbalanced = ledger.post(context.database.db, {
      idempotencyKey: `unbalanced-${userId}`,
      reason: 'adjustment',
      legs: [
        { account: { system: 'HOUSE', currency: 'USD' }, amount: '-5.00' },
        { account: { userId, walletType: 'BALANCE' }, amount: '5.01' },
      ],
    });
    expect(await errorCodeOf(unbalanced)).toBe('BL003');
    const crossCurrency = ledger.post(context.database.db, {
      idempotencyKey: `cross-${userId}`,
      reason: 'adjustment',
      legs: [
        { account: { system: 'HOUSE', currency: 'USD' }, amount: '-5.00' },
        { account: { userId, walletType: 'TW' }, amount: '5.00' },
      ],
    });
    expect(await errorCodeOf(crossCurrency)).toBe('BL003');
    const fractionalCent = ledger.post(context.database.db, {
      idempotencyKey: `fraction-${userId}`,
      reason: 'adjustment',
      legs: [
        { account: { system: 'HOUSE', currency: 'USD' }, amount: '-5.005' },
        { account: { userId, walletType: 'BALANCE' }, amount: '5.005' },
      ],
    });
    // The service rounds half-even to cents on both legs, so the journal stays balanced.
    await fractionalCent;
    expect((await ledger.wallet(context.database.db, userId, 'BALANCE')).balance).toBe('5.00');
    const singleLeg = ledger.post(context.database.db, {
      idempotencyKey: `single-${userId}`,
      reason: 'adjustment',
      legs: [{ account: { userId, walletType: 'BALANCE' }, amount: '0.00' }],
    });
    expect(await errorCodeOf(singleLeg)).toBe('BL003');
    expect((await ledger.reconcile()).isBalanced).toBe(true);
  });

  it('holds money in two phases: available drops at once, balance when posted, and a void releases it', async () => {
    const userId = newUser();
    await deposit(userId, '100.00');
    const { holdId } = await ledger.placeHold(context.database.db, {
      idempotencyKey: `hold-a-${userId}`,
      userId,
      walletType: 'BALANCE',
      amount: '30.00',
      reason: 'withdrawal_hold',
    });
    expect(await ledger.wallet(context.database.db, userId, 'BALANCE')).toMatchObject({
      balance: '100.00',
      usedBalance: '30.00',
      availableBalance: '70.00',
    });
    await expect(
      ledger.placeHold(context.database.db, {
        idempotencyKey: `hold-b-${userId}`,
        userId,
        walletType: 'BALANCE',
        amount: '70.01',
        reason: 'withdrawal_hold',
      }),
    ).rejects.toMatchObject({ result: 'INSUFFICIENT_FUNDS' });

    await ledger.postHold(context.database.db, {
      holdId,
      idempotencyKey: `hold-a-${userId}:paid`,
      reason: 'withdrawal_paid',
      counter: { system: 'WITHDRAWAL_CLEARING', currency: 'USD' },
    });
    expect(await ledger.wallet(context.database.db, userId, 'BALANCE')).toMatchObject({
      balance: '70.00',
      usedBalance: '0.00',
      availableBalance: '70.00',
    });

    const second = await ledger.placeHold(context.database.db, {
      idempotencyKey: `hold-c-${userId}`,
      userId,
      walletType: 'BALANCE',
      amount: '70.00',
      reason: 'withdrawal_hold',
    });
    await ledger.voidHold(context.database.db, {
      holdId: second.holdId,
      idempotencyKey: `hold-c-${userId}:void`,
      reason: 'withdrawal_released',
    });
    expect(await ledger.wallet(context.database.db, userId, 'BALANCE')).toMatchObject({
      balance: '70.00',
      usedBalance: '0.00',
      availableBalance: '70.00',
    });

    // A hold is resolved once: repeating the same resolution is a replay, the opposite one is refused.
    const replay = await ledger.voidHold(context.database.db, {
      holdId: second.holdId,
      idempotencyKey: `hold-c-${userId}:void`,
      reason: 'withdrawal_released',
    });
    expect(replay.isReplay).toBe(true);
    const postAfterVoid = ledger.postHold(context.database.db, {
      holdId: second.holdId,
      idempotencyKey: `hold-c-${userId}:paid`,
      reason: 'withdrawal_paid',
      counter: { system: 'WITHDRAWAL_CLEARING', currency: 'USD' },
    });
    expect(await errorCodeOf(postAfterVoid)).toBe('BL004');
    expect((await ledger.reconcile()).isBalanced).toBe(true);
  });

  it('posts a hold to several counter accounts in one journal only when their amounts add up to the hold', async () => {
    const userId = newUser();
    await deposit(userId, '100.00');
    const { holdId } = await ledger.placeHold(context.database.db, {
      idempotencyKey: `hold-split-${userId}`,
      userId,
      walletType: 'BALANCE',
      amount: '30.00',
      reason: 'trade_margin',
    });
    const balanceOf = async (system: 'HOUSE' | 'FEES') =>
      (
        await context.database.db.execute<{ total: string }>(
          sql`SELECT coalesce(sum(balance), 0)::text AS total FROM ledger_accounts WHERE system_code = ${system} AND currency = 'USD'`,
        )
      ).rows[0]?.total;
    const [houseBefore, feesBefore] = [await balanceOf('HOUSE'), await balanceOf('FEES')];
    const postSplit = (house: string, fees: string) => {
      const counters = [
        { ...ledger.sqlAccount({ system: 'HOUSE', currency: 'USD', spreadKey: userId }), amount: house },
        { ...ledger.sqlAccount({ system: 'FEES', currency: 'USD', spreadKey: userId }), amount: fees },
      ];
      return context.database.db.execute(
        sql`SELECT * FROM ledger_resolve_hold(${holdId}, 'posted', ${`hold-split-${userId}:fill`}, 'trade_margin', NULL, ${JSON.stringify(counters)}::jsonb)`,
      );
    };
    expect(await errorCodeOf(postSplit('29.00', '0.99'))).toBe('BL003');
    expect(await ledger.wallet(context.database.db, userId, 'BALANCE')).toMatchObject({ balance: '100.00', usedBalance: '30.00' });
    await postSplit('29.00', '1.00');
    expect(await ledger.wallet(context.database.db, userId, 'BALANCE')).toMatchObject({
      balance: '70.00',
      usedBalance: '0.00',
      availableBalance: '70.00',
    });
    expect(new Decimal(String(await balanceOf('HOUSE'))).minus(String(houseBefore)).toFixed(2)).toBe('29.00');
    expect(new Decimal(String(await balanceOf('FEES'))).minus(String(feesBefore)).toFixed(2)).toBe('1.00');
    expect((await ledger.reconcile()).isBalanced).toBe(true);
  });

  it('keeps entries immutable: an update or delete is refused by the database', async () => {
    const userId = newUser();
    await deposit(userId, '5.00');
    expect(await errorCodeOf(context.database.db.execute(sql`UPDATE ledger_entries SET amount = amount + 1`))).toBe('BL006');
    expect(await errorCodeOf(context.database.db.execute(sql`DELETE FROM ledger_journals`))).toBe('BL006');
    expect(await errorCodeOf(context.database.db.execute(sql`UPDATE ledger_holds SET amount = 1`))).toBe('BL006');
    // An account is permanent: its entries have no foreign key to keep it (ADR 0012).
    expect(await errorCodeOf(context.database.db.execute(sql`DELETE FROM ledger_accounts WHERE user_id = ${userId}`))).toBe('BL006');
  });

  it('reports an entry whose account or journal is missing as an unbalanced journal', async () => {
    const userId = newUser();
    const { journalId } = await deposit(userId, '4.00');
    const rolledBack = new Error('rolled back');
    const report = await context.database.db
      .transaction(async (tx) => {
        const accounts = await tx.execute<{ id: string }>(
          sql`SELECT id FROM ledger_accounts WHERE owner_kind = 'user' AND user_id = ${userId} AND wallet_type = 'BALANCE'`,
        );
        const accountId = Number(accounts.rows[0]?.id);
        // A cent on an account that does not exist, and a journal that does not exist moving a real account back and forth.
        await tx.execute(sql`INSERT INTO ledger_entries (journal_id, account_id, amount, balance_after) VALUES
          (${journalId}, -1, 0.01, 0.01), (-7, ${accountId}, 1.00, 5.00), (-7, ${accountId}, -1.00, 4.00)`);
        const inside = await ledger.reconcile(tx);
        throw Object.assign(rolledBack, { inside });
      })
      .catch((error: unknown) => {
        if (error !== rolledBack) throw error;
        return (error as Error & { inside: Awaited<ReturnType<LedgerService['reconcile']>> }).inside;
      });
    expect(report.isBalanced).toBe(false);
    expect(report.balanceMismatches).toEqual([]);
    expect(report.unbalancedJournals).toEqual(
      expect.arrayContaining([
        { journalId, currency: MISSING_ACCOUNT_CURRENCY, total: '0.01' },
        { journalId: -7, currency: 'USD', total: '0.00' },
      ]),
    );
    expect((await ledger.reconcile()).isBalanced).toBe(true);
  });

  it('reports loudly when a stored balance no longer equals the sum of its entries', async () => {
    const userId = newUser();
    await deposit(userId, '12.00');
    await context.database.db.execute(
      sql`UPDATE ledger_accounts SET balance = balance + 1 WHERE owner_kind = 'user' AND user_id = ${userId} AND wallet_type = 'BALANCE'`,
    );
    const errors: object[] = [];
    const watched = createLedgerService({
      db: context.database.db,
      logger: { error: (object) => errors.push(object), info: () => undefined },
    });
    const report = await watched.reconcile();
    expect(report.isBalanced).toBe(false);
    expect(report.balanceMismatches).toEqual([expect.objectContaining({ stored: '13.00', entries: '12.00' })]);
    expect(report.currencyTotals).toEqual([{ currency: 'USD', total: '1.00' }]);
    await watched.reconciliationJob.run(context.database.db);
    expect(errors).toHaveLength(1);
    // The scheduled run is kept for the console, newest first, with the difference it found.
    const [latest] = await watched.recentReconciliations(1);
    expect(latest).toMatchObject({ isBalanced: false, currencyTotals: [{ currency: 'USD', total: '1.00' }] });
    await context.database.db.execute(
      sql`UPDATE ledger_accounts SET balance = balance - 1 WHERE owner_kind = 'user' AND user_id = ${userId} AND wallet_type = 'BALANCE'`,
    );
  });
});
