import { currencyOfWallet, type WalletType } from '@bolsa/contracts';
import { createLedgerService, type LedgerService } from '../modules/ledger/index.ts';
import { operatorWithRole } from './operators.ts';
import { scriptedQuotes } from './scripted-quotes.ts';
import { operatorToken, registerUser, startTestApp, type TestApp, verifyIdentity, withOperator } from './test-app.ts';

type Wallet = { balance: string; usedBalance: string; availableBalance: string };

/**
 * The app for a new-share scenario (placings, rights issues): scripted quotes with AAPL at 200, the
 * test's clock, two admins for the four-eyes publish, and the calls such a scenario makes. `name`
 * keeps its idempotency keys and identity documents apart from other files' on a shared database.
 */
export async function startOfferingApp(options: { name: string; documentPrefix: string; now: () => Date }) {
  const quotes = scriptedQuotes();
  const testApp: TestApp = await startTestApp({ configOverrides: withOperator, appOptions: { quoteSource: quotes, now: options.now } });
  const ledger: LedgerService = createLedgerService({ db: testApp.database.db, logger: { error: () => undefined, info: () => undefined } });
  const admin = await operatorToken(testApp);
  const second = await operatorWithRole(testApp, 'admin');
  quotes.set('AAPL', '199.99', '200.01', 'open', '200.00');
  let counter = 0;
  let documentCounter = 0;
  const key = () => `${options.name}-key-${Date.now().toString(36)}-${++counter}`;
  const call = <T>(path: string, token: string | undefined, body?: unknown, language = 'en') =>
    testApp.call<T>(path, { ...(token ? { token } : {}), language, ...(body === undefined ? {} : { body }) });
  const op = <T>(path: string, token: string, body?: unknown) =>
    testApp.call<T>(path, { isOperatorApi: true, token, method: 'POST', ...(body === undefined ? {} : { body }) });
  const fund = (userId: string, walletType: WalletType, amount: string) =>
    ledger.post(testApp.database.db, {
      idempotencyKey: `${options.name}-fund:${userId}:${key()}`,
      reason: 'deposit',
      legs: [
        { account: { system: 'DEPOSIT_CLEARING', currency: currencyOfWallet(walletType) }, amount: `-${amount}` },
        { account: { userId: Number(userId), walletType }, amount },
      ],
    });
  return {
    testApp,
    ledger,
    quotes,
    admin,
    second,
    key,
    call,
    op,
    fund,
    wallet: async (token: string, walletType: WalletType) =>
      (await call<Wallet>('/wallet/getWalletBalance', token, { walletType })).body.data,
    /** A new user whose identity an operator has verified, with a document number of its own. */
    async verifiedUser() {
      documentCounter += 1;
      const user = await registerUser(testApp);
      await verifyIdentity(testApp, user, admin, `${options.documentPrefix}${String(documentCounter).padStart(7, '0')}`);
      return user;
    },
  };
}
export type OfferingApp = Awaited<ReturnType<typeof startOfferingApp>>;
