import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDatabase } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/index.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { createLedgerService, type LedgerService } from '../ledger/index.ts';
import { createReferenceFxRates } from './fx-rates.ts';
import { createWalletService, type WalletService } from './wallet.service.ts';

/**
 * Same-currency transfers of different users asked at the same moment are written together (ADR 0009):
 * their rows and journals in one statement. Each still gets its own answer: a refused one fails alone,
 * a retried key answers the first transfer, and every transfer row has exactly one journal.
 */
describe('same-currency transfers asked at once', () => {
  let context: Awaited<ReturnType<typeof openTestDatabase>>;
  let ledger: LedgerService;
  let wallet: WalletService;
  const principal = (userId: number) => ({ userId: String(userId), sessionId: 'test' });
  const transfer = (userId: number, amount: string, idempotencyKey: string) =>
    wallet.transfer(principal(userId), { fromWalletType: 'BALANCE', toWalletType: 'STOCK', amount, idempotencyKey });

  beforeAll(async () => {
    context = await openTestDatabase();
    await migrateDatabase(context.database);
    ledger = createLedgerService({ db: context.database.db, logger: { error: () => undefined, info: () => undefined } });
    wallet = createWalletService({ db: context.database.db, ledger, fx: createReferenceFxRates({ isAlwaysOpen: true }) });
    for (const userId of [8001, 8002, 8003]) {
      await ledger.post(context.database.db, {
        idempotencyKey: `wallet-group:${userId}:deposit`,
        reason: 'deposit',
        legs: [
          { account: { system: 'DEPOSIT_CLEARING', currency: 'USD' }, amount: '-100.00' },
          { account: { userId, walletType: 'BALANCE' }, amount: '100.00' },
        ],
      });
      // The STOCK wallet exists from here on: a group meeting a wallet never used is sent one by one.
      await transfer(userId, '1.00', `wallet-group:${userId}:first`);
    }
  });
  afterAll(async () => {
    await context.dispose();
  });

  it('writes a group with nothing refused in one statement, and a retry answers the first transfer', async () => {
    const before = wallet.transferGroupStats();
    const done = await Promise.all([transfer(8001, '10.00', 'g1:a'), transfer(8002, '20.00', 'g1:b'), transfer(8003, '30.00', 'g1:c')]);
    const after = wallet.transferGroupStats();
    expect(after.groups - before.groups).toBe(1);
    expect(after.fallbacks - before.fallbacks).toBe(0);
    expect(done.map((view) => [view.status, view.fromAmount, view.toAmount])).toEqual([
      ['completed', '10.00', '10.00'],
      ['completed', '20.00', '20.00'],
      ['completed', '30.00', '30.00'],
    ]);
    expect(new Set(done.map((view) => view.transferId)).size).toBe(3);
    // Retried together (a client that lost the answers): the same transfers, nothing moved again.
    const retried = await Promise.all([transfer(8001, '10.00', 'g1:a'), transfer(8002, '20.00', 'g1:b'), transfer(8003, '30.00', 'g1:c')]);
    expect(retried).toEqual(done);
    expect((await ledger.wallet(context.database.db, 8003, 'BALANCE')).balance).toBe('69.00');
    expect((await ledger.wallet(context.database.db, 8003, 'STOCK')).balance).toBe('31.00');
    const journals = await context.database.db.execute<{ transfers: number; journals: number }>(sql`
      SELECT count(*)::int AS transfers, count(j.id)::int AS journals FROM wallet_transfers t
      LEFT JOIN ledger_journals j ON j.idempotency_key = 'transfer:' || t.id WHERE t.idempotency_key LIKE 'g1:%'`);
    expect(journals.rows[0]).toEqual({ transfers: 3, journals: 3 });
    expect((await ledger.reconcile()).isBalanced).toBe(true);
  });

  it('refuses only the transfer the balance does not cover, leaving no row for it', async () => {
    const outcomes = await Promise.allSettled([
      transfer(8001, '5.00', 'g2:a'),
      transfer(8002, '500.00', 'g2:b'),
      transfer(8003, '5.00', 'g2:c'),
      transfer(8001, '5.00', 'g2:a'),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const refusal = (outcomes[1] as PromiseRejectedResult).reason;
    expect(refusal instanceof AppError && refusal.result).toBe('INSUFFICIENT_FUNDS');
    expect((outcomes[3] as PromiseFulfilledResult<unknown>).value).toEqual((outcomes[0] as PromiseFulfilledResult<unknown>).value);
    const rows = await context.database.db.execute<{ idempotency_key: string }>(
      sql`SELECT idempotency_key FROM wallet_transfers WHERE idempotency_key LIKE 'g2:%' ORDER BY idempotency_key`,
    );
    expect(rows.rows.map((row) => row.idempotency_key)).toEqual(['g2:a', 'g2:c']);
    expect((await ledger.wallet(context.database.db, 8001, 'BALANCE')).balance).toBe('84.00');
    expect((await ledger.wallet(context.database.db, 8002, 'BALANCE')).balance).toBe('79.00');
    expect((await ledger.reconcile()).isBalanced).toBe(true);
  });
});
