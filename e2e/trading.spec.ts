import type { Page } from '@playwright/test';
import { depositAndApprove, e2eInstrumentCodes, expect, type Session, type Stack, signUpInApp, test } from './fixtures.ts';

/** A US stock the journeys' server lists (see e2eInstrumentCodes). */
const CODE = 'AAPL';
/** The futures contract of the journeys that expires last (Gold, February 2027). */
const FUTURE = 'GCG7';

/**
 * Before a first leveraged order the ticket asks a short check and shows the risk in money (issue 15 §11):
 * answers it as a user who understood, and sees it go.
 */
async function answerLeverageCheck(page: Page) {
  await expect(page.getByTestId('leverage-disclosure')).toContainText('un movimiento del 1 % del precio en su contra es −');
  await page.getByLabel('Todo el margen que aportó').check();
  await page.getByLabel('Le quita el 10 %').check();
  await page.getByLabel('La posición se cierra automáticamente').check();
  await page.getByLabel('He leído el aviso y entiendo que puedo perder todo el margen de esta posición.').check();
  await page.getByRole('button', { name: 'Confirmar respuestas' }).click();
  await expect(page.getByText('Aviso de riesgo de esta orden')).toHaveCount(0);
}

test('buy a US stock at market from its quote page, close half, and see the sale in the statement', async ({ page, stack }) => {
  expect(e2eInstrumentCodes).toContain(CODE);
  const session = await signUpInApp(page, stack, 'trading');
  await depositAndApprove(page, stack, '2000');
  await stack.api('/wallet/transfer', {
    token: session.token,
    body: { fromWalletType: 'BALANCE', toWalletType: 'STOCK', amount: '2000', idempotencyKey: `e2e-trading-transfer-${session.user.id}` },
  });

  // The quote page's Buy button opens the stock order page for this instrument, buying.
  await page.goto(`/#/pages/quote/stock?name=Apple&code=${CODE}&source=0`);
  await page.getByRole('link', { name: 'Comprar' }).click();
  await expect(page).toHaveURL(/#\/pages\/payment\/stock\?.*code=AAPL.*source=0.*direction=0/);
  await expect(page.getByRole('button', { name: 'Comprar', pressed: true })).toBeVisible();
  await expect(page.getByText('$2.000,00')).toBeVisible();
  await page.getByLabel('Cantidad').fill('2');
  await page.screenshot({ path: 'test-results/trading-ticket.png' });
  await page.locator('button[type="submit"]').click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByText('Confirme su orden')).toBeVisible();
  await confirm.getByRole('button', { name: 'Enviar orden' }).click();
  await expect(page.getByText('Orden ejecutada')).toBeVisible();

  // Filled at once (the market is open): the Holding tab shows the position.
  await expect(page).toHaveURL(/#\/pages\/trade\/index\?tab=0$/);
  const row = page.getByRole('listitem').filter({ hasText: CODE });
  await expect(row).toBeVisible();
  // A cash holding reads as an investor's: its total and today's P&L and its weight (issue 15 §11).
  await expect(row.getByText('Resultado total')).toBeVisible();
  await expect(row.getByText('Resultado de hoy')).toBeVisible();
  await expect(row.getByText('Peso en la cartera')).toBeVisible();
  await page.screenshot({ path: 'test-results/trading-holding.png' });

  // Close half of it.
  await row.getByRole('link', { name: 'Cerrar' }).click();
  await expect(page.getByRole('heading', { name: 'Cerrar posición' })).toBeVisible();
  await page.getByRole('button', { name: 'Mitad' }).click();
  await expect(page.getByLabel('Cantidad a cerrar')).toHaveValue('1');
  await page.screenshot({ path: 'test-results/trading-close.png' });
  await page.locator('button[type="submit"]').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cerrar posición' }).click();
  await expect(page.getByText('Posición cerrada')).toBeVisible();
  await expect(page).toHaveURL(/#\/pages\/trade\/index\?tab=0$/);
  await expect(page.getByRole('listitem').filter({ hasText: CODE }).getByText('Resultado realizado')).toBeVisible();
  const positions = await stack.api<{ list: Array<{ positionNum: string }> }>('/position/me', { token: session.token, body: {} });
  expect(positions.list.map((position) => Number(position.positionNum))).toEqual([1]);

  // The statement says what was sold and credits what the sale brought in, its realised result included.
  await page.goto('/#/pages/profile/transaction');
  await expect(page.getByRole('list', { name: 'Estado de cuenta' }).getByText(new RegExp(`^Venta de 1 ${CODE} a `))).toBeVisible();
  await page.screenshot({ path: 'test-results/trading-statement.png' });
});

/** Moves money between the user's wallets through the real API, with a live FX quote across currencies. */
async function transfer(stack: Stack, session: Session, toWalletType: string, amount: string, isCrossCurrency: boolean) {
  const fromWalletType = 'BALANCE';
  const quote = isCrossCurrency
    ? await stack.api<{ quoteId: string }>('/wallet/transferQuote', {
        token: session.token,
        body: { fromWalletType, toWalletType, amount },
      })
    : undefined;
  await stack.api('/wallet/transfer', {
    token: session.token,
    body: {
      fromWalletType,
      toWalletType,
      amount,
      ...(quote ? { quoteId: quote.quoteId } : {}),
      idempotencyKey: `e2e-trading-${toWalletType}-${session.user.id}`,
    },
  });
}

type WalletBalance = { balance: string; availableBalance: string; currency: string };
const walletOf = (stack: Stack, session: Session, walletType: string) =>
  stack.api<WalletBalance>('/wallet/getWalletBalance', { token: session.token, body: { walletType } });

test('a good-till-cancelled limit order rests with its money held, and cancelling it returns the hold', async ({ page, stack }) => {
  const session = await signUpInApp(page, stack, 'trading');
  await depositAndApprove(page, stack, '1000');
  await transfer(stack, session, 'STOCK', '1000', false);

  await page.goto(`/#/pages/payment/stock?name=Apple&code=${CODE}&source=0&direction=0`);
  await expect(page.getByText('$1.000,00')).toBeVisible();
  await page.getByRole('button', { name: 'Límite', exact: true }).click();
  await page.getByLabel('Precio límite').fill('100');
  await page.getByLabel('Cantidad').fill('2');
  await page.getByRole('button', { name: 'Hasta cancelar' }).click();
  await page.getByLabel('Toma de ganancias').fill('150');
  await page.getByLabel('Límite de pérdida').fill('90');
  await page.screenshot({ path: 'test-results/trading-ticket-limit.png', fullPage: true });
  await page.locator('button[type="submit"]').click();
  const confirm = page.getByRole('dialog');
  for (const text of ['Límite', 'Hasta cancelar', '150', '90']) await expect(confirm.getByText(text, { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/trading-ticket-confirm.png' });
  await confirm.getByRole('button', { name: 'Enviar orden' }).click();
  await expect(page.getByText('Orden enviada; queda en espera')).toBeVisible();

  // It rests in the Entrusted tab, its margin and fee held out of the available balance.
  await expect(page).toHaveURL(/#\/pages\/trade\/index\?tab=2$/);
  const row = page.getByRole('listitem').filter({ hasText: CODE });
  await expect(row.getByText('Hasta cancelar')).toBeVisible();
  const held = await walletOf(stack, session, 'STOCK');
  // 2 × 100 at leverage 1, plus the 1.00 minimum fee.
  expect(held).toMatchObject({ balance: '1000.00', availableBalance: '799.00' });

  await row.getByRole('button', { name: 'Cancelar orden' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancelar orden' }).click();
  await expect(page.getByText('Orden cancelada')).toBeVisible();
  await expect(page.getByText('No hay órdenes en espera')).toBeVisible();
  expect(await walletOf(stack, session, 'STOCK')).toMatchObject({ balance: '1000.00', availableBalance: '1000.00' });

  // The order history lists it, cancelled by the user.
  await page.getByRole('link', { name: 'Historial' }).click();
  const history = page.getByRole('listitem').filter({ hasText: CODE });
  await expect(history.getByText('Cancelada por usted')).toBeVisible();
  await page.screenshot({ path: 'test-results/trading-history.png', fullPage: true });
});

test('a leveraged futures position revalues live; its take-profit, stop-loss and margin are edited from the holding', async ({
  page,
  stack,
}) => {
  const session = await signUpInApp(page, stack, 'trading');
  await depositAndApprove(page, stack, '60000');
  await transfer(stack, session, 'FUTURE', '60000', false);

  // The journeys' contract that expires last (24 February 2027): an expired one refuses orders.
  await page.goto(`/#/pages/payment/future?name=Gold&code=${FUTURE}&source=3&direction=0`);
  await expect(page.getByText('$60.000,00')).toBeVisible();
  await page.getByLabel('Apalancamiento').selectOption('10');
  await page.getByLabel('Cantidad').fill('1');
  await answerLeverageCheck(page);
  await page.locator('button[type="submit"]').click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByText('10×')).toBeVisible();
  await confirm.getByRole('button', { name: 'Enviar orden' }).click();
  await expect(page.getByText('Orden ejecutada')).toBeVisible();

  const row = page.getByRole('listitem').filter({ hasText: FUTURE });
  await expect(row.getByText('10×')).toBeVisible();
  const positions = await stack.api<{ list: Array<{ id: string; leverage: number; walletType: string; margin: string }> }>('/position/me', {
    token: session.token,
    body: {},
  });
  expect(positions.list).toEqual([expect.objectContaining({ leverage: 10, walletType: 'FUTURE' })]);
  const margin = Number(positions.list[0]?.margin);
  // 1 contract × 100 ounces: the notional over 10, at least the exchange's 20,000 per contract.
  expect(margin).toBeGreaterThanOrEqual(20000);

  // The market ticks at any hour here: the current price and the floating P&L change on screen by themselves,
  // revalued from the quote stream: the holdings are not fetched again meanwhile (no polling, no reload).
  // (A second first lets the fill's own order and position events, which do refetch, pass.)
  await page.waitForTimeout(1000);
  let holdingFetches = 0;
  const countHoldingFetches = (request: { url(): string }) => {
    if (request.url().endsWith('/web/position/me')) holdingFetches += 1;
  };
  page.on('request', countHoldingFetches);
  const current = row.locator('.trade-detail', { hasText: 'Precio actual' }).locator('dd');
  const pnl = row.getByTestId('pnl');
  const first = await current.textContent();
  const firstPnl = await pnl.textContent();
  await expect.poll(async () => current.textContent(), { timeout: 20_000 }).not.toBe(first);
  await expect.poll(async () => pnl.textContent(), { timeout: 20_000 }).not.toBe(firstPnl);
  // One holding: the total is its P&L, revalued on the same quotes.
  await expect
    .poll(async () => (await page.getByTestId('pnl-total').textContent()) === (await pnl.textContent()), { timeout: 10_000 })
    .toBe(true);
  page.off('request', countHoldingFetches);
  expect(holdingFetches).toBe(0);
  await page.screenshot({ path: 'test-results/trading-futures-holding.png', fullPage: true });

  await row.getByRole('button', { name: 'Editar niveles' }).click();
  const levels = page.getByRole('dialog', { name: 'Toma de ganancias y límite de pérdida' });
  await levels.getByLabel('Toma de ganancias').fill('99999');
  await levels.getByLabel('Límite de pérdida').fill('100');
  await page.screenshot({ path: 'test-results/trading-levels-dialog.png' });
  await levels.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Niveles guardados')).toBeVisible();
  await expect(row.locator('.trade-detail', { hasText: 'Toma de ganancias' })).toContainText('99.999');

  await row.getByRole('button', { name: 'Añadir margen' }).click();
  const addMargin = page.getByRole('dialog', { name: 'Añadir margen' });
  await addMargin.getByLabel('Importe a añadir').fill('100');
  await page.screenshot({ path: 'test-results/trading-margin-dialog.png' });
  await addMargin.getByRole('button', { name: 'Añadir margen' }).click();
  await expect(page.getByText('Margen añadido')).toBeVisible();
  const after = await stack.api<{ list: Array<{ margin: string; takeProfit: string; stopLoss: string }> }>('/position/me', {
    token: session.token,
    body: {},
  });
  // Gold's tick is 0.1: its prices are written with one decimal.
  expect(after.list[0]).toMatchObject({ takeProfit: '99999.0', stopLoss: '100.0' });
  expect(Number(after.list[0]?.margin)).toBeCloseTo(margin + 100, 2);
});

test('an Argentine and a Taiwan stock are bought from their own wallets (AR, TW)', async ({ page, stack }) => {
  const session = await signUpInApp(page, stack, 'trading');
  await depositAndApprove(page, stack, '5100');
  await transfer(stack, session, 'AR', '100', true);
  await transfer(stack, session, 'TW', '5000', true);
  const arBefore = await walletOf(stack, session, 'AR');
  const twBefore = await walletOf(stack, session, 'TW');
  expect(arBefore.currency).toBe('ARS');
  expect(twBefore.currency).toBe('TWD');

  const buy = async (path: string, quantity: string, leverage?: string) => {
    await page.goto(path);
    await page.getByLabel('Cantidad').fill(quantity);
    if (leverage) {
      await page.getByLabel('Apalancamiento').selectOption(leverage);
      await answerLeverageCheck(page);
    }
    await page.locator('button[type="submit"]').click();
    await page.getByRole('dialog').getByRole('button', { name: 'Enviar orden' }).click();
    await expect(page.getByText('Orden ejecutada')).toBeVisible();
  };
  await buy('/#/pages/payment/stock?name=Galicia&code=GGAL&source=ARG&direction=0', '1');
  await expect(page.getByRole('listitem').filter({ hasText: 'GGAL' })).toBeVisible();
  // Taiwan trades in lots of 1,000 shares.
  await page.goto('/#/pages/payment/stock?name=Hon%20Hai&code=2317&source=7&direction=0');
  await expect(page.getByText('Mínimo 1000, en múltiplos de 1000')).toBeVisible();
  await page.screenshot({ path: 'test-results/trading-ticket-tw.png', fullPage: true });
  await buy('/#/pages/payment/stock?name=Hon%20Hai&code=2317&source=7&direction=0', '1000', '2');
  await expect(page.getByRole('listitem').filter({ hasText: '2317' })).toBeVisible();
  await page.screenshot({ path: 'test-results/trading-holding-ar-tw.png', fullPage: true });

  const positions = await stack.api<{ list: Array<{ stockCode: string; walletType: string; currency: string }> }>('/position/me', {
    token: session.token,
    body: {},
  });
  expect(
    positions.list
      .map(({ stockCode, walletType, currency }) => ({ stockCode, walletType, currency }))
      .sort((a, b) => a.stockCode.localeCompare(b.stockCode)),
  ).toEqual([
    { stockCode: '2317', walletType: 'TW', currency: 'TWD' },
    { stockCode: 'GGAL', walletType: 'AR', currency: 'ARS' },
  ]);
  // Each was paid from its own wallet; the US one was not touched.
  expect(Number((await walletOf(stack, session, 'AR')).balance)).toBeLessThan(Number(arBefore.balance));
  expect(Number((await walletOf(stack, session, 'TW')).balance)).toBeLessThan(Number(twBefore.balance));
  expect((await walletOf(stack, session, 'STOCK')).balance).toBe('0.00');
});

test('Sell on the quote page of a held stock says what is held, offers it, and closes the holding (issue 15 §2)', async ({
  page,
  stack,
}) => {
  const session = await signUpInApp(page, stack, 'trading');
  await depositAndApprove(page, stack, '2000');
  await transfer(stack, session, 'STOCK', '2000', false);
  await stack.api('/stock/create', {
    token: session.token,
    body: { stockCode: CODE, direction: 0, quantity: '3', idempotencyKey: `e2e-sell-to-close-buy-${session.user.id}` },
  });

  await page.goto(`/#/pages/quote/stock?name=Apple&code=${CODE}&source=0`);
  await page.getByRole('link', { name: 'Vender' }).click();
  await expect(page).toHaveURL(/#\/pages\/payment\/stock\?.*code=AAPL.*direction=1/);
  await expect(page.getByTestId('stock-held')).toHaveText(`Usted tiene 3 ${CODE}`);
  // "Máximo" offers exactly what is held.
  await page.getByRole('button', { name: 'Máximo' }).click();
  await expect(page.getByLabel('Cantidad')).toHaveValue('3');
  await page.screenshot({ path: 'test-results/trading-sell-held.png' });
  await page.locator('button[type="submit"]').click();
  const confirm = page.getByRole('dialog');
  await expect(confirm.getByText('Confirme su orden')).toBeVisible();
  await confirm.getByRole('button', { name: 'Enviar orden' }).click();
  await expect(page.getByText('Orden ejecutada')).toBeVisible();

  // The holding is gone, and no short was opened in its place.
  await expect
    .poll(async () => {
      const positions = await stack.api<{ list: Array<{ stockCode: string }> }>('/position/me', { token: session.token, body: {} });
      return positions.list.filter((position) => position.stockCode === CODE).length;
    })
    .toBe(0);
  await page.goto(`/#/pages/payment/stock?name=Apple&code=${CODE}&source=0&direction=1`);
  await expect(page.getByTestId('stock-held')).toHaveText(`Usted tiene 0 ${CODE}`);
});
