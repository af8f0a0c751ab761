import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import { E2E_OPERATOR, expect, type Stack, signUpInApp, test, tinyPng, totpCodeAt, uniqueEmail } from './fixtures.ts';

const desktop = { width: 1280, height: 800 };

// Each test walks many console pages (and axe scans them) on a shared two-core machine.
test.describe.configure({ timeout: 180_000 });

/** A console tab in English (the console, like the app, starts in Spanish). */
async function openConsole(browser: Browser, stack: Stack) {
  const context = await browser.newContext({ baseURL: stack.baseURL, viewport: desktop });
  await context.addInitScript(() => window.localStorage.setItem('usa12_locale', 'en'));
  return { context, page: await context.newPage() };
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto('/admin/#/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Operator sign-in' })).toBeVisible();
}

test('an operator enrols two-factor sign-in, signs in with a code, and verifies an identity a user sent from the app', async ({
  browser,
  stack,
}, testInfo) => {
  // The journey's own operator: turning on two-factor for the shared e2e operator would lock the other journeys out.
  const operator = { email: uniqueEmail('consola-revisor'), password: 'console-operator-password' };
  const { context, page } = await openConsole(browser, stack);
  try {
    // The shared admin adds the new operator through the console.
    await signInWithPassword(page, E2E_OPERATOR.email, E2E_OPERATOR.password);
    await expect(page.getByTestId('operator-role')).toHaveText('Administrator');
    await page.getByRole('link', { name: 'Operators' }).click();
    await page.getByRole('button', { name: 'Add operator' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Email').fill(operator.email);
    await dialog.getByLabel('Initial password').fill(operator.password);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText(`${operator.email} can now sign in`)).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(operator.email) })).toContainText('Reviewer');
    await signOut(page);

    // The reviewer enrols TOTP: the QR code and the key are shown, a code from the key confirms.
    await signInWithPassword(page, operator.email, operator.password);
    await expect(page.getByTestId('operator-role')).toHaveText('Reviewer');
    await expect(page.getByRole('link', { name: 'Operators' })).toHaveCount(0);
    await page.getByRole('link', { name: 'My security' }).click();
    await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await expect(page.getByRole('img', { name: 'QR code to add this account to an authenticator app' })).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await page.screenshot({ path: testInfo.outputPath('console-totp-enrolment.png') });
    await page.getByLabel('6-digit code').fill(totpCodeAt(secret, Date.now()));
    await page.getByRole('button', { name: 'Confirm and turn on' }).click();
    await expect(page.getByText('Two-factor sign-in is on')).toBeVisible();
    await signOut(page);

    // The password alone no longer signs in; the code does. The step that confirmed is spent, so the next one is used.
    await signInWithPassword(page, operator.email, operator.password);
    await expect(page.getByLabel('6-digit code')).toBeVisible();
    await page.getByLabel('6-digit code').fill('000000' === totpCodeAt(secret, Date.now() + 30_000) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page.getByText('The code is wrong or was already used')).toBeVisible();
    await page.getByLabel('6-digit code').fill(totpCodeAt(secret, Date.now() + 30_000));
    await page.getByRole('button', { name: 'Verify and sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    await expect(page.getByTestId('operator-email')).toHaveText(operator.email);

    // Meanwhile a user sends an ID card through the app, in another browser context.
    const userContext = await browser.newContext({ baseURL: stack.baseURL, viewport: { width: 375, height: 812 } });
    try {
      const app = await userContext.newPage();
      const user = await signUpInApp(app, stack, 'consola');
      await app.goto('/#/pages/kycverify/idcard');
      await app.getByLabel('País de emisión').selectOption('AR');
      await app.getByLabel('Nombre', { exact: true }).fill('Lucía');
      await app.getByLabel('Apellido').fill('Gómez');
      await app.getByLabel('Número de documento').fill('27999888');
      await app.getByLabel('Frente del documento').setInputFiles({ name: 'frente.png', mimeType: 'image/png', buffer: tinyPng });
      await app.getByLabel('Dorso del documento').setInputFiles({ name: 'dorso.png', mimeType: 'image/png', buffer: tinyPng });
      await expect(app.getByText('Cambiar imagen')).toHaveCount(2);
      await app.getByRole('button', { name: 'Enviar a revisión' }).click();
      await expect(app.getByRole('heading', { name: 'Esperando revisión' })).toBeVisible();

      // The reviewer opens the queue, looks at both sides of the document and verifies it.
      await page.getByRole('navigation', { name: 'Console menu' }).getByRole('link', { name: 'Identity verification' }).click();
      const row = page.getByRole('row', { name: new RegExp(user.user.email) });
      await expect(row).toContainText('Lucía Gómez');
      await row.getByRole('button', { name: 'Expand row' }).click();
      await expect(page.getByRole('img', { name: "Front of Lucía Gómez's document" })).toBeVisible();
      await expect(page.getByRole('img', { name: "Back of Lucía Gómez's document" })).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath('console-kyc-queue.png') });
      await row.getByRole('button', { name: 'Verify' }).click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'Verify' }).click();
      await expect(page.getByText('Identity verified; the user was told')).toBeVisible();
      await expect(page.getByRole('row', { name: new RegExp(user.user.email) })).toHaveCount(0);

      // The user sees it verified (after a refresh: live delivery arrives with the push socket).
      await app.getByRole('button', { name: 'Actualizar' }).click();
      await expect(app.getByRole('heading', { name: 'Verificada' })).toBeVisible();
      await expect(app.getByText('Verificada a nombre de Lucía Gómez')).toBeVisible();
    } finally {
      await userContext.close();
    }

    // The audit log shows the enrolment and the decision, by this operator.
    await signOut(page);
    await signInWithPassword(page, E2E_OPERATOR.email, E2E_OPERATOR.password);
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('textbox', { name: /^Action/ }).fill('kyc.approve');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('row', { name: new RegExp(`${operator.email}.*kyc\\.approve`) })).toBeVisible();
    await page.getByRole('textbox', { name: /^Action/ }).fill('operator.');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByRole('row', { name: /operator\.totp\.enable/ })).toContainText(operator.email);
    await expect(page.getByRole('row', { name: /operator\.create/ }).first()).toContainText(E2E_OPERATOR.email);
  } finally {
    await context.close();
  }
});

