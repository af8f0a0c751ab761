import type { Page } from '@playwright/test';
import { expect, type Stack, signUpInApp, test, tinyPng } from './fixtures.ts';

const screenshot = { name: 'transferencia.png', mimeType: 'image/png', buffer: tinyPng };

/** Deposits through the app's fiat page and has the operator approve it through the operator API. */
async function depositAndApprove(page: Page, stack: Stack, amount: string) {
  await page.goto('/#/pages/deposit/fiat');
  await page.getByLabel('Monto').fill(amount);
  await page.getByLabel('Captura de la transferencia').setInputFiles(screenshot);
  await expect(page.getByText('Cambiar imagen')).toBeVisible();
  await page.getByRole('button', { name: 'Enviar depósito' }).click();
  await expect(page.getByText('Depósito enviado')).toBeVisible();
  const operator = await stack.operatorToken();
  const queue = await stack.api<{ list: Array<{ id: string; amount: string }> }>('/deposits?status=pending', {
    isOperator: true,
    token: operator,
    method: 'GET',
  });
  const deposit = queue.list.at(-1);
  if (!deposit) throw new Error('the deposit is not in the review queue');
  expect(deposit.amount).toBe(Number(amount).toFixed(2));
  await stack.api(`/deposits/${deposit.id}/approve`, { isOperator: true, token: operator });
}

test('a deposit with a screenshot is approved by an operator and shows in the balance and the statement', async ({ page, stack }) => {
  await signUpInApp(page, stack, 'fondos');
  await depositAndApprove(page, stack, '250');

  await page.goto('/#/pages/profile/index');
  await expect(page.getByRole('heading', { name: 'Mis billeteras' })).toBeVisible();
  await expect(page.getByText('$250,00').first()).toBeVisible();

  await page.goto('/#/pages/profile/transaction');
  await expect(page.getByRole('heading', { name: 'Estado de cuenta' })).toBeVisible();
  // Each line reads as a sentence of its reason (issue 15 §6).
  await expect(page.getByRole('list', { name: 'Estado de cuenta' }).getByText('Depósito bancario')).toBeVisible();
  await expect(page.getByText('+$250,00')).toBeVisible();

  // The user is told, with an unread badge that clears once the message is read.
  await page.goto('/#/pages/profile/index');
  await expect(page.getByRole('link', { name: /Mensajes/ })).toContainText('1 sin leer');
  await page.getByRole('link', { name: /Mensajes/ }).click();
  await page.getByRole('button', { name: /Depósito acreditado/ }).click();
  await expect(page.getByText('Su depósito de 250.00 USD se acreditó en su billetera.')).toBeVisible();
  await page.goto('/#/pages/profile/index');
  await expect(page.getByRole('link', { name: /Mensajes/ })).not.toContainText('sin leer');
});

test('money moves between two wallets of the same person', async ({ page, stack }) => {
  const session = await signUpInApp(page, stack, 'fondos');
  await depositAndApprove(page, stack, '100');
  await page.goto('/#/pages/profile/transfer');
  await page.getByLabel('Billetera de origen').selectOption('BALANCE');
  await page.getByLabel('Billetera de destino').selectOption('STOCK');
  await page.getByLabel(/^Monto/).fill('40');
  await page.getByRole('button', { name: 'Transferir', exact: true }).click();
  await expect(page.getByText('Transferencia realizada')).toBeVisible();
  const stock = await stack.api<{ balance: string }>('/wallet/getWalletBalance', { token: session.token, body: { walletType: 'STOCK' } });
  const balance = await stack.api<{ balance: string }>('/wallet/getWalletBalance', {
    token: session.token,
    body: { walletType: 'BALANCE' },
  });
  expect([balance.balance, stock.balance]).toEqual(['60.00', '40.00']);
});

