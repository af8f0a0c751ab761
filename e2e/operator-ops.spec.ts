import AxeBuilder from '@axe-core/playwright';
import type { Browser } from '@playwright/test';
import { expect, type Stack, test, uniqueEmail } from './fixtures.ts';

type Session = { token: string; user: { id: string } };
type Wallet = { balance: string };

async function registeredUser(stack: Stack): Promise<Session & { email: string }> {
  const email = uniqueEmail('ops');
  await stack.api('/getEmailCode', { body: { email, type: 'register' } });
  const session = await stack.api<Session>('/register', {
    body: { email, password: 'secret123', confirmPassword: 'secret123', code: await stack.codeFor(email) },
  });
  return { ...session, email };
}

/** The console in English at desktop size, signed in with an operator token taken through the real API. */
async function consolePage(browser: Browser, stack: Stack, token: string) {
  const profile = await stack.api<{ id: string; email: string; role: string }>('/auth/me', { token, isOperator: true, method: 'GET' });
  const context = await browser.newContext({ baseURL: stack.baseURL, viewport: { width: 1280, height: 900 } });
  await context.addInitScript(
    (session) => {
      window.localStorage.setItem('bolsa_operator_token', session.token);
      window.localStorage.setItem('bolsa_operator', session.operator);
      window.localStorage.setItem('usa12_locale', 'en');
    },
    { token, operator: JSON.stringify({ id: profile.id, email: profile.email, role: profile.role }) },
  );
  return { context, page: await context.newPage() };
}

async function createReviewer(stack: Stack, admin: string): Promise<string> {
  const email = uniqueEmail('reviewer');
  await stack.api('/operators', { token: admin, isOperator: true, body: { email, password: 'reviewer-password-1', role: 'reviewer' } });
  const login = await stack.api<{ token: string }>('/auth/login', { isOperator: true, body: { email, password: 'reviewer-password-1' } });
  return login.token;
}

test("an operator freezes a user's trading from the console; the user's next order is refused, another user is not touched", async ({
  browser,
  stack,
}) => {
  const admin = await stack.operatorToken();
  const frozen = await registeredUser(stack);
  const bystander = await registeredUser(stack);
  const { context, page } = await consolePage(browser, stack, admin);
  try {
    await page.goto('/admin/#/users');
    await page.getByRole('searchbox', { name: 'Search users' }).fill(frozen.email);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('link', { name: frozen.email }).click();
    await expect(page.getByRole('heading', { level: 1, name: frozen.email })).toBeVisible();
    const tradingRow = page.locator('.ant-space-item', { hasText: 'Trading' }).first();
    await expect(tradingRow).toBeVisible();
    await page.getByRole('button', { name: 'Freeze' }).nth(1).click();
    await page.getByLabel('Reason (recorded in the audit log)').fill('Margin abuse under review');
    await page.getByRole('button', { name: 'Confirm' }).click();
    // The freeze line of the user's page (the dialog's text box, closing, may still hold the same words).
    await expect(page.getByText(/Frozen since .*Margin abuse under review/)).toBeVisible();
  } finally {
    await context.close();
  }
  const order = (token: string) =>
    fetch(`${stack.baseURL}/web/stock/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token, languages: 'en' },
      body: JSON.stringify({
        stockCode: 'AAPL',
        direction: 0,
        quantity: '1',
        leverage: 1,
        idempotencyKey: `e2e-${Date.now()}-${token.slice(0, 6)}`,
      }),
    }).then((response) => response.json() as Promise<{ code: number; msg: string }>);
  expect(await order(frozen.token)).toMatchObject({ code: 5040 });
  // The bystander has no money: refused for funds, never for a freeze.
  expect((await order(bystander.token)).code).not.toBe(5040);
});

test('four eyes in the console: a reviewer requests a credit, the admin approves it on the adjustments page, the wallet shows it', async ({
  browser,
  stack,
}) => {
  const admin = await stack.operatorToken();
  const reviewer = await createReviewer(stack, admin);
  const user = await registeredUser(stack);
  await stack.api('/adjustments', {
    token: reviewer,
    isOperator: true,
    body: {
      userId: user.user.id,
      walletType: 'BALANCE',
      direction: 'credit',
      amount: '40.00',
      reasonCode: 'goodwill',
      note: `e2e ${user.email}`,
    },
  });
  const wallet = () => stack.api<Wallet>('/wallet/getWalletBalance', { token: user.token, body: { walletType: 'BALANCE' } });
  expect((await wallet()).balance).toBe('0.00');
  const { context, page } = await consolePage(browser, stack, admin);
  try {
    await page.goto('/admin/#/adjustments');
    const row = page.getByRole('row', { name: new RegExp(`e2e ${user.email.replace(/[.]/g, '\\.')}`) });
    await row.getByRole('button', { name: 'Approve' }).click();
    await page.getByRole('tooltip').getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Approved: the ledger moved')).toBeVisible();
  } finally {
    await context.close();
  }
  expect((await wallet()).balance).toBe('40.00');
});

test('halting an instrument in the console refuses new orders on it until it resumes', async ({ browser, stack }) => {
  const admin = await stack.operatorToken();
  const { context, page } = await consolePage(browser, stack, admin);
  try {
    await page.goto('/admin/#/instruments');
    await page.getByRole('searchbox', { name: 'Search instruments' }).fill('NVDA');
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row', { name: /NVDA/ });
    await row.getByRole('button', { name: 'Halt' }).click();
    await page.getByLabel('Reason for the halt').fill('Pending news');
    await page.getByRole('dialog').getByRole('button', { name: 'Halt' }).click();
    await expect(row.getByText('Halted')).toBeVisible();
    const user = await registeredUser(stack);
    const ticket = await stack.api<{ isHalted: boolean }>('/stocka_config/getMinCount', { token: user.token, body: { stockCode: 'NVDA' } });
    expect(ticket.isHalted).toBe(true);
    await row.getByRole('button', { name: 'Resume' }).click();
    await expect(row.getByText('Trading', { exact: true })).toBeVisible();
  } finally {
    await context.close();
  }
});

for (const route of ['#/users', '#/adjustments', '#/instruments']) {
  test(`axe finds no serious or critical violation on the console page ${route}`, async ({ browser, stack }) => {
    const { context, page } = await consolePage(browser, stack, await stack.operatorToken());
    try {
      await page.goto(`/admin/${route}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('.ant-table-tbody').first()).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
