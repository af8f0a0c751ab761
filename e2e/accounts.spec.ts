import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './fixtures.ts';

async function register(page: Page, codeFor: (email: string) => Promise<string>, email: string, password: string) {
  await page.goto('/#/pages/auth/register');
  await page.getByLabel('Correo').fill(email);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await expect(page.getByRole('button', { name: /Reenviar en \d+ s/ })).toBeVisible();
  await page.getByLabel('Código de verificación').fill(await codeFor(email));
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByLabel('Repetir contraseña').fill(password);
  await page.getByRole('button', { name: 'Registrarse' }).click();
  await expect(page.getByText('Registro exitoso')).toBeVisible();
  await expect(page).toHaveURL(/#\/pages\/home\/index/);
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/#/pages/auth/login');
  await page.getByLabel('Correo').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

test('a person registers with the emailed code, logs out and logs back in', async ({ page, stack }) => {
  const email = uniqueEmail('ana');
  await register(page, stack.codeFor, email, 'secret123');

  await page.getByRole('link', { name: 'Cuenta' }).click();
  await expect(page).toHaveURL(/#\/pages\/profile\/index/);
  await expect(page.getByText(email)).toBeVisible();
  await page.getByText('Cerrar sesión').click();
  await expect(page).toHaveURL(/#\/pages\/auth\/login/);
  expect(await page.evaluate(() => [localStorage.getItem('usa12_token'), localStorage.getItem('usa12_user')])).toEqual([null, null]);

  await logIn(page, email, 'secret123');
  await expect(page).toHaveURL(/#\/pages\/home\/index/);
  await page.goto('/#/pages/profile/index');
  await expect(page.getByText(email)).toBeVisible();
});

test('a wrong password shows the Spanish message and keeps the person on the login page', async ({ page }) => {
  await logIn(page, 'demo@bolsa.app', 'not-the-password');
  await expect(page.getByText('Correo o contraseña incorrectos')).toBeVisible();
  await expect(page).toHaveURL(/#\/pages\/auth\/login/);
});

test('switching to English changes the page at once and is remembered', async ({ page }) => {
  await page.goto('/#/pages/auth/login');
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  await page
    .getByRole('button', { name: /Idioma|Español/ })
    .first()
    .click();
  await page.getByText('English', { exact: true }).click();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');

  // The server answers in the chosen language too.
  await page.getByLabel('Email').fill('demo@bolsa.app');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Incorrect email or password')).toBeVisible();
});

test('changing the password ends the session on the other device', async ({ browser, stack }) => {
  const email = uniqueEmail('luis');
  const phone = await browser.newContext({ baseURL: stack.baseURL, viewport: { width: 375, height: 812 } });
  const laptop = await browser.newContext({ baseURL: stack.baseURL, viewport: { width: 375, height: 812 } });
  const onPhone = await phone.newPage();
  const onLaptop = await laptop.newPage();
  try {
    await register(onPhone, stack.codeFor, email, 'secret123');
    await logIn(onLaptop, email, 'secret123');
    await expect(onLaptop).toHaveURL(/#\/pages\/home\/index/);

    await onLaptop.goto('/#/pages/setting/loginpwd');
    await onLaptop.getByLabel('Contraseña actual').fill('secret123');
    await onLaptop.getByLabel('Nueva contraseña').fill('better456');
    await onLaptop.getByLabel('Repetir contraseña').fill('better456');
    await onLaptop.getByRole('button', { name: 'Guardar' }).click();
    await expect(onLaptop.getByText('Contraseña cambiada. Se cerraron sus otras sesiones.')).toBeVisible();

    // The laptop stays logged in; the phone's next call finds its session gone.
    await onLaptop.goto('/#/pages/profile/index');
    await expect(onLaptop.getByText(email)).toBeVisible();
    // A fresh load, so nothing is served from the app's cache: the first call meets the ended session.
    await onPhone.reload();
    await onPhone.goto('/#/pages/profile/index');
    await expect(onPhone.getByText('La sesión expiró, inicie sesión de nuevo')).toBeVisible();
    await expect(onPhone).toHaveURL(/#\/pages\/auth\/login/);
    expect(await onPhone.evaluate(() => localStorage.getItem('usa12_token'))).toBeNull();
  } finally {
    await phone.close();
    await laptop.close();
  }
});

test('an unknown route shows "page not found"', async ({ page }) => {
  await page.goto('/#/pages/no/such/page');
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
});

for (const route of ['/pages/auth/login', '/pages/auth/register', '/pages/auth/resetpwd']) {
  test(`axe finds no serious or critical violation on ${route}`, async ({ browser, stack }) => {
    const context = await browser.newContext({ baseURL: stack.baseURL, viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    try {
      await page.goto(`/#${route}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
    } finally {
      await context.close();
    }
  });
}

test('a tab page is a quit page: the first back says "press again to quit", the second leaves', async ({ page }) => {
  await page.goto('about:blank');
  await page.goto('/#/pages/market/index');
  await expect(page.getByRole('heading', { name: 'Mercados' })).toBeVisible();
  await page.goBack();
  await expect(page.getByText('Pulse otra vez para salir')).toBeVisible();
  await expect(page).toHaveURL(/#\/pages\/market\/index/);
  await page.goBack();
  await expect(page).toHaveURL('about:blank');
});

test('back from a pushed page returns inside the app without the quit warning', async ({ page }) => {
  await page.goto('/#/pages/home/index');
  await page.getByRole('link', { name: 'Cuenta' }).click();
  await page.getByRole('link', { name: 'Iniciar sesión' }).first().click();
  await expect(page).toHaveURL(/#\/pages\/auth\/login/);
  await page.goBack();
  await expect(page).toHaveURL(/#\/pages\/profile\/index/);
  await expect(page.getByText('Pulse otra vez para salir')).toHaveCount(0);
});
