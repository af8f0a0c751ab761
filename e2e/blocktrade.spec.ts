import type { Page } from '@playwright/test';
import { depositAndApprove, E2E_OPERATOR, expect, type Stack, signUpInApp, test } from './fixtures.ts';

type BlockInstrument = { code: string; source: string; mid: string | null; blockSize: string };

/** Deposits through the app's fiat page, has the operator approve it, and moves it to the stock wallet. */
async function fundStockWallet(page: Page, stack: Stack, token: string, amount: string) {
  await depositAndApprove(page, stack, amount);
  await stack.api('/wallet/transfer', {
    token,
    body: { fromWalletType: 'BALANCE', toWalletType: 'STOCK', amount, idempotencyKey: `e2e-block-transfer-${Date.now()}` },
  });
}

test('apply for block trading, an operator approves, quote and place a block of 10,000 shares, see it in the block tab', async ({
  page,
  browser,
  stack,
}) => {
  test.setTimeout(180_000);
  const session = await signUpInApp(page, stack, 'block');
  await stack.verifyIdentity(session.token);
  const operator = await stack.operatorToken();
  // The operators' requirements (audited): a verified identity and USD 1,000 of account value; no experience asked here.
  await stack.api('/blocktrade/settings', {
    isOperator: true,
    token: operator,
    body: { requirements: { identityVerified: true, minAccountValueUsd: '1000', minFilledOrders: 0, retryDays: 30 }, markets: [] },
  });

  // Before any money: not yet open, with the account value unmet.
  await page.goto('/#/pages/product/blocktrade');
  await expect(page.getByRole('heading', { name: 'Aún no disponible' })).toBeVisible();
  await expect(page.getByText('Instrumentos admitidos')).toBeVisible();
  await page.screenshot({ path: 'test-results/blocktrade-not-open.png', fullPage: true });

  // The cheapest eligible US stock, and enough money for 10,000 of it at the top of the band with its fee.
  const instruments = await stack.api<BlockInstrument[]>('/blockTrade/instruments', { token: session.token });
  const cheapest = instruments.filter((row) => row.source === '0' && row.mid !== null).sort((a, b) => Number(a.mid) - Number(b.mid))[0];
  if (!cheapest) throw new Error('no eligible US stock');
  expect(cheapest.blockSize).toBe('10000');
  const amount = String(Math.ceil(Number(cheapest.mid) * 10_000 * 1.05) + 1000);
  await fundStockWallet(page, stack, session.token, amount);

  await page.goto('/#/pages/product/blocktrade');
  await expect(page.getByRole('heading', { name: 'Puede solicitar la activación' })).toBeVisible();
  await page.getByLabel('Al precio cotizado, dentro de una banda alrededor del punto medio en vivo').check();
  await page.getByLabel('Sí, es una posición ordinaria y puede perder valor').check();
  await page.getByLabel('Se rechaza y no se registra nada').check();
  await page.screenshot({ path: 'test-results/blocktrade-apply.png', fullPage: true });
  await page.getByRole('button', { name: 'Solicitar la activación' }).click();
  await expect(page.getByRole('heading', { name: 'En revisión' })).toBeVisible();

  // An operator approves in the console: the application is in the queue with the applicant's standing.
  const consoleContext = await browser.newContext({ baseURL: stack.baseURL, viewport: { width: 1280, height: 800 } });
  await consoleContext.addInitScript(() => window.localStorage.setItem('usa12_locale', 'en'));
  try {
    const consolePage = await consoleContext.newPage();
    await consolePage.goto('/admin/#/login');
    await consolePage.getByLabel('Email').fill(E2E_OPERATOR.email);
    await consolePage.getByLabel('Password').fill(E2E_OPERATOR.password);
    await consolePage.getByRole('button', { name: 'Sign in' }).click();
    await expect(consolePage.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await consolePage.getByRole('navigation', { name: 'Console menu' }).getByRole('link', { name: 'Block-trade applications' }).click();
    const row = consolePage.getByRole('row', { name: new RegExp(session.user.email) });
    await expect(row).toContainText('Verified');
    await row.getByRole('button', { name: 'Activate' }).click();
    await consolePage.locator('.ant-popconfirm').getByRole('button', { name: 'Activate' }).click();
    await expect(consolePage.getByText('Block trading activated')).toBeVisible();
    await consolePage.getByRole('navigation', { name: 'Console menu' }).getByRole('link', { name: 'Block trading' }).click();
    await expect(consolePage.getByRole('row', { name: new RegExp(session.user.email) })).toContainText('Active');
    await consolePage.screenshot({ path: 'test-results/blocktrade-console.png', fullPage: true });
  } finally {
    await consoleContext.close();
  }

  await page.reload();
  await expect(page.getByRole('heading', { name: 'Activo' })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(`^${cheapest.code}\\b`) }).click();
  await expect(page.getByLabel('Cantidad (al menos 10.000)')).toHaveValue('10000');
  await page.getByRole('button', { name: 'Solicitar cotización' }).click();
  const quote = page.getByTestId('block-quote');
  await expect(quote).toContainText('Comisión');
  await expect(quote).toContainText('Precio mantenido durante');
  await page.screenshot({ path: 'test-results/blocktrade-quote.png', fullPage: true });
  await page.getByRole('button', { name: 'Aceptar y colocar el bloque' }).click();
  await expect(page.getByText('Bloque ejecutado')).toBeVisible();

  await expect(page).toHaveURL(/#\/pages\/trade\/index\?tab=5/);
  await expect(page.getByRole('tab', { name: 'Bloque', selected: true })).toBeVisible();
  const row = page.getByRole('article', { name: `${cheapest.code} 10.000` });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Ejecutada');
  await expect(row).toContainText('Punto medio al ejecutar');
  await page.screenshot({ path: 'test-results/blocktrade-tab.png', fullPage: true });

  // The block is an ordinary position of the stock.
  await page.getByRole('tab', { name: 'Posiciones' }).click();
  await expect(page.getByText(cheapest.code).first()).toBeVisible();

  // A block Sell of the shares held: same band and quote; the proceeds less the fee are what it shows.
  await page.goto('/#/pages/product/blocktrade');
  await page.getByRole('button', { name: new RegExp(`^${cheapest.code}\\b`) }).click();
  await page.getByRole('button', { name: 'Vender', exact: true }).click();
  await page.getByRole('button', { name: 'Solicitar cotización' }).click();
  await expect(page.getByTestId('block-quote')).toContainText('Total a recibir');
  await page.screenshot({ path: 'test-results/blocktrade-sell-quote.png', fullPage: true });
  await page.getByRole('button', { name: 'Aceptar y colocar el bloque' }).click();
  await expect(page.getByText('Bloque ejecutado')).toBeVisible();
  await expect(page.getByRole('article', { name: `${cheapest.code} 10.000` }).filter({ hasText: 'Venta' })).toBeVisible();
});
