import { currencyOfWallet, leverageQuestions, type QuoteTick, type WalletType } from '@bolsa/contracts';
import { sql } from 'drizzle-orm';
import type { LedgerService } from '../modules/ledger/index.ts';
import type { TradingService } from '../modules/trading/index.ts';
import type { Database } from '../platform/db/index.ts';
import { type DemoExtrasDependencies, seedDemoExtras } from './seed-demo-extras.ts';

type CreateOrderInput = Parameters<TradingService['create']>[2];

/** What the demo account's wallets are funded with on first start (README, "The demo account"). */
export const demoFunding: ReadonlyArray<[WalletType, string]> = [
  ['BALANCE', '5000'],
  ['STOCK', '25000'],
  ['AR', '5000000'],
  ['TW', '2000000'],
  ['FUTURE', '50000'],
  ['FOREX', '5000'],
  // What the demo's IPO applications are paid from (issue 18).
  ['SUBSCRIPTION', '10000'],
];

type DemoOrder = { kind: 'stock' | 'twStock' | 'gold' | 'forex'; code: string; quantity: string; leverage?: number; limitShare?: string };

/** Holdings in US, Argentine and Taiwan stocks, a forex position, a futures position, and a resting limit order. */
const demoOrders: DemoOrder[] = [
  { kind: 'stock', code: 'AAPL', quantity: '10' },
  { kind: 'stock', code: 'MSFT', quantity: '5' },
  { kind: 'stock', code: 'GGAL', quantity: '200' },
  { kind: 'twStock', code: '2330', quantity: '1000' },
  { kind: 'forex', code: 'EURUSD', quantity: '10000', leverage: 20 },
  // A limit well under the price: it rests in the order list until cancelled.
  { kind: 'stock', code: 'AAPL', quantity: '5', limitShare: '0.8' },
];

