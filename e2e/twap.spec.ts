import { depositAndApprove, expect, signUpInApp, test } from './fixtures.ts';

test('work a stock order over time: place it, see its slices fill live in the Trade tab, cancel it keeping what filled', async ({
  page,
  stack,
}) => {
  test.setTimeout(180_000);
  const session = await signUpInApp(page, stack, 'twap');
  await depositAndApprove(page, stack, '20000');
  await stack.api('/wallet/transfer', {
    token: session.token,
    body: { fromWalletType: 'BALANCE', toWalletType: 'STOCK', amount: '20000', idempotencyKey: `e2e-twap-transfer-${Date.now()}` },
  });

  await page.goto('/#/pages/trade/index?tab=7');
  await expect(page.getByRole('tab', { name: 'Por tramos', selected: true })).toBeVisible();
  await expect(page.getByText('No tiene órdenes por tramos')).toBeVisible();
  await page.getByRole('link', { name: 'Nueva orden por tramos' }).click();

  // 20 AAPL over 5 minutes in 10 slices: 2 shares every 30 seconds, the first at once.
  await expect(page.getByText('Una orden grande se divide en tramos iguales')).toBeVisible();
  await page.getByLabel('Código de la acción').fill('aapl');
  await page.getByLabel('Cantidad total').fill('20');
  await page.getByLabel('Periodo').selectOption('300');
  await page.getByLabel('Número de tramos').fill('10');
  await expect(page.getByText('Unos 2 por tramo, uno cada 30 s')).toBeVisible();
  await page.screenshot({ path: 'test-results/twap-ticket.png', fullPage: true });
  // A refusal comes back in the user's language and starts nothing.
  await page.getByLabel('Número de tramos').fill('100');
  await page.getByRole('button', { name: 'Iniciar la orden por tramos' }).click();
  await expect(page.getByText('Los tramos deben estar separados al menos 15 segundos')).toBeVisible();
  await page.getByLabel('Número de tramos').fill('10');
  await page.getByRole('button', { name: 'Iniciar la orden por tramos' }).click();
  await expect(page.getByText('Orden por tramos iniciada')).toBeVisible();

  await expect(page).toHaveURL(/#\/pages\/trade\/index\?tab=7/);
  const row = page.getByTestId('twap-order');
  await expect(row).toContainText('AAPL · Compra');
  await expect(row).toContainText('En curso');
  // The job places the first slice within a few seconds; its fill reaches the open tab over the push socket.
  await expect(row).toContainText('2 / 20', { timeout: 30_000 });
  await expect(row).toContainText('1 / 10');
  await expect(row).toContainText('Próximo tramo');
  await page.screenshot({ path: 'test-results/twap-progress.png', fullPage: true });

  await row.getByRole('button', { name: 'Cancelar' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('se mantiene');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(page.getByText('Orden por tramos cancelada')).toBeVisible();
  await expect(row).toContainText('Cancelada');
  const filled = await row.getByText(/^\d+ \/ 20$/).textContent();
  expect(['2 / 20', '4 / 20']).toContain(filled);
  await expect(row.getByRole('button', { name: 'Cancelar' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/twap-cancelled.png', fullPage: true });

  // Each filled slice is an ordinary order: the shares are a position of the stock.
  await page.getByRole('tab', { name: 'Posiciones' }).click();
  await expect(page.getByText('AAPL').first()).toBeVisible();
});
