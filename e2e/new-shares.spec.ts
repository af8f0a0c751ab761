import type { Page } from '@playwright/test';
import { depositAndApprove, expect, type Session, type Stack, signUpInApp, test } from './fixtures.ts';

type Offering = { id: string; phase: string; status: string };
type Subscription = { state: string; offering: { code: string } };

/** Deposits through the app's fiat page, has the operator approve it, and moves it to the SUBSCRIPTION wallet (and `stock` to STOCK). */
async function fundSubscriptionWallet(page: Page, stack: Stack, session: Session, amount: string, stock?: string) {
  await depositAndApprove(page, stack, stock ? String(Number(amount) + Number(stock)) : amount);
  const transfers: Array<[string, string]> = [['SUBSCRIPTION', amount], ...(stock ? [['STOCK', stock] as [string, string]] : [])];
  for (const [toWalletType, value] of transfers)
    await stack.api('/wallet/transfer', {
      token: session.token,
      body: {
        fromWalletType: 'BALANCE',
        toWalletType,
        amount: value,
        idempotencyKey: `e2e-ipo-transfer-${toWalletType}-${session.user.id}`,
      },
    });
}

/** An IPO (or, with overrides, a placing) created by the journeys' operator and published by a second one (four eyes), opening in a few seconds. */
async function publishedIpo(stack: Stack, code: string, overrides: (opens: number) => Record<string, unknown> = () => ({})) {
  const first = await stack.operatorToken();
  const email = `second.${Date.now().toString(36)}@ops.example.com`;
  await stack.api('/operators', {
    isOperator: true,
    token: first,
    body: { email, password: 'a-long-second-operator-password', role: 'admin' },
  });
  const second = await stack.api<{ token: string }>('/auth/login', {
    isOperator: true,
    body: { email, password: 'a-long-second-operator-password' },
  });
  const opens = Date.now() + 8_000;
  const offering = await stack.api<Offering>('/offerings', {
    isOperator: true,
    token: first,
    body: {
      code,
      name: 'Journey Robotics Inc.',
      exchangeCode: 'NASDAQ',
      prospectusDate: '2026-11-01',
      fundRaising: '1000000',
      priceLow: '9',
      priceHigh: '11',
      price: '10',
      lotSize: 100,
      minQuantity: 100,
      maxQuantity: 1000,
      sharesOffered: 100000,
      feeRate: '0.001',
      allocationRule: 'ballot_one_lot_priority',
      openTimestamp: opens,
      purchaseEndDate: opens + 30_000,
      allotTimestamp: opens + 30_000,
      listDate: opens + 31_000,
      ...overrides(opens),
    },
  });
  await stack.api(`/offerings/publish/${offering.id}/approve`, { isOperator: true, token: second.token });
  return { id: offering.id, secondOperator: second.token };
}

