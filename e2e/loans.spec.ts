import { expect, openConsoleAsOperator, seriousViolations, signUpInApp, test } from './fixtures.ts';

// The journey walks the app and the console on a shared two-core machine.
test.describe.configure({ timeout: 180_000 });

test('a verified user sees the terms, applies, an operator approves in the console, the money arrives, and two repayments close the loan', async ({
  page,
  browser,
  stack,
}, testInfo) => {
  const session = await signUpInApp(page, stack, 'prestamo');
  await stack.verifyIdentity(session.token);

  // Every cost before anything is asked: the score explained, then the terms of 1000 over 7 days.
  await page.goto('/#/pages/loan/index');
  await expect(page.getByRole('heading', { name: 'Su puntuación de crédito' })).toBeVisible();
  await expect(page.getByText('30 de 100')).toBeVisible();
  await page.getByRole('button', { name: /7 días/ }).click();
  await page.getByLabel('Importe del préstamo (USD)').fill('1000');
  const terms = page.getByRole('region', { name: 'Condiciones para este importe' });
  // 1000 × 0,04 % a day × 7 days = 2,80 of interest; APR 0,04 % × 365 = 14,6 %.
  await expect(terms.getByRole('definition').filter({ hasText: '$2,80' })).toBeVisible();
  await expect(terms).toContainText('$1.002,80');
  await expect(terms).toContainText('14,6 %');
  await expect(terms).toContainText('$50,00');
  await page.screenshot({ path: testInfo.outputPath('loan-terms.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Solicitar con estas condiciones' }).click();
  await expect(page.getByText('Solicitud enviada. Recibirá un mensaje cuando se resuelva.')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'En revisión' })).toBeVisible();

  // The operator sees the applicant's score in the queue and approves.
  const { context, console, menu } = await openConsoleAsOperator(browser, stack);
  try {
    await menu.getByRole('link', { name: 'Loan applications' }).click();
    const row = console.getByRole('row', { name: new RegExp(session.user.email) });
    await expect(row).toContainText('1000.00 USD', { timeout: 30_000 });
    await row.getByRole('button', { name: 'Approve' }).click();
    await console.locator('.ant-popconfirm').getByRole('button', { name: 'Approve' }).click();
    await expect(console.getByText('Decision recorded')).toBeVisible();
    await menu.getByRole('link', { name: 'Loan book' }).click();
    await expect(console.getByText(/Loans-receivable \(\d+\.\d\d USD\) equals the sum of what the loans owe/)).toBeVisible();
    await console.getByRole('link', { name: /^\d+$/ }).first().click();
    await expect(console.getByText('Approved and paid out')).toBeVisible();
    await console.screenshot({ path: testInfo.outputPath('console-loan-history.png'), fullPage: true });
  } finally {
    await context.close();
  }

  // The money arrives in the chosen wallet, and the loan is in use.
  const balance = await stack.api<{ balance: string }>('/wallet/getWalletBalance', {
    token: session.token,
    body: { walletType: 'BALANCE' },
  });
  expect(balance.balance).toBe('1000.00');
  // From the Account tab, as a user would come back to it.
  await page.goto('/#/pages/profile/index');
  await page.getByRole('link', { name: 'Mis préstamos' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: 'En uso' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('loan-record.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('link', { name: 'Devolver' }).click();

  // Two repayments: part, then all that is left.
  await page.getByLabel('Importe a devolver (USD)').fill('400');
  await page.getByRole('button', { name: 'Devolver', exact: true }).click();
  await expect(
    page.getByRole('status').filter({ hasText: /^Devolvió \$400,00: \$0,00 de intereses, \$0,00 de penalización, \$400,00 de capital/ }),
  ).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: '$600,00' }).first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('loan-repayment.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Todo' }).click();
  await page.getByRole('button', { name: 'Devolver', exact: true }).click();
  await expect(page.getByText('El préstamo está totalmente devuelto.')).toBeVisible();

  await page.goto('/#/pages/loan/record');
  await expect(page.getByRole('listitem').filter({ hasText: 'Devuelto' })).toBeVisible();
  const after = await stack.api<{ balance: string }>('/wallet/getWalletBalance', { token: session.token, body: { walletType: 'BALANCE' } });
  expect(after.balance).toBe('0.00');
});
