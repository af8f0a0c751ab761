import { APP_VERSION } from '@bolsa/contracts';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expect, openConsoleAsOperator, seriousViolations, signUpInApp, test, uniqueEmail } from './fixtures.ts';

test.describe.configure({ timeout: 180_000 });

/** Reads the QR code of a PNG data URL as a phone's camera would. */
function decodeQr(dataUrl: string): string | undefined {
  const png = PNG.sync.read(Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data;
}

test('the share page shows a QR code that decodes to the user link, which opens registration with the code, and lists a friend who registered', async ({
  page,
  context,
  stack,
}, testInfo) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const session = await signUpInApp(page, stack, 'referente');
  const { invitationCode } = await stack.api<{ invitationCode: string }>('/api/user/info', { token: session.token });
  const friendEmail = uniqueEmail('amiga');
  await stack.api('/getEmailCode', { body: { email: friendEmail, type: 'register' } });
  await stack.api('/register', {
    body: {
      email: friendEmail,
      password: 'secret123',
      confirmPassword: 'secret123',
      code: await stack.codeFor(friendEmail),
      invitationCode,
    },
  });

  await page.goto('/#/pages/profile/share');
  const qr = page.getByRole('img', { name: 'Código QR de su enlace de invitación' });
  await expect(qr).toBeVisible();
  const link = await page.getByTestId('invitation-link').textContent();
  expect(link).toBe(`${stack.baseURL}/#/pages/auth/register?invite=${invitationCode}`);
  expect(decodeQr((await qr.getAttribute('src')) ?? '')).toBe(link);
  await expect(page.getByTestId('invitation-code')).toHaveText(invitationCode);
  await expect(page.getByText(/Usted recibe \$20,00 cuando un amigo/)).toBeVisible();
  const friend = page.getByRole('listitem').filter({ hasText: `${friendEmail.slice(0, 2)}***@example.com` });
  await expect(friend).toContainText('En espera');
  await expect(friend).toContainText('Aún sin depósito que cumpla la condición');

  await page.getByRole('button', { name: 'Copiar el enlace de invitación' }).click();
  await expect(page.getByText('Copiado con éxito')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Guardar imagen' }).click();
  expect((await download).suggestedFilename()).toBe(`bolsa-${invitationCode}.png`);
  await expect(page.getByText('Imagen guardada')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('share-page.png'), fullPage: true });

  // The link a friend scans opens registration with the code filled in.
  await page.evaluate(() => localStorage.removeItem('usa12_token'));
  await page.goto(link ?? '');
  await expect(page.getByRole('textbox', { name: /^Código de invitación/ })).toHaveValue(invitationCode);
});

test('the manifest and service worker are served for installing; the worker installs and answers the offline page', async ({
  page,
  context,
  stack,
}, testInfo) => {
  const manifest = await page.request.get(`${stack.baseURL}/manifest.webmanifest`);
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()['content-type']).toContain('application/manifest+json');
  expect(manifest.headers()['cache-control']).toBe('no-cache');
  const icons = (await manifest.json()).icons as Array<{ src: string; sizes: string }>;
  expect(icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
  for (const icon of icons) expect((await page.request.get(`${stack.baseURL}/${icon.src}`)).headers()['content-type']).toBe('image/png');
  const worker = await page.request.get(`${stack.baseURL}/sw.js`);
  expect(worker.headers()['content-type']).toContain('javascript');
  // Revalidated on every check, so a new worker reaches users at once.
  expect(worker.headers()['cache-control']).toBe('no-cache');

  await page.goto('/#/pages/download/index');
  await expect(page.getByRole('heading', { name: 'Android (con Chrome)' })).toBeVisible();
  await expect(page.getByText('Toque «Agregar».')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('install-page.png'), fullPage: true });
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${stack.baseURL}/`);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  await page.goto('/#/pages/home/index').catch(() => undefined);
  await page.reload().catch(() => undefined);
  await expect(page.getByRole('heading', { name: /Sin conexión|You are offline/ })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('offline-page.png') });
  await context.setOffline(false);
});

test('the app tells the user when a newer version is published', async ({ page, stack }) => {
  await page.goto('/#/pages/home/index');
  const operator = await stack.operatorToken();
  await stack.api('/app-versions', { isOperator: true, token: operator, body: { version: '9.0.0', notes: 'e2e' } });
  try {
    await page.reload();
    await expect(page.getByText('Se publicó la versión 9.0.0. Actualice ahora para usarla.')).toBeVisible({ timeout: 15_000 });
    await page.getByRole('button', { name: 'Más tarde' }).click();
    await page.reload();
    await page.waitForTimeout(1500);
    await expect(page.getByText('Se publicó la versión 9.0.0.')).toHaveCount(0);
  } finally {
    // The running version published again, so the journeys after this one (same server) meet no update dialog.
    await stack.api('/app-versions', { isOperator: true, token: operator, body: { version: APP_VERSION, notes: 'e2e' } });
  }
});

test('an operator changes the programme in the console and the share page shows the new terms', async ({
  page,
  browser,
  stack,
}, testInfo) => {
  await signUpInApp(page, stack, 'programa');
  const operator = await stack.operatorToken();
  const before = await stack.api<Record<string, unknown>>('/referrals/programme', { isOperator: true, token: operator, method: 'GET' });
  const { context, console, menu } = await openConsoleAsOperator(browser, stack);
  try {
    await menu.getByRole('link', { name: 'Referral rewards' }).click();
    await expect(console.getByRole('heading', { name: 'Referral rewards' })).toBeVisible();
    // The demo's held reward: both parties and the signal that held it, with the decision buttons.
    const held = console.getByRole('row', { name: /marta\.invitada@demo\.bolsa\.app/ });
    await expect(held).toContainText('demo@bolsa.app');
    await expect(held).toContainText('Same device');
    await expect(held.getByRole('button', { name: 'Pay' })).toBeVisible();
    await console.screenshot({ path: testInfo.outputPath('console-referral-rewards.png') });
    expect(await seriousViolations(console)).toEqual([]);

    await menu.getByRole('link', { name: 'Referral programme' }).click();
    await expect(console.getByText(/^Terms in force since/)).toBeVisible();
    expect(await seriousViolations(console)).toEqual([]);
    // A cap below one reward is refused, as the server words it, and nothing changes.
    await console.getByLabel('Reward per invitee').fill('35');
    await console.getByLabel('Yearly cap per referrer').fill('30');
    await console.getByRole('button', { name: 'Save the programme' }).click();
    await expect(console.getByText('The yearly cap cannot be less than one reward')).toBeVisible();
    await console.getByLabel('Yearly cap per referrer').fill('350');
    await console.getByLabel('Days the deposit must be kept').fill('10');
    await console.getByRole('button', { name: 'Save the programme' }).click();
    await expect(console.getByText('Programme saved; the share page shows the new terms')).toBeVisible();
    await console.screenshot({ path: testInfo.outputPath('console-referral-programme.png'), fullPage: true });

    await page.goto('/#/pages/profile/share');
    await expect(page.getByText(/Usted recibe \$35,00 cuando un amigo .* al menos \$100,00 y lo mantiene durante 10 días/)).toBeVisible();
    await expect(page.getByText('Como máximo $350,00 por año calendario.')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('share-page-new-terms.png'), fullPage: true });
  } finally {
    await context.close();
    // The other journeys read the programme the deployment starts with.
    const { updatedAtTimestamp: _since, ...terms } = before;
    await stack.api('/referrals/programme', { isOperator: true, token: operator, body: terms });
  }
});
