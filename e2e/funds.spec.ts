import { depositAndApprove, E2E_OPERATOR, expect, seriousViolations, signUpInApp, test } from './fixtures.ts';

// The journey walks the app and the console on a shared two-core machine.
test.describe.configure({ timeout: 180_000 });

const today = () => new Date().toISOString().slice(0, 10);
const todayText = () => today().split('-').reverse().join('/');

test('buy the current fund at its published rate, the operator closes the day and its income is posted, see the income, redeem', async ({
  page,
  browser,
  stack,
}, testInfo) => {
  const session = await signUpInApp(page, stack, 'fondos');
  await depositAndApprove(page, stack, '1000');

  // Today's rate, published by the operator: 3.65 % a year earns 1000 × 3.65 % / 365 = 0.10 a day.
  const operator = await stack.operatorToken();
  const products = await stack.api<Array<{ id: string; kind: string; name: string }>>('/funds/products', {
    isOperator: true,
    token: operator,
    method: 'GET',
  });
  const current = products.find((product) => product.kind === 'current');
  if (!current) throw new Error('no current fund');
  await stack.api(`/funds/products/${current.id}/rates`, { isOperator: true, token: operator, body: { date: today(), rateBps: 365 } });

  // The fund as offered: the rate published for today, labelled as such, and the redemption rule; then the purchase.
  await page.goto('/#/pages/yinmutual/index');
  const card = page.getByRole('listitem', { name: current.name });
  await expect(card.getByText(`Tasa anual publicada para el ${todayText()} (UTC)`)).toBeVisible();
  await expect(card.getByRole('definition').filter({ hasText: /^3,65\s%$/ })).toBeVisible();
  await card.getByRole('button', { name: `Comprar ${current.name}` }).click();
  await page.getByLabel('Importe (USD)').fill('1000');
  await page.screenshot({ path: testInfo.outputPath('fund-index.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Comprar', exact: true }).click();
  await expect(page.getByText(`Compró $1.000,00 de ${current.name}`)).toBeVisible();

  // A regular plan: 50 every month on day 1, shown with its next run date (UTC), then paused by the user.
  const plans = page.getByRole('form', { name: 'Inversión periódica' });
  await plans.getByLabel('Importe de cada vez (USD)').fill('50');
  await plans.getByRole('button', { name: 'Crear el plan' }).click();
  const plan = page.getByRole('listitem').filter({ hasText: '$50,00 · Mensual · día 1' });
  await expect(plan).toContainText('Activo');
  await expect(plan).toContainText(/Próxima ejecución: 01\/\d\d\/\d{4} \(UTC\)/);
  await plan.getByRole('button', { name: 'Pausar' }).click();
  await expect(plan).toContainText('Pausado');

  // The test hook, as the other journeys trigger jobs: an operator closes today in the console and posts its income.
  const context = await browser.newContext({ baseURL: stack.baseURL, viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => window.localStorage.setItem('usa12_locale', 'en'));
  try {
    const console = await context.newPage();
    await console.goto('/admin/#/login');
    await console.getByLabel('Email').fill(E2E_OPERATOR.email);
    await console.getByLabel('Password').fill(E2E_OPERATOR.password);
    await console.getByRole('button', { name: 'Sign in' }).click();
    await console.getByRole('navigation', { name: 'Console menu' }).getByRole('link', { name: 'Fund income' }).click();
    await console.getByLabel('Day (UTC)').first().fill(today());
    await console.getByRole('button', { name: 'Close and post income' }).click();
    await console.locator('.ant-popconfirm').getByRole('button', { name: 'Close and post income' }).click();
    await expect(console.getByText('Income posted', { exact: true }).first()).toBeVisible();
    await expect(console.getByText(/^Funds-held \(\d+\.\d\d USD\) equals the holdings/)).toBeVisible();
    await expect(console.getByRole('row', { name: new RegExp(session.user.email) })).toContainText('0.10');
    await console.screenshot({ path: testInfo.outputPath('console-fund-income.png'), fullPage: true });
  } finally {
    await context.close();
  }

  // The income, as posted: today's 0.10, in the holding and in the totals.
  await page.goto('/#/pages/yinmutual/myhold');
  const holding = page.getByRole('listitem', { name: current.name });
  await expect(holding.getByText(`Rendimiento del ${todayText()}`)).toBeVisible();
  await expect(holding.getByRole('definition').filter({ hasText: '$1.000,10' })).toBeVisible();
  await expect(holding.getByRole('definition').filter({ hasText: '$0,10' }).first()).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('fund-myhold.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);

  // Redeem part: when it arrives is shown before confirming (all of it now, within the daily limit).
  await holding.getByRole('button', { name: 'Rescatar' }).click();
  await page.getByLabel('Importe a rescatar (USD)').fill('400');
  await page.getByRole('button', { name: 'Ver cuándo llega' }).click();
  const quote = page.getByRole('region', { name: 'Este rescate' });
  await expect(quote).toContainText('Llega ahora');
  await expect(quote).toContainText('$400,00');
  await page.screenshot({ path: testInfo.outputPath('fund-redeem-quote.png'), fullPage: true });
  await page.getByRole('button', { name: 'Confirmar el rescate' }).click();
  await expect(page.getByText('Rescatado: el dinero está en su saldo general')).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: 'Rescate' }).first()).toContainText('$400,00');

  const balance = await stack.api<{ balance: string }>('/wallet/getWalletBalance', {
    token: session.token,
    body: { walletType: 'BALANCE' },
  });
  expect(balance.balance).toBe('400.00');
});