test('a withdrawal with a wrong pay password is refused; the right one waits, the operator pays it, the timeline shows it', async ({
  page,
  stack,
}) => {
  const session = await signUpInApp(page, stack, 'fondos');
  await depositAndApprove(page, stack, '100');
  await stack.verifyIdentity(session.token);
  await stack.api('/settingPayPassword', { token: session.token, body: { payPassword: '246810', confirmPayPassword: '246810' } });
  await stack.api('/UserAccount/addCardNo', {
    token: session.token,
    body: { bankName: 'Banco Nación', accountName: 'Ana Pérez', cardNumber: '4509953580006623' },
  });

  await page.goto('/#/pages/withdraw/bcard');
  await expect(page.getByText('Disponible para retirar')).toBeVisible();
  const cardSelect = page.getByLabel('Tarjeta bancaria', { exact: true });
  await cardSelect.selectOption({ index: 1 });
  await page.getByLabel(/^Monto/).fill('30');
  const typeCode = async (code: string) => {
    await page.getByRole('button', { name: 'Retirar', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Ingrese su contraseña de transacción' })).toBeVisible();
    for (const digit of code) await page.getByRole('button', { name: digit, exact: true }).click();
  };
  await typeCode('111111');
  await expect(page.getByText('La contraseña de transacción no es correcta')).toBeVisible();
  const afterWrong = await stack.api<{ usedBalance: string }>('/wallet/getWalletBalance', {
    token: session.token,
    body: { walletType: 'BALANCE' },
  });
  expect(afterWrong.usedBalance).toBe('0.00');

  const cancel = page.getByRole('button', { name: 'Cancelar' });
  if (await cancel.isVisible()) await cancel.click();
  await typeCode('246810');
  await expect(page.getByText('Retiro solicitado')).toBeVisible();
  const held = await stack.api<{ usedBalance: string; availableBalance: string }>('/wallet/getWalletBalance', {
    token: session.token,
    body: { walletType: 'BALANCE' },
  });
  expect(held).toMatchObject({ usedBalance: '30.00', availableBalance: '70.00' });

  const operator = await stack.operatorToken();
  const queue = await stack.api<{ list: Array<{ id: string; userEmail: string }> }>('/withdrawals?status=pending', {
    isOperator: true,
    token: operator,
    method: 'GET',
  });
  const mine = queue.list.find((entry) => entry.userEmail === session.user.email);
  if (!mine) throw new Error('the withdrawal is not in the review queue');
  await stack.api(`/withdrawals/${mine.id}/approve`, { isOperator: true, token: operator });

  await page.goto('/#/pages/deposit/record?tab=withdrawals');
  await page.reload();
  await expect(page.getByText('Pagado').first()).toBeVisible();
  const paid = await stack.api<{ balance: string; usedBalance: string }>('/wallet/getWalletBalance', {
    token: session.token,
    body: { walletType: 'BALANCE' },
  });
  expect(paid).toMatchObject({ balance: '70.00', usedBalance: '0.00' });
});

test('identity verification: the user sends an ID card, an operator verifies it, the app shows it verified', async ({ page, stack }) => {
  await signUpInApp(page, stack, 'fondos');
  await page.goto('/#/pages/profile/index');
  await expect(page.getByRole('link', { name: /Verificación de identidad/ })).toContainText('Sin verificar');
  await page.getByRole('link', { name: /Verificación de identidad/ }).click();
  await page.getByRole('link', { name: 'Documento de identidad' }).click();
  await page.getByLabel('País de emisión').selectOption('AR');
  await page.getByLabel('Nombre', { exact: true }).fill('Ana');
  await page.getByLabel('Apellido').fill('Pérez');
  await page.getByLabel('Número de documento').fill('30123456');
  await page.getByLabel('Frente del documento').setInputFiles({ name: 'frente.png', mimeType: 'image/png', buffer: tinyPng });
  await page.getByLabel('Dorso del documento').setInputFiles({ name: 'dorso.png', mimeType: 'image/png', buffer: tinyPng });
  await expect(page.getByText('Cambiar imagen')).toHaveCount(2);
  await page.getByRole('button', { name: 'Enviar a revisión' }).click();
  await expect(page.getByRole('heading', { name: 'Esperando revisión' })).toBeVisible();
  await expect(page.getByText('En revisión: vuelva a consultar en 24 horas.')).toBeVisible();

  const operator = await stack.operatorToken();
  const queue = await stack.api<{ list: Array<{ id: string; firstName: string }> }>('/kyc?status=pending&pageSize=100', {
    isOperator: true,
    token: operator,
    method: 'GET',
  });
  const mine = queue.list.at(-1);
  expect(mine?.firstName).toBe('Ana');
  await stack.api(`/kyc/${mine?.id}/approve`, { isOperator: true, token: operator });

  await page.getByRole('button', { name: 'Actualizar' }).click();
  await expect(page.getByRole('heading', { name: 'Verificada' })).toBeVisible();
  await expect(page.getByText('Verificada a nombre de Ana Pérez')).toBeVisible();
});
