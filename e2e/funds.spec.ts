import { depositAndApprove, E2E_OPERATOR, expect, seriousViolations, signUpInApp, test } from './fixtures.ts';

// The journey walks the app and the console on a shared two-core machine.
test.describe.configure({ timeout: 180_000 });

const today = () => new Date().toISOString().slice(0, 10);
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
const dayText = (day: string) => day.split('-').reverse().join('/');

test("buy the current fund at its published rate, the operator publishes tomorrow's and closes today, its income is posted, redeem", async ({
  page,
  browser,
  stack,
}, testInfo) => {
  const session = await signUpInApp(page, stack, 'fondos');
  await depositAndApprove(page, stack, '1000');

  // Today's rate was published before today started (the demo publishes a day ahead, as an operator
  // must: the console refuses today's). The server's clock cannot move, so the journey earns that rate.
  const operator = await stack.operatorToken();
  const products = await stack.api<Array<{ id: string; kind: string; name: string }>>('/funds/products', {
    isOperator: true,
    token: operator,
    method: 'GET',
  });
  const current = products.find((product) => product.kind === 'current');
  if (!current) throw new Error('no current fund');
  const rates = await stack.api<{ list: Array<{ date: string; rateBps: number }> }>(
    `/funds/products/${current.id}/rates?pageNum=1&pageSize=20`,
    { isOperator: true, token: operator, method: 'GET' },
  );
  const todayRate = rates.list.find((rate) => rate.date === today());
  if (!todayRate) throw new Error("no rate published for today's date");
  // 1000 × rate / 365, rounded half up to the cent (214 basis points: 0.0586… → 0.06).
  const income = (Math.round((1000 * todayRate.rateBps) / 365 / 100) / 100).toFixed(2).replace('.', ',');

  // The fund as offered: the latest published rate, labelled with its day, and the redemption rule; then the purchase.
  await page.goto('/#/pages/yinmutual/index');
  const card = page.getByRole('listitem', { name: current.name });
  await expect(card.getByText(/^Tasa anual publicada para el \d\d\/\d\d\/\d{4} \(UTC\)$/)).toBeVisible();
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

  // In the console an operator publishes tomorrow's rate (the form offers tomorrow and says the rule; today's is
  // refused), then, the test hook as the other journeys trigger jobs, closes today and posts its income.
  const context = await browser.newContext({ baseURL: stack.baseURL, viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => window.localStorage.setItem('usa12_locale', 'en'));
  try {
    const console = await context.newPage();
    await console.goto('/admin/#/login');
    await console.getByLabel('Email').fill(E2E_OPERATOR.email);
    await console.getByLabel('Password').fill(E2E_OPERATOR.password);
    await console.getByRole('button', { name: 'Sign in' }).click();
    await console.getByRole('navigation', { name: 'Console menu' }).getByRole('link', { name: 'Fund income' }).click();
    // The rates form comes after the income report's day field, which has the same label.
    await expect(console.getByText(/only tomorrow's can be published or corrected/)).toBeVisible();
    const rateDay = console.getByLabel('Day (UTC)').last();
    const publishRate = console.getByRole('button', { name: 'Publish rate' });
    await expect(rateDay).toHaveValue(tomorrow());
    await rateDay.fill(today());
    await console.getByRole('spinbutton', { name: 'Annual rate (basis points)' }).fill('365');
    await publishRate.click();
    await expect(console.getByText(/A rate is published before its day starts/).first()).toBeVisible();
    await rateDay.fill(tomorrow());
    await publishRate.click();
    await expect(console.getByText('Rate published', { exact: true }).first()).toBeVisible();
    await expect(console.getByRole('row', { name: new RegExp(`^${tomorrow()} 3\\.65`) })).toBeVisible();
    await console.getByLabel('Day (UTC)').first().fill(today());
    await console.getByRole('button', { name: 'Close and post income' }).click();
    await console.locator('.ant-popconfirm').getByRole('button', { name: 'Close and post income' }).click();
    await expect(console.getByText('Income posted', { exact: true }).first()).toBeVisible();
    await expect(console.getByText(/^Funds-held \(\d+\.\d\d USD\) equals the holdings/)).toBeVisible();
    await expect(console.getByRole('row', { name: new RegExp(session.user.email) })).toContainText(income.replace(',', '.'));
    await console.screenshot({ path: testInfo.outputPath('console-fund-income.png'), fullPage: true });
  } finally {
    await context.close();
  }

  // The income, as posted at today's rate, in the holding and in the totals; the fund now shows tomorrow's rate.
  // A fresh load: the list the app fetched before the operator published is not what it shows now.
  await page.goto('/#/pages/yinmutual/index');
  await page.reload();
  await expect(card.getByText(`Tasa anual publicada para el ${dayText(tomorrow())} (UTC)`)).toBeVisible();
  await expect(card.getByRole('definition').filter({ hasText: /^3,65\s%$/ })).toBeVisible();
  await page.goto('/#/pages/yinmutual/myhold');
  const holding = page.getByRole('listitem', { name: current.name });
  await expect(holding.getByText(`Rendimiento del ${dayText(today())}`)).toBeVisible();
  await expect(holding.getByRole('definition').filter({ hasText: `$1.000,${income.slice(-2)}` })).toBeVisible();
  await expect(
    holding
      .getByRole('definition')
      .filter({ hasText: `$${income}` })
      .first(),
  ).toBeVisible();
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