async function waitFor<T>(read: () => Promise<T>, isDone: (value: T) => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    if (Date.now() > deadline) throw new Error(`still waiting: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

test('apply to an IPO in lots, the allotment runs, and the listed shares appear as a position that can be sold', async ({
  page,
  stack,
}) => {
  test.setTimeout(240_000);
  const code = `JR${Date.now() % 100_000}`;
  const session = await signUpInApp(page, stack, 'ipo');
  await stack.verifyIdentity(session.token);
  await fundSubscriptionWallet(page, stack, session, '3000');
  const ipo = await publishedIpo(stack, code);
  const detail = () => stack.api<Offering>(`/m_ft/webull/new/stock/detail?id=${ipo.id}`, { method: 'GET' });
  await waitFor(detail, (offering) => offering.phase === 'open', 30_000);

  // The open IPO is listed with its rule; applying holds 2 lots × 100 × $10 plus the 0.1 % fee.
  await page.goto('/#/pages/product/newstock?tab=open');
  const card = page.getByRole('listitem').filter({ hasText: code });
  await expect(card.getByText('Sorteo por lotes con prioridad de un lote')).toBeVisible();
  await card.getByRole('link', { name: 'Suscribir' }).click();
  await page.getByLabel('Lotes (100 acciones por lote)').fill('2');
  await expect(page.getByText('$2.002,00').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/ipo-apply.png' });
  await page.getByRole('button', { name: 'Suscribir y retener $2.002,00' }).click();
  await expect(page.getByText('Solicitud enviada: el importe quedó retenido')).toBeVisible();
  await expect(page).toHaveURL(/#\/pages\/trade\/index\?tab=4$/);
  const row = page.getByRole('listitem').filter({ hasText: code });
  await expect(row.getByText('Suscrita', { exact: true })).toBeVisible();

  // After the window, the allotment runs once: the second operator asks for it, unless the scheduled job
  // (the window's end is also the allotment date) ran it first, which the operator is then told (8012).
  // Demand is within supply, so both lots are allotted either way.
  await waitFor(detail, (offering) => offering.phase === 'closed', 60_000);
  await stack.api(`/offerings/${ipo.id}/allot`, { isOperator: true, token: ipo.secondOperator }).catch((error: Error) => {
    if (!error.message.includes('answered 8012')) throw error;
  });
  await page.reload();
  await expect(row.getByText('Adjudicada', { exact: true })).toBeVisible();
  await row.getByText('Cómo se calculó su adjudicación').click();
  await expect(row.getByText('Usted pidió 2 lotes y recibió 2.', { exact: false })).toBeVisible();

  // On its listing date the scheduled job lists the stock and the shares become a position.
  const subscriptions = () => stack.api<Subscription[]>('/position/subscription', { token: session.token });
  await waitFor(subscriptions, (list) => list.some((each) => each.offering.code === code && each.state === 'listed'), 120_000);
  await page.goto('/#/pages/trade/index?tab=0');
  const holding = page.getByRole('listitem').filter({ hasText: code });
  await expect(holding).toBeVisible();
  await page.screenshot({ path: 'test-results/ipo-holding.png' });

  // It sells like any stock held.
  await holding.getByRole('link', { name: 'Cerrar' }).click();
  await expect(page.getByRole('heading', { name: 'Cerrar posición' })).toBeVisible();
  await expect(page.getByLabel('Cantidad a cerrar')).toHaveValue('200');
  await page.locator('button[type="submit"]').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cerrar posición' }).click();
  await expect(page.getByText('Posición cerrada')).toBeVisible();
  const positions = await stack.api<{ list: Array<{ stockCode: string }> }>('/position/me', { token: session.token, body: {} });
  expect(positions.list.filter((position) => position.stockCode === code)).toEqual([]);
});

test('apply to a placing of a listed stock, the allotment runs, the placed shares stay locked until their market date, then sell', async ({
  page,
  stack,
}) => {
  test.setTimeout(420_000);
  const session = await signUpInApp(page, stack, 'placing');
  await stack.verifyIdentity(session.token);
  await fundSubscriptionWallet(page, stack, session, '4000');
  const placing = await publishedIpo(stack, 'AAPL', (opens) => ({
    kind: 'placing',
    name: 'Apple Inc. placing',
    priceLow: '150',
    priceHigh: '150',
    price: '150',
    lotSize: 10,
    minQuantity: 10,
    maxQuantity: 100,
    sharesOffered: 1000,
    allocationRule: 'pro_rata',
    marketDate: opens + 240_000,
    reason: 'Funding a new data centre',
  }));
  const detail = () => stack.api<Offering>(`/m_ft/webull/new/stock/detail?id=${placing.id}`, { method: 'GET' });
  await waitFor(detail, (offering) => offering.phase === 'open', 30_000);

  // The placing shows its fixed price against the last close at its announcement, and its reason.
  await page.goto('/#/pages/product/placing?tab=open');
  const card = page.getByRole('listitem').filter({ hasText: 'Apple Inc. placing' });
  await expect(card.getByText('Descuento sobre ese cierre')).toBeVisible();
  await expect(card.getByText('Funding a new data centre')).toBeVisible();
  await card.getByRole('link', { name: 'Solicitar' }).click();
  await page.getByLabel('Lotes (10 acciones por lote)').fill('2');
  await page.screenshot({ path: 'test-results/placing-apply.png' });
  await page.getByRole('button', { name: 'Suscribir y retener $3.003,00' }).click();
  await expect(page.getByText('Solicitud enviada: el importe quedó retenido')).toBeVisible();
  await expect(page).toHaveURL(/#\/pages\/placing\/record$/);
  const row = page.getByRole('listitem').filter({ hasText: 'Apple Inc. placing' });
  await expect(row.getByText('Suscrita', { exact: true })).toBeVisible();

  await waitFor(detail, (offering) => offering.phase === 'closed', 60_000);
  await stack.api(`/offerings/${placing.id}/allot`, { isOperator: true, token: placing.secondOperator }).catch((error: Error) => {
    if (!error.message.includes('answered 8012')) throw error;
  });
  const records = () => stack.api<Subscription[]>('/position/placing_subscription', { token: session.token });
  await waitFor(records, (list) => list.some((each) => each.state === 'listed'), 150_000);
  await page.reload();
  await expect(row.getByText('Entregadas', { exact: true })).toBeVisible();
  await expect(row.getByTestId('placing-sellable')).toContainText('20 acciones colocadas están bloqueadas hasta el');
  await page.screenshot({ path: 'test-results/placing-locked.png' });

  // Before the market date the close is refused, in the user's language, and nothing is sold.
  await page.goto('/#/pages/trade/index?tab=0');
  const holding = page.getByRole('listitem').filter({ hasText: 'AAPL' });
  await holding.getByRole('link', { name: 'Cerrar' }).click();
  await page.locator('button[type="submit"]').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cerrar posición' }).click();
  await expect(page.getByText('Estas acciones colocadas pueden venderse a partir del')).toBeVisible();

  // From the market date the same shares are sellable, and sell like any stock held.
  const flat = () =>
    stack.api<{ sellableQuantity: string }>('/position/getPlacingFlatCount', { token: session.token, body: { code: 'AAPL' } });
  await waitFor(flat, (count) => count.sellableQuantity === '20', 240_000);
  await page.goto('/#/pages/placing/record');
  await expect(row.getByTestId('placing-sellable')).toContainText('Usted puede vender ahora 20 acciones');
  await page.goto('/#/pages/trade/index?tab=0');
  await holding.getByRole('link', { name: 'Cerrar' }).click();
  await page.locator('button[type="submit"]').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cerrar posición' }).click();
  await expect(page.getByText('Posición cerrada')).toBeVisible();
});
