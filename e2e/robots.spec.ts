import { depositAndApprove, expect, seriousViolations, signUpInApp, test } from './fixtures.ts';

type Quote = { last: string; bid: string; ask: string };

// The journey waits for a few rounds of the robots' job (every 5 s) to see the grid trade.
test.describe.configure({ timeout: 240_000 });

test('rent a grid robot, backtest it, start it, see its orders and daily output, stop it', async ({ page, stack }, testInfo) => {
  const session = await signUpInApp(page, stack, 'robot');
  await depositAndApprove(page, stack, '5000');
  // Licences are paid from the main balance; a run's amount comes from its instrument's wallet (US stocks: STOCK).
  await stack.api('/wallet/transfer', {
    token: session.token,
    body: { fromWalletType: 'BALANCE', toWalletType: 'STOCK', amount: '4000', idempotencyKey: `e2e-robot-${session.user.id}` },
  });

  // The templates: each explained in plain words, none promising a return.
  await page.goto('/#/pages/robot/index');
  const grid = page.getByRole('listitem', { name: 'Grid' });
  await expect(grid.getByText('Cuándo pierde dinero')).toBeVisible();
  await expect(page.getByText('No promete ninguna rentabilidad')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('robots-templates.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  // Rent it for 7 days (the rental includes energy): "Compra realizada".
  await grid.getByRole('button', { name: /^Alquiler por 7 días · / }).click();
  await page.getByRole('button', { name: 'Pagar' }).click();
  await expect(page.getByText('Compra realizada')).toBeVisible();
  await expect(grid.getByText(/^Válida hasta el /)).toBeVisible();
  await grid.getByRole('link', { name: 'Probar e iniciar' }).click();

  // A tight grid around the current price, so the simulated market crosses its lines within the journey.
  const quote = await stack.api<Quote>('/m_ft/detail_quote?stockCode=AAPL', { method: 'GET' });
  const last = Number(quote.last);
  await page.getByLabel('Código de la acción').fill('AAPL');
  // Six lines, each slice a little more than one share at today's simulated price.
  const amount = Math.ceil(last * 1.25) * 6;
  await page.getByLabel('Importe (USD)').fill(String(amount));
  await page.getByLabel('Precio mínimo').fill((last * 0.999).toFixed(2));
  await page.getByLabel('Precio máximo').fill((last * 1.001).toFixed(2));
  await page.getByLabel('Líneas de precio').fill('6');

  // The backtest first: hypothetical, with its limits.
  await page.getByRole('button', { name: 'Hacer primero una prueba histórica' }).click();
  await expect(page.getByText('Hipotética', { exact: true })).toBeVisible();
  await expect(page.getByText('Los precios pasados no predicen los futuros.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('robots-backtest.png'), fullPage: true });

  // Start: the run page, in progress.
  await page.getByRole('button', { name: /^Iniciar con / }).click();
  await expect(page.getByText('El robot está en marcha')).toBeVisible();
  await expect(page.getByText('En curso', { exact: true })).toBeVisible();

  // Its orders and daily output appear as the grid trades (the page reads the run again every few seconds).
  const orders = page.getByRole('table', { name: 'Órdenes' });
  await expect(orders.getByRole('row').nth(1)).toBeVisible({ timeout: 180_000 });
  const days = page.getByRole('table', { name: 'Resultado diario (puede ser negativo)' });
  await expect(days.getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByText('Se muestra a partir de 90 días')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('robots-run.png'), fullPage: true });

  // Stop it: successful, stopped by the user; the shares it bought stay the user's.
  await page.getByRole('button', { name: 'Detener el robot' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Detener el robot' }).click();
  await expect(page.getByText('El robot se ha detenido')).toBeVisible();
  await expect(page.getByText('Finalizada', { exact: true })).toBeVisible();
  await expect(page.getByText('Detenido por usted')).toBeVisible();

  // My robots: the rental with its time in the history.
  await page.goto('/#/pages/robot/mine?tab=history');
  await expect(page.getByText('Grid · Alquiler por 7 días')).toBeVisible();
  await expect(page.getByText('Realizada')).toBeVisible();
});
