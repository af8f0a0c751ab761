import { currencyOfWallet, type WalletType } from '@bolsa/contracts';
import { createLedgerService, type LedgerService } from '../modules/ledger/index.ts';
import { createReplaySource } from '../modules/market/index.ts';
import { startTestApp, type TestApp } from './test-app.ts';

/**
 * The app on the real market calendar, its feed replaying a tape of trades, its clock the test's:
 * each `advanceTo` moves the clock, runs one round of the feed and waits for the trading engine.
 */
export async function startReplayApp(options: { tape: string; instruments: string; startAt: string }) {
  let clock = Date.parse(options.startAt);
  const testApp: TestApp = await startTestApp({
    configOverrides: { MARKET_CLOCK: 'real', MARKET_INSTRUMENTS: options.instruments, MARKET_TICK_MS: '60000' },
    shouldStartMarketFeed: true,
    appOptions: { marketSource: createReplaySource(options.tape), marketNow: () => clock, now: () => new Date(clock) },
  });
  await testApp.app.market.feed.ready();
  const ledger: LedgerService = createLedgerService({ db: testApp.database.db, logger: { error: () => undefined, info: () => undefined } });
  return {
    testApp,
    ledger,
    async advanceTo(iso: string) {
      clock = Date.parse(iso);
      await testApp.app.market.feed.runRound();
      await testApp.app.trading.engine.idle();
    },
    /** Money into a user's wallet, as a deposit from outside. */
    async deposit(userId: string, walletType: WalletType, amount: string, idempotencyKey: string) {
      await ledger.post(testApp.database.db, {
        idempotencyKey,
        reason: 'deposit',
        legs: [
          { account: { system: 'DEPOSIT_CLEARING', currency: currencyOfWallet(walletType) }, amount: `-${amount}` },
          { account: { userId: Number(userId), walletType }, amount },
        ],
      });
    },
  };
}
