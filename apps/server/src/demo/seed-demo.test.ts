import {
  type AccountAssets,
  type ArticleSummary,
  type KycState,
  type Locale,
  locales,
  type Message,
  type RightsEntitlement,
  type SupportConversation,
} from '@bolsa/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp, DEMO_ACCOUNT } from '../app.ts';
import { createLedgerService } from '../modules/ledger/index.ts';
import { createMailer } from '../platform/mail/index.ts';
import { scriptedQuotes } from '../test/scripted-quotes.ts';
import { startTestApp, type TestApp, testInstrumentCodes } from '../test/test-app.ts';
import { demoArticles } from './demo-content.ts';
import { demoWatchlistCodes } from './seed-demo-extras.ts';

describe('a demo that lives (issue 15 §8)', () => {
  const quotes = scriptedQuotes();
  let demo: TestApp;
  const now = () => new Date('2026-11-20T15:00:00Z');

  beforeAll(async () => {
    for (const [code, bid, ask] of [
      ['AAPL', '199.99', '200.01'],
      ['MSFT', '399.99', '400.01'],
      ['GGAL', '5000', '5010'],
      ['2330', '1000', '1005'],
      ['EURUSD', '1.16000', '1.16002'],
      ['ESZ6', '6000.00', '6000.25'],
      ['GCG7', '4000.0', '4000.1'],
    ] as const)
      quotes.set(code, bid, ask);
    demo = await startTestApp({
      // The test market plus the demo watchlist's instruments (the test catalog lists only a few).
      configOverrides: { DEMO_DATA: 'true', MARKET_INSTRUMENTS: [...new Set([...testInstrumentCodes, ...demoWatchlistCodes])].join(',') },
      appOptions: { quoteSource: quotes, now },
    });
  });
  afterAll(async () => {
    await demo?.close();
  });

  it('funds the demo account and opens its positions and resting order through the real services, keeping the ledger balanced', async () => {
    const login = await demo.call<{ token: string }>('/loginByUsername', {
      body: { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
    });
    const token = login.body.data.token;
    await vi.waitFor(
      async () => {
        const orders = await demo.call<{ total: number }>('/position/consignList', { token, body: {} });
        expect(orders.body.data.total).toBe(1);
      },
      { timeout: 20_000, interval: 250 },
    );
    const positions = await demo.call<{ list: Array<{ stockCode: string }> }>('/position/me', { token, body: {} });
    expect(positions.body.data.list.map((row) => row.stockCode).sort()).toEqual(['2330', 'AAPL', 'ESZ6', 'EURUSD', 'GGAL', 'MSFT']);
    const { assets } = (await demo.call<{ assets: AccountAssets }>('/userCenter/getWalletBalance', { token })).body.data;
    expect(assets.byAssetClass.filter((row) => Number(row.valueUsd) > 0).map((row) => row.assetClass)).toEqual([
      'cash',
      'stocks',
      'futures',
      'forex',
    ]);
    const ledger = createLedgerService({ db: demo.database.db, logger: { error: () => undefined, info: () => undefined } });
    expect((await ledger.reconcile()).isBalanced).toBe(true);
  });

  /** What the demo account holds beyond money: counted before and after a second start. */
  async function demoHoldings(token: string, userId: number) {
    const inbox = await demo.call<{ total: number; list: Message[] }>('/userMessage/getMessage?pageNum=1&pageSize=50', {
      token,
      method: 'GET',
      language: 'en',
    });
    const articles: Record<string, ArticleSummary[]> = {};
    for (const locale of locales)
      for (const kind of ['news', 'notice'] as const) {
        const page = await demo.call<{ list: ArticleSummary[] }>('/article/pageList', {
          body: { kind, pageNum: 1, pageSize: 50 },
          language: locale,
        });
        articles[`${kind}:${locale}`] = page.body.data.list;
      }
    return {
      watchlist: await demo.app.market.service.watchlistCodes(userId),
      inbox: inbox.body.data.list.map((message) => message.title),
      articles,
      orders: (await demo.call<{ total: number }>('/position/consignList', { token, body: {} })).body.data.total,
      positions: (await demo.call<{ list: unknown[] }>('/position/me', { token, body: {} })).body.data.list.length,
      loans: (await demo.call<{ loans: Array<{ status: string; amount: string }> }>('/assist/getUserLoans', { token, method: 'GET' })).body
        .data.loans,
      worked: (
        await demo.call<{ list: Array<{ code: string; quantity: string }> }>('/twap/pageList', { token, body: {} })
      ).body.data.list.map((order) => `${order.code} ${order.quantity}`),
      funds: (await demo.call<Array<{ kind: string; balance: string }>>('/user_fund_orders/holdings', { token, body: {} })).body.data,
      rights: (await demo.call<RightsEntitlement[]>('/position/rights_issue', { token })).body.data,
      support: (await demo.call<SupportConversation>('/userCenter/apply/service', { token, body: {} })).body.data,
    };
  }

  it('has a watchlist, a verified identity, an inbox and published articles in every locale, and a second start adds nothing', async () => {
    await demo.app.demoSeeding;
    const login = await demo.call<{ token: string }>('/loginByUsername', {
      body: { username: DEMO_ACCOUNT.email, password: DEMO_ACCOUNT.password },
    });
    const token = login.body.data.token;
    const found = await demo.database.db.execute<{ id: string }>(sql`SELECT id::text FROM users WHERE email = ${DEMO_ACCOUNT.email}`);
    const userId = Number(found.rows[0]?.id);

    const first = await demoHoldings(token, userId);
    expect(first.watchlist).toEqual([...demoWatchlistCodes, 'ESZ6']);
    const classes = first.watchlist.map((code) => demo.app.market.catalog.byCode.get(code)?.classify);
    expect(new Set(classes)).toEqual(new Set(['US', 'ARG', 'TW', 'FUTURE']));

    const kyc = await demo.call<KycState>('/kyc/state', { token });
    expect(kyc.body.data.status).toBe('verified');

    // The welcome, a deposit credited, an order filled, the identity verified and the demo loan approved: each once.
    expect([...first.inbox].sort()).toEqual([
      'Deposit credited',
      'Identity verified',
      'Loan approved',
      'Order filled',
      'Rights of AAPL credited',
      'Support answered you',
      'Welcome to Bolsa',
    ]);
    // A short conversation with support in Spanish, the agent's answer read, the chat's safety reminder in it (issue 23).
    expect(first.support.messages.map((message) => [message.author, message.clientKey])).toEqual([
      ['user', 'demo-support-1'],
      ['agent', 'demo-support-2'],
      ['user', 'demo-support-3'],
    ]);
    expect(first.support.messages[1]).toMatchObject({ agentName: expect.any(String) });
    expect(first.support.messages[1]?.text).toMatch(/simulados.*nunca le pedirá dinero/);
    expect(first.support.unread).toBe(0);
    // One loan in use, so the loan screens are alive (issue 21).
    expect(first.loans).toEqual([expect.objectContaining({ status: 'in_use', amount: '1000.00' })]);
    // One order worked over time (issue 19 §3), so the Trade tab's worked orders are alive.
    expect(first.worked).toEqual(['MSFT 10']);
    // A current-fund holding bought from the balance, so the fund screens are alive (issue 20).
    expect(first.funds).toEqual([expect.objectContaining({ kind: 'current', balance: '500.00' })]);
    // Rights from the 10 AAPL held on the record date (one for five), to exercise now, so the rights tab is alive (issue 18).
    expect(first.rights).toEqual([
      expect.objectContaining({ state: 'credited', heldQuantity: '10', rights: 2, offering: expect.objectContaining({ code: 'AAPL' }) }),
    ]);
    const offering = first.rights[0]?.offering;
    expect(offering && offering.openTimestamp <= now().getTime() && now().getTime() < offering.purchaseEndDate).toBe(true);

    for (const locale of locales) {
      for (const article of demoArticles) {
        const written = article.translations[locale as Locale];
        const shown = first.articles[`${article.kind}:${locale}`]?.find((summary) => summary.title === written?.title);
        expect(shown?.language, `${written?.title} in ${locale}`).toBe(locale);
      }
    }
    // News tagged with AAPL's code, which its quote page lists (issue 17 §2).
    const tagged = await demo.call<{ list: ArticleSummary[] }>('/article/pageList', {
      body: { kind: 'news', tag: 'aapl' },
      language: 'es',
    });
    expect(tagged.body.data.list.map((article) => article.title)).toEqual(['AAPL en el mercado simulado']);
    // Honest by design: the texts say the market is simulated and promise nothing.
    expect(demoArticles.every((article) => /simulat/i.test(article.translations.en?.body ?? ''))).toBe(true);
    expect(JSON.stringify(demoArticles.map((article) => article.translations.en))).not.toMatch(
      /guaranteed (return|profit)|risk-free|you will (earn|gain)/i,
    );

    // A second start on the same database: the seeding runs again and adds nothing.
    const mailer = createMailer({ smtpUrl: undefined, from: demo.config.mailFrom, logger: { info: () => undefined } });
    const second = await buildApp(demo.config, {
      database: demo.database,
      mailer,
      shouldStartJobs: false,
      shouldStartMarketFeed: false,
      shouldStartTradingEngine: false,
      quoteSource: quotes,
      now,
    });
    await second.ready();
    await second.demoSeeding;
    await second.close();
    expect(await demoHoldings(token, userId)).toEqual(first);
    // One referral reward held for review, so the console's queue shows what an operator decides (issue 23).
    const held = await demo.database.db.execute<{ n: string }>(
      sql`SELECT count(*)::text AS n FROM referral_rewards WHERE state = 'held' AND referrer_user_id = ${userId}`,
    );
    expect(held.rows[0]?.n).toBe('1');
  });
});
