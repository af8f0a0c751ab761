import type { Page } from '@playwright/test';
import { e2eInstrumentCodes, expect, type Stack, test, tinyPng, uniqueEmail } from './fixtures.ts';

type Session = { token: string; user: { id: string; email: string } };

/** A US stock the journeys' server lists (see e2eInstrumentCodes). */
const CODE = 'AAPL';

/** Registers through the real API (code from the SMTP sink) and opens the app logged in. */
async function signUp(page: Page, stack: Stack): Promise<Session> {
  const email = uniqueEmail('trading');
  await stack.api('/getEmailCode', { body: { email, type: 'register' } });
  const session = await stack.api<Session>('/register', {
    body: { email, password: 'secret123', confirmPassword: 'secret123', code: await stack.codeFor(email) },
  });
  await page.goto('/#/pages/auth/login');
  await page.evaluate((value) => {
    localStorage.setItem('usa12_token', value.token);
    localStorage.setItem('usa12_user', JSON.stringify(value.user));
  }, session);
  return session;
}

/** Deposits through the app's fiat page and has the operator approve it through the operator API. */
async function depositAndApprove(page: Page, stack: Stack, amount: string) {
  await page.goto('/#/pages/deposit/fiat');
  await page.getByLabel('Monto').fill(amount);
  await page.getByLabel('Captura de la transferencia').setInputFiles({ name: 'transferencia.png', mimeType: 'image/png', buffer: tinyPng });
  await expect(page.getByText('Cambiar imagen')).toBeVisible();
  await page.getByRole('button', { name: 'Enviar depósito' }).click();
  await expect(page.getByText('Depósito enviado')).toBeVisible();
  const operator = await stack.operatorToken();
  const queue = await stack.api<{ list: Array<{ id: string }> }>('/deposits?status=pending', {
    isOperator: true,
    token: operator,
    method: 'GET',
  });
  const deposit = queue.list.at(-1);
  if (!deposit) throw new Error('the deposit is not in the review queue');
  await stack.api(`/deposits/${deposit.id}/approve`, { isOperator: true, token: operator });
}

test('buy a US stock at market from its quote page, close half, and see the realised P&L in the statement', async ({ page, stack }) => {
  expect(e2eInstrumentCodes).toContain(CODE);
  const session = await signUp(page, stack);
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
  await expect(row.getByText('Resultado flotante')).toBeVisible();
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

  // The realised profit or loss of the close is a movement of the statement.
  await page.goto('/#/pages/profile/transaction');
  await expect(page.getByText('Ganancia/pérdida realizada').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/trading-statement.png' });
});
