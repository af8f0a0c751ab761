import type { MessageTemplate, Order } from '@bolsa/contracts';
import type { ContentOperations } from '../modules/content/index.ts';
import type { FundsService } from '../modules/funds/index.ts';
import type { KycReview, KycService } from '../modules/kyc/index.ts';
import type { LoansOperations, LoansService } from '../modules/loans/index.ts';
import type { MessagesService } from '../modules/messages/index.ts';
import type { SupportOperations, SupportService } from '../modules/support/index.ts';
import type { TwapService } from '../modules/twap/index.ts';
import type { UploadsService } from '../modules/uploads/index.ts';
import type { Database } from '../platform/db/index.ts';
import { AppError, type OperatorPrincipal } from '../platform/http/index.ts';
import { demoArticles, demoArticleTags } from './demo-content.ts';

type WatchlistInstrument = { code: string; name: string; market: string; source: string; classify: string };

/** What the rest of the demo account is seeded through: each module's public surface, never its tables. */
export type DemoExtrasDependencies = {
  db: Database;
  userId: number;
  /** The operator who verifies the demo identity and publishes the demo articles (the demo's, or ADMIN_EMAIL's). */
  operator: { operatorId: number; role: string } | undefined;
  market: {
    watchlistCodes(userId: number): Promise<string[]>;
    saveToWatchlist(
      userId: number,
      input: { assettype: string; securityName: string; secuCode: string; market: string; classify: string },
    ): Promise<{ id: string }>;
  };
  instrumentOf(code: string): WatchlistInstrument | undefined;
  futuresCode: string | undefined;
  kyc: { service: KycService; review: KycReview };
  uploads: UploadsService;
  messages: MessagesService;
  content: ContentOperations;
  /** The demo's loan in use: applied for as a user would, approved by the operator through the review. */
  loans: { service: LoansService; operations: LoansOperations };
  /** The demo's order worked over time (issue 19 §3), placed as the user would. */
  twap: Pick<TwapService, 'create'>;
  /** The demo's holding of the current fund, bought as a user would (issue 20). */
  funds: FundsService;
  /** The demo's short conversation with support (issue 23 §1), written as the user and the agent would. */
  support: { service: SupportService; operations: SupportOperations };
  /** The demo's rights issue on a stock it holds (issue 18 §4), recorded once the positions are open. */
  rightsIssue: () => Promise<void>;
  /** The demo's filled buy of AAPL, for the "order filled" message (absent when it was not placed). */
  filledOrder: (Pick<Order, 'quantity' | 'fillPrice'> & { code: string }) | undefined;
};

/** US, Argentine and Taiwan instruments on the demo watchlist; the futures contract is added after them. */
export const demoWatchlistCodes = ['NVDA', 'TSLA', 'GGAL', 'YPFD', '2330', '2317'];

/** The demo identity document: a 1×1 PNG (no real person's document is stored anywhere). */
const demoDocument = Buffer.from(
  '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000a494441547801630001000005000136d088dd0000000049454e44ae426082',
  'hex',
);

const auditMeta = { ipAddress: '127.0.0.1' };

async function seedWatchlist(dependencies: DemoExtrasDependencies) {
  const { market, userId } = dependencies;
  const present = new Set(await market.watchlistCodes(userId));
  const codes = [...demoWatchlistCodes, ...(dependencies.futuresCode ? [dependencies.futuresCode] : [])];
  // Each instrument added goes to the top of the list: added last to first, the list reads in this order.
  for (const code of [...codes].reverse()) {
    const instrument = dependencies.instrumentOf(code);
    if (!instrument || present.has(code)) continue;
    await market.saveToWatchlist(userId, {
      assettype: instrument.source,
      securityName: instrument.name,
      secuCode: instrument.code,
      market: instrument.market,
      classify: instrument.classify,
    });
  }
}