const scannedPages = [
  'dashboard',
  'kyc',
  'deposits',
  'withdrawals',
  'audit',
  'reconciliation',
  'operators',
  'security',
  'loan-applications',
  'loans',
  'loan-products',
];

test('axe finds no serious or critical violation on the console login and main pages', async ({ browser, stack }, testInfo) => {
  const { context, page } = await openConsole(browser, stack);
  const scan = async (name: string) => {
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
    expect(
      serious.map((violation) => `${name} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    ).toEqual([]);
  };
  // A pending verification and a pending deposit, so the queues are scanned with rows and status tags.
  const appPage = await context.newPage();
  const user = await signUpInApp(appPage, stack, 'consola');
  await appPage.close();
  const upload = async () => {
    const form = new FormData();
    form.append('file', new Blob([tinyPng], { type: 'image/png' }), 'documento.png');
    const response = await fetch(`${stack.baseURL}/web/file/upload`, {
      method: 'POST',
      headers: { authorization: user.token },
      body: form,
    });
    return ((await response.json()) as { data: { url: string } }).data.url;
  };
  await stack.api('/updateReal', {
    token: user.token,
    body: {
      documentType: 'passport',
      countryCode: 'AR',
      firstName: 'Sofía',
      lastName: 'Díaz',
      idNumber: 'AAB123456',
      frontImageUrl: await upload(),
    },
  });
  await stack.api('/recharge/create', {
    token: user.token,
    body: { method: 'fiat', walletType: 'BALANCE', amount: '120.00', screenshotUrl: await upload() },
  });
  try {
    await page.goto('/admin/#/login');
    await expect(page.getByRole('heading', { name: 'Operator sign-in' })).toBeVisible();
    await scan('login');
    await signInWithPassword(page, E2E_OPERATOR.email, E2E_OPERATOR.password);
    await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
    for (const route of scannedPages) {
      await page.goto(`/admin/#/${route}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      // Scan the settled page: data loaded (no spinner) and the menu's selection colour faded in.
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
      await page.waitForTimeout(400);
      await scan(route);
      await page.screenshot({ path: testInfo.outputPath(`console-${route}.png`), fullPage: true });
    }
    // The narrow layout (side menu folded away) too.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/admin/#/kyc');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await scan('kyc at 375 px');
    await page.screenshot({ path: testInfo.outputPath('console-kyc-375.png'), fullPage: true });
  } finally {
    await context.close();
  }
});
