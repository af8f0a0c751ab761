import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInProcessBus } from '../../platform/bus/index.ts';
import { inTransaction, migrateDatabase } from '../../platform/db/index.ts';
import { userEventsTopic } from '../../platform/notifications.ts';
import { openTestDatabase } from '../../test/test-app.ts';
import { createLedgerService, type LedgerService } from './index.ts';

const quietLogger = { error: () => undefined, info: () => undefined };
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('the ledger announces balance changes to their owners after commit', () => {
  const bus = createInProcessBus();
  let ledger: LedgerService;
  let context: Awaited<ReturnType<typeof openTestDatabase>>;
  let nextUser = 5000;
  const newUser = () => {
    nextUser += 1;
    return nextUser;
  };
  const listen = (userId: number) => {
    const heard: unknown[] = [];
    const stop = bus.subscribe(userEventsTopic(userId), (event) => heard.push(event));
    return { heard, stop };
  };
  const deposit = (userId: number, amount: string) => ({
    idempotencyKey: `announce:${userId}:${amount}:${Math.random()}`,
    reason: 'deposit' as const,
    legs: [
      { account: { system: 'DEPOSIT_CLEARING' as const, currency: 'USD' as const }, amount: `-${amount}` },
      { account: { userId, walletType: 'BALANCE' as const }, amount },
    ],
  });

  beforeAll(async () => {
    context = await openTestDatabase();
    await migrateDatabase(context.database);
    ledger = createLedgerService({ db: context.database.db, logger: quietLogger, bus });
  });
  afterAll(async () => {
    await context.dispose();
  });

  it('tells one event per user for all the movements of a transaction, naming every wallet touched', async () => {
    const userId = newUser();
    const other = newUser();
    const owner = listen(userId);
    const bystander = listen(other);
    await inTransaction(context.database.db, async (tx) => {
      await ledger.post(tx, deposit(userId, '50.00'));
      await ledger.post(tx, {
        idempotencyKey: `announce-move:${userId}`,
        reason: 'fx_conversion',
        legs: [
          { account: { userId, walletType: 'BALANCE' }, amount: '-20.00' },
          { account: { userId, walletType: 'STOCK' }, amount: '20.00' },
        ],
      });
      await settle();
      expect(owner.heard).toEqual([]);
    });
    await settle();
    expect(owner.heard).toEqual([{ type: 'balance', data: { walletTypes: ['BALANCE', 'STOCK'] } }]);
    expect(bystander.heard).toEqual([]);
    owner.stop();
    bystander.stop();
  });

  it('tells nothing of a transaction that rolled back', async () => {
    const userId = newUser();
    const owner = listen(userId);
    await expect(
      inTransaction(context.database.db, async (tx) => {
        await ledger.post(tx, deposit(userId, '10.00'));
        throw new Error('the caller changed its mind');
      }),
    ).rejects.toThrow('the caller changed its mind');
    await settle();
    expect(owner.heard).toEqual([]);
    owner.stop();
  });

  it('tells a standalone movement (group commit) once it has committed, and a held withdrawal when its owner is named', async () => {
    const userId = newUser();
    const owner = listen(userId);
    await ledger.post(context.database.db, deposit(userId, '30.00'));
    await settle();
    expect(owner.heard).toEqual([{ type: 'balance', data: { walletTypes: ['BALANCE'] } }]);

    const { holdId } = await ledger.placeHold(context.database.db, {
      idempotencyKey: `announce-hold:${userId}`,
      userId,
      walletType: 'BALANCE',
      amount: '5.00',
      reason: 'withdrawal_hold',
    });
    await ledger.voidHold(context.database.db, {
      holdId,
      idempotencyKey: `announce-void:${userId}`,
      reason: 'withdrawal_released',
      owner: { userId, walletType: 'BALANCE' },
    });
    await settle();
    expect(owner.heard).toHaveLength(3);
    owner.stop();
  });
});