/** Submits the demo identity as the user would, then the operator verifies it through the audited review. */
async function seedIdentity(dependencies: DemoExtrasDependencies, operator: OperatorPrincipal) {
  const { kyc, userId } = dependencies;
  if (await kyc.service.isVerified(userId)) return;
  const principal = { userId: String(userId), sessionId: 'demo-seed' };
  if ((await kyc.service.stateOfUser(userId)).status !== 'pending') {
    const { url } = await dependencies.uploads.store(userId, demoDocument);
    await kyc.service.submit(principal, {
      documentType: 'passport',
      countryCode: 'AR',
      firstName: 'Demo',
      lastName: 'Bolsa',
      idNumber: 'DEMO00001',
      frontImageUrl: url,
    });
  }
  const queue = await kyc.review.queue(operator, { status: 'pending', pageNum: 1, pageSize: 100 });
  const submission = queue.list.find((row) => row.userId === String(userId));
  if (submission) await kyc.review.approve(operator, auditMeta, Number(submission.id));
}

/** Adds the demo's tags and publishes its articles and notice once; one found by its Spanish title is only published if it is not. */
async function seedArticles(content: ContentOperations, operator: OperatorPrincipal) {
  const tags = await content.articleTags(operator);
  for (const tag of demoArticleTags) {
    if (!tags.some((known) => known.code === tag.code)) await content.createArticleTag(operator, auditMeta, tag);
  }
  const existing = await content.articles(operator, { pageNum: 1, pageSize: 100 });
  for (const article of demoArticles) {
    const title = article.translations.es?.title;
    const found = existing.list.find((row) => row.translations.es?.title === title);
    const id = found ? Number(found.id) : Number((await content.createArticle(operator, auditMeta, article)).id);
    if (!found?.isPublished) await content.setArticlePublished(operator, auditMeta, id, true);
  }
}

/** The welcome, a deposit credited and an order filled, written together once (the welcome marks them sent). */
async function seedMessages(dependencies: DemoExtrasDependencies) {
  const { messages, userId, filledOrder } = dependencies;
  if (await messages.hasTemplate(userId, 'welcome')) return;
  const notices: Array<{ userId: number; template: MessageTemplate; values: Record<string, string> }> = [
    { userId, template: 'welcome', values: {} },
    { userId, template: 'depositCredited', values: { amount: '25000', currency: 'USD' } },
  ];
  if (filledOrder?.fillPrice)
    notices.push({
      userId,
      template: 'orderFilled',
      values: { quantity: filledOrder.quantity, code: filledOrder.code, price: filledOrder.fillPrice },
    });
  await messages.notifyMany(dependencies.db, notices);
}

/** The demo loan: 1000 USD for 30 days on the product's published terms, applied for once and approved through the review. */
export const demoLoan = { amount: '1000', periodDays: 30, idempotencyKey: 'demo-loan-1' } as const;

async function seedLoan(dependencies: DemoExtrasDependencies, operator: OperatorPrincipal) {
  const { service, operations } = dependencies.loans;
  const principal = { userId: String(dependencies.userId), sessionId: 'demo-seed' };
  const product = (await service.rates(principal, {})).products.find((row) => row.periodDays === demoLoan.periodDays);
  if (!product) return;
  const productId = Number(product.id);
  const { terms } = await service.rates(principal, { amount: demoLoan.amount, productId });
  if (!terms) return;
  const loan = await service.apply(principal, {
    productId,
    amount: demoLoan.amount,
    walletType: 'BALANCE',
    confirmedTotalRepay: terms.totalRepay,
    idempotencyKey: demoLoan.idempotencyKey,
  });
  if (loan.status === 'pending') await operations.review.approve(operator, auditMeta, Number(loan.id));
}

/** The demo's worked order: 10 MSFT bought over an hour in 10 slices, so the Trade tab's worked orders show one moving. */
export const demoWorkedOrder = {
  stockCode: 'MSFT',
  direction: 0,
  quantity: '10',
  periodSeconds: 3600,
  slices: 10,
  idempotencyKey: 'demo-twap-1',
} as const;

async function seedWorkedOrder(dependencies: DemoExtrasDependencies) {
  const principal = { userId: String(dependencies.userId), sessionId: 'demo-seed' };
  try {
    // The same key answers the order placed at an earlier start.
    await dependencies.twap.create(principal, demoWorkedOrder);
  } catch {
    // Refused now (no quote for MSFT yet, the money spent elsewhere): the demo goes without it until the next start.
  }
}

