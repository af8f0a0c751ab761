import { expect, signUpInApp, test, totpCodeAt } from './fixtures.ts';

/**
 * Issue 25 §1: a person turns on two-factor sign-in with the QR code's key (the code computed here from the key
 * the page shows, apart from the server's code), keeps the recovery codes, and signs in again with a code.
 */
test('a person turns on two-factor sign-in and signs in with a code from the key shown', async ({ page, stack }) => {
  const session = await signUpInApp(page, stack, 'twofactor');

  await page.goto('/#/pages/setting/security');
  await expect(page.getByText('Desactivado')).toBeVisible();
  await page.getByText('Inicio de sesión en dos pasos').click();
  await expect(page).toHaveURL(/#\/pages\/setting\/twofactor/);
  await page.getByRole('button', { name: 'Activar' }).click();
  await expect(page.getByRole('img', { name: 'Código QR para añadir Bolsa a su aplicación de autenticación' })).toBeVisible();
  const secret = (await page.getByTestId('two-factor-secret').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);

  await page.getByLabel('Código', { exact: true }).fill(totpCodeAt(secret, Date.now()));
  await page.getByRole('button', { name: 'Confirmar' }).click();
  const codes = page.getByTestId('recovery-codes').getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expect(codes.first()).toHaveText(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
  await page.getByRole('button', { name: 'Ya los he guardado' }).click();
  await expect(page.getByText('El inicio de sesión en dos pasos está activado')).toBeVisible();

  await page.goto('/#/pages/setting/index');
  await page.getByText('Cerrar sesión').click();
  await expect(page).toHaveURL(/#\/pages\/auth\/login/);
  await page.goto('/#/pages/auth/login');
  await page.getByLabel('Correo').fill(session.user.email);
  await page.getByLabel('Contraseña', { exact: true }).fill('secret123');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByText('Su cuenta tiene el inicio de sesión en dos pasos.', { exact: false })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('usa12_token'))).toBeNull();

  // The enrolment used this step's code; a code is never accepted twice, so sign in with the next step's (±1 step window).
  await page.getByLabel('Código', { exact: true }).fill(totpCodeAt(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/#\/pages\/home\/index/);
  expect(await page.evaluate(() => localStorage.getItem('usa12_token'))).not.toBeNull();

  await page.goto('/#/pages/setting/devices');
  const mine = page.getByTestId('sessions').getByRole('listitem');
  await expect(mine).toHaveCount(1);
  await expect(mine).toContainText('Este dispositivo');
  await expect(mine).toContainText('Chrome · Linux');
  await expect(mine.getByRole('button', { name: 'Cerrar esta sesión' })).toBeVisible();
});
