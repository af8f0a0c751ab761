import { E2E_OPERATOR, e2eInstrumentCodes, expect, signUpInApp, test, tinyPng } from './fixtures.ts';

const CODE = 'AAPL';

// The journey walks the app and the console on a shared two-core machine.
test.describe.configure({ timeout: 180_000 });

test('a new user deposits to the US-stock wallet, the operator approves it in the console, and the user buys a stock at once', async ({
  page,
  browser,
  stack,
}, testInfo) => {
  expect(e2eInstrumentCodes).toContain(CODE);
  const session = await signUpInApp(page, stack, 'fondeo');

  // The deposit page asks what the money is for and shows where to send it, with this deposit's reference.
  await page.goto('/#/pages/deposit/fiat');
  await page.getByLabel('¿Para qué es este dinero?').selectOption('STOCK');
  const destination = page.getByRole('region', { name: 'Envíe la transferencia a esta cuenta' });
  await expect(destination.getByText('Bolsa Demo LLC (DEMO)')).toBeVisible();
  await expect(destination.getByText('Cuenta de demostración: no envíe dinero real a esta cuenta.')).toBeVisible();
  await expect(destination.getByRole('button', { name: 'Copiar Número de cuenta' })).toBeVisible();
  const reference = (await page.getByTestId('deposit-reference').textContent()) ?? '';
  expect(reference).toMatch(/^BD[0-9A-Z]+-[0-9A-Z]{8}$/);
  await page.getByLabel('Monto').fill('3000');
  await page.getByLabel('Captura de la transferencia').setInputFiles({ name: 'transferencia.png', mimeType: 'image/png', buffer: tinyPng });
  await expect(page.getByText('Cambiar imagen')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('funding-flow-deposit.png'), fullPage: true });
  await page.getByRole('button', { name: 'Enviar depósito' }).click();
  await expect(page.getByText('Depósito enviado')).toBeVisible();

  // The operator matches the reference in the console's deposit review and approves it.
  const context = await browser.newContext({ baseURL: stack.baseURL, viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => window.localStorage.setItem('usa12_locale', 'en'));
  try {
    const console = await context.newPage();
    await console.goto('/admin/#/login');
    await console.getByLabel('Email').fill(E2E_OPERATOR.email);
    await console.getByLabel('Password').fill(E2E_OPERATOR.password);
    await console.getByRole('button', { name: 'Sign in' }).click();
    await console.getByRole('navigation', { name: 'Console menu' }).getByRole('link', { name: 'Deposits' }).click();
    const row = console.getByRole('row', { name: new RegExp(session.user.email) });
    await expect(row).toContainText(reference);
    await expect(row).toContainText('US stocks');
    await row.getByRole('button', { name: 'Approve' }).click();
    await console.locator('.ant-popconfirm').getByRole('button', { name: 'Approve' }).click();
    await expect(console.getByText('Deposit credited')).toBeVisible();
  } finally {
    await context.close();
  }

  // Credited to the stock wallet: the Account tab shows the US-stock buying power, and the ticket buys at once.
  await page.goto('/#/pages/profile/index');
  await expect(page.getByTestId('buying-power-0')).toContainText('$3.000,00');
  await page.goto(`/#/pages/quote/stock?name=Apple&code=${CODE}&source=0`);
  await page.getByRole('link', { name: 'Comprar' }).click();
  await expect(page.getByText('$3.000,00')).toBeVisible();
  await page.getByLabel('Cantidad').fill('2');
  await page.locator('button[type="submit"]').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Enviar orden' }).click();
  await expect(page.getByText('Orden ejecutada')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: CODE })).toBeVisible();
  const stock = await stack.api<{ balance: string }>('/wallet/getWalletBalance', { token: session.token, body: { walletType: 'STOCK' } });
  expect(Number(stock.balance)).toBeLessThan(3000);
});

test('a ticket short of money in its wallet offers a one-tap transfer from another, with the FX quote across currencies', async ({
  page,
  stack,
}) => {
  const session = await signUpInApp(page, stack, 'fondeo');
  await page.goto('/#/pages/deposit/fiat');
  await page.getByLabel('¿Para qué es este dinero?').selectOption('AR');
  await expect(page.getByText('Bolsa Demo S.A. (DEMO)')).toBeVisible();
  await page.getByLabel('Monto').fill('5000000');
  await page.getByLabel('Captura de la transferencia').setInputFiles({ name: 'transferencia.png', mimeType: 'image/png', buffer: tinyPng });
  await expect(page.getByText('Cambiar imagen')).toBeVisible();
  await page.getByRole('button', { name: 'Enviar depósito' }).click();
  await expect(page.getByText('Depósito enviado')).toBeVisible();
  const operator = await stack.operatorToken();
  const queue = await stack.api<{ list: Array<{ id: string; userEmail: string }> }>('/deposits?status=pending&pageSize=100', {
    isOperator: true,
    token: operator,
    method: 'GET',
  });
  const deposit = queue.list.find((entry) => entry.userEmail === session.user.email);
  if (!deposit) throw new Error('the deposit is not in the review queue');
  await stack.api(`/deposits/${deposit.id}/approve`, { isOperator: true, token: operator });

  // The US-stock wallet is empty; the ticket offers the pesos, converted at a quoted rate, without leaving.
  await page.goto(`/#/pages/payment/stock?name=Apple&code=${CODE}&source=0&direction=0`);
  await page.getByLabel('Cantidad').fill('1');
  await expect(page.getByText('El saldo disponible no cubre esta orden.')).toBeVisible();
  const offer = page.getByRole('region', { name: 'Fondos en otra billetera' });
  await expect(offer.getByTestId('top-up-quote')).toContainText('ARS');
  await offer.getByRole('button', { name: /^Transferir ARS/ }).click();
  await expect(page.getByText('Transferencia hecha: ya puede enviar la orden')).toBeVisible();
  await expect(offer).toHaveCount(0);
  await page.locator('button[type="submit"]').click();
  await page.getByRole('dialog').getByRole('button', { name: 'Enviar orden' }).click();
  await expect(page.getByText('Orden ejecutada')).toBeVisible();
});