type Dependencies = {
  db: Database;
  ledger: LedgerService;
  trading: TradingService;
  quotes: { latest(code: string): QuoteTick | undefined };
  /** The front futures contract to hold, if the catalog lists one. */
  futuresCode: string | undefined;
  email: string;
  /** Aborted when the server closes: seeding stops where it is (it resumes on the next start). */
  signal: AbortSignal;
  logger: { info(object: object, message: string): void; warn(object: object, message: string): void };
  /** The watchlist, identity, messages and articles (seed-demo-extras.ts), seeded once the orders are placed. */
  extras: Omit<DemoExtrasDependencies, 'db' | 'userId' | 'futuresCode' | 'filledOrder'>;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Makes the demo account live (issue 15 §8): its wallets funded by deposits through the ledger, and its
 * positions and resting order placed through the trading service as any user's, so the ledger balances.
 * Every movement and order has a fixed idempotency key, so a restart changes nothing. Orders wait for a quote
 * (up to a minute after start); one refused (a market shut, no quote) is logged and left out.
 */
export async function seedDemo(dependencies: Dependencies): Promise<void> {
  const { db, ledger, trading, quotes, logger } = dependencies;
  const found = await db.execute<{ id: string }>(sql`SELECT id::text FROM users WHERE email = ${dependencies.email}`);
  const userId = found.rows[0]?.id;
  if (!userId) return;
  for (const [walletType, amount] of demoFunding) {
    await ledger.post(db, {
      idempotencyKey: `demo:fund:${walletType}`,
      reason: 'deposit',
      legs: [
        { account: { system: 'DEPOSIT_CLEARING', currency: currencyOfWallet(walletType) }, amount: `-${amount}` },
        { account: { userId: Number(userId), walletType }, amount },
      ],
    });
  }
  const orders = dependencies.futuresCode
    ? [...demoOrders, { kind: 'gold' as const, code: dependencies.futuresCode, quantity: '1', leverage: 10 }]
    : demoOrders;
  const principal = { userId, sessionId: 'demo-seed' };
  let filledOrder: DemoExtrasDependencies['filledOrder'];
  // The demo's leveraged positions need the leverage check answered, as any user's do (issue 15 §11).
  const { loss, effect, stopOut } = leverageQuestions;
  await trading.acknowledgeLeverage(principal, {
    answers: { loss: loss.correct, effect: effect.correct, stopOut: stopOut.correct },
    acceptsRisk: true,
  });
  for (const order of orders) {
    for (let waited = 0; !quotes.latest(order.code) && waited < 60_000 && !dependencies.signal.aborted; waited += 250) await sleep(250);
    if (dependencies.signal.aborted) return;
    const tick = quotes.latest(order.code);
    const input: CreateOrderInput = {
      code: order.code,
      direction: 0,
      type: order.limitShare ? 1 : 0,
      quantity: order.quantity,
      leverage: order.leverage ?? 1,
      timeInForce: order.limitShare ? 'gtc' : 'day',
      idempotencyKey: `demo-order-${order.code}-${order.limitShare ? 'limit' : 'open'}`,
      ...(order.limitShare && tick ? { price: (Number(tick.price) * Number(order.limitShare)).toFixed(2) } : {}),
    };
    try {
      const placed = await trading.create(principal, order.kind, input);
      if (!filledOrder && placed.fillPrice) filledOrder = { code: order.code, quantity: order.quantity, fillPrice: placed.fillPrice };
    } catch (error) {
      logger.warn({ err: error, code: order.code }, 'demo: an order of the demo account was not placed');
    }
  }
  await seedDemoExtras({ ...dependencies.extras, db, userId: Number(userId), futuresCode: dependencies.futuresCode, filledOrder });
  logger.info({ orders: orders.length }, 'demo: the demo account is funded, holds its positions and has its watchlist and inbox');
}

/**
 * Seeds the demo account in the background once the server has started (orders wait for quotes), and stops
 * when the server closes. The futures position is in the front contract still trading. The promise it returns
 * settles when seeding is over (it never rejects: a failure is logged); the server does not wait for it.
 */
export function startDemoSeeding(
  app: {
    addHook(name: 'onClose', hook: () => Promise<void>): unknown;
    log: Dependencies['logger'] & { error(object: object, message: string): void };
  },
  dependencies: Omit<Dependencies, 'signal' | 'futuresCode' | 'logger'> & {
    catalog: { instruments: ReadonlyArray<{ code: string; classify: string; lastTradeDate: string | null }> };
    now: () => Date;
  },
) {
  const controller = new AbortController();
  app.addHook('onClose', async () => controller.abort());
  const today = dependencies.now().toISOString().slice(0, 10);
  const futures = dependencies.catalog.instruments.find(
    (instrument) => instrument.classify === 'FUTURE' && (instrument.lastTradeDate ?? '') > today,
  );
  return seedDemo({ ...dependencies, futuresCode: futures?.code, signal: controller.signal, logger: app.log }).catch((error: unknown) =>
    app.log.error({ err: error }, 'demo: seeding failed'),
  );
}

/**
 * The demo's receiving bank accounts (issue 15 §4): one per currency the demo uses, marked as demo (the
 * deposit page says so), so the bank-deposit page shows where a transfer would go. Money sent there goes
 * nowhere: the numbers are made up (the CBU has valid check digits). Added once; operators edit them after.
 */
export const demoReceivingAccounts = [
  {
    currency: 'USD' as const,
    beneficiary: 'Bolsa Demo LLC (DEMO)',
    bankName: 'Demo Bank N.A. (DEMO)',
    accountNumber: '000123456789',
    swift: 'DEMOUS33',
  },
  {
    currency: 'ARS' as const,
    beneficiary: 'Bolsa Demo S.A. (DEMO)',
    bankName: 'Banco Demo (DEMO)',
    cbu: '0720001400000123456784',
    alias: 'BOLSA.DEMO.ARS',
  },
  {
    currency: 'TWD' as const,
    beneficiary: 'Bolsa Demo Taiwan Ltd. (DEMO)',
    bankName: 'Demo Bank Taiwan (DEMO)',
    accountNumber: '0001234567890',
    swift: 'DEMOTWTP',
  },
];

export async function seedDemoReceivingAccounts(
  db: Database,
  receivingAccounts: { seedDemo(executor: Database, accounts: typeof demoReceivingAccounts): Promise<void> },
) {
  await receivingAccounts.seedDemo(db, demoReceivingAccounts);
}
