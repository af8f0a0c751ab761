import type { Page } from '@playwright/test';
import { expect, type Stack, signUpInApp, test, tinyPng } from './fixtures.ts';

/** Sends a deposit with its screenshot through the app's fiat page; it waits for an operator. */
async function sendDeposit(page: Page, amount: string) {
  await page.goto('/#/pages/deposit/fiat');
  await page.getByLabel('Monto').fill(amount);
  await page.getByLabel('Captura de la transferencia').setInputFiles({ name: 'transferencia.png', mimeType: 'image/png', buffer: tinyPng });
  await expect(page.getByText('Cambiar imagen')).toBeVisible();
  await page.getByRole('button', { name: 'Enviar depósito' }).click();
  await expect(page.getByText('Depósito enviado')).toBeVisible();
}

/** The operator, elsewhere (the operator API, not this browser), approves the newest pending deposit. */
async function approveNewestDeposit(stack: Stack, amount: string) {
  const operator = await stack.operatorToken();
  const queue = await stack.api<{ list: Array<{ id: string; amount: string }> }>('/deposits?status=pending&pageSize=100', {
    isOperator: true,
    token: operator,
    method: 'GET',
  });
  const deposit = queue.list.find((entry) => entry.amount === amount) ?? queue.list.at(-1);
  if (!deposit) throw new Error('the deposit is not in the review queue');
  await stack.api(`/deposits/${deposit.id}/approve`, { isOperator: true, token: operator });
}

test('the balance updates while the Account tab is open when an operator approves a deposit in another context', async ({
  page,
  stack,
}) => {
  await signUpInApp(page, stack, 'vivo');
  await sendDeposit(page, '375');

  // The Account tab, read before the approval: nothing credited yet.
  await page.goto('/#/pages/profile/index');
  await expect(page.getByRole('heading', { name: 'Mis billeteras' })).toBeVisible();
  await expect(page.getByText('$375,00')).toHaveCount(0);
  // A mark on this very document: a reload would lose it.
  await page.evaluate(() => {
    (window as unknown as { sameDocument?: boolean }).sameDocument = true;
  });

  await approveNewestDeposit(stack, '375.00');

  // No reload, no navigation, no focus change: the push socket's balance event refetches the wallets.
  await expect(page.getByText('$375,00').first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

  // The statement, opened inside the app, has the credit too.
  await page.goto('/#/pages/profile/transaction');
  await expect(page.getByRole('heading', { name: 'Estado de cuenta' })).toBeVisible();
  await expect(page.getByText('+$375,00')).toBeVisible();
});