/** The demo's current-fund holding: 500 USD bought once (its key), from the balance the loan paid in. */
export const demoFundPurchase = { amount: '500', idempotencyKey: 'demo-fund-1' } as const;

async function seedFund(dependencies: DemoExtrasDependencies) {
  const principal = { userId: String(dependencies.userId), sessionId: 'demo-seed' };
  const { list } = await dependencies.funds.productPage({ pageNum: 1, pageSize: 20 });
  const current = list.find((product) => product.kind === 'current');
  if (!current) return;
  // Its key makes a later start replay the first purchase; a balance too short leaves the demo without one.
  await dependencies.funds.create(principal, { productId: Number(current.id), ...demoFundPurchase }).catch((error: unknown) => {
    if (!(error instanceof AppError && error.result === 'INSUFFICIENT_FUNDS')) throw error;
  });
}

/**
 * The demo's conversation with support, in Spanish as the demo is: a question any new user has, an
 * agent's plain answer (no promised time, fees shown before confirming, the simulated market), the user's thanks, read. Each step
 * is found by its client key, so a restart adds nothing and a start cut short finishes what it began.
 */
export const demoSupportConversation = [
  {
    author: 'user',
    clientKey: 'demo-support-1',
    text: 'Hola, ¿cuánto tarda en acreditarse un depósito y cobran alguna comisión?',
  },
  {
    author: 'agent',
    clientKey: 'demo-support-2',
    text: 'Hola, gracias por escribirnos. Un depósito se acredita cuando un operador revisa su comprobante, y usted ve su estado en el historial de depósitos; las comisiones se muestran antes de confirmar cualquier operación y nunca se le piden aparte. En esta cuenta de demostración el dinero y el mercado son simulados. Recuerde: el soporte nunca le pedirá dinero, contraseñas ni códigos.',
  },
  { author: 'user', clientKey: 'demo-support-3', text: 'Entendido, muchas gracias.' },
] as const;

async function seedSupportConversation(dependencies: DemoExtrasDependencies, operator: OperatorPrincipal) {
  const { service, operations } = dependencies.support;
  const caller = { userId: dependencies.userId, deviceTokenHash: null };
  const conversation = await service.open(caller, 'es');
  const present = new Set(conversation.messages.map((message) => message.clientKey));
  const conversationId = Number(conversation.id);
  for (const step of demoSupportConversation) {
    if (present.has(step.clientKey)) continue;
    if (step.author === 'user') await service.send(conversationId, caller, { clientKey: step.clientKey, text: step.text });
    else await operations.reply(operator, auditMeta, conversationId, { clientKey: step.clientKey, text: step.text });
  }
  // The user answered after the agent: they read it, so the demo starts without a badge for it.
  const lastAgent = (await service.open(caller, 'es')).messages.filter((message) => message.author === 'agent').at(-1);
  if (lastAgent) await service.markRead(conversationId, Number(lastAgent.id));
}

/**
 * The rest of a demo that lives (issue 15 §8): a watchlist, a verified identity, published articles and
 * notices in every locale, a few inbox messages, a loan in use (issue 21), an order worked over time (issue 19), a
 * current-fund holding (issue 20), rights to exercise (issue 18) and a short conversation with support (issue 23). Each part checks what is already there first, so a
 * second start adds nothing; the identity and articles need an operator and are left out without one.
 */
export async function seedDemoExtras(dependencies: DemoExtrasDependencies): Promise<void> {
  await seedWatchlist(dependencies);
  if (dependencies.operator) {
    // Acting as that operator outside any sign-in session: its role's permissions still apply.
    const operator: OperatorPrincipal = { ...dependencies.operator, sessionId: 0 };
    await seedIdentity(dependencies, operator);
    await seedArticles(dependencies.content, operator);
  }
  await seedMessages(dependencies);
  if (dependencies.operator) await seedLoan(dependencies, { ...dependencies.operator, sessionId: 0 });
  if (dependencies.operator) await seedSupportConversation(dependencies, { ...dependencies.operator, sessionId: 0 });
  await seedWorkedOrder(dependencies);
  await seedFund(dependencies);
  await dependencies.rightsIssue();
}
