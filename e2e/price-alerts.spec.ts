import { expect, signUpInApp, test } from './fixtures.ts';

/** A price as the Spanish screen writes it ("1.234,56") as a number. */
const spanishNumber = (text: string) => Number(text.trim().split(' ')[0]?.replace(/\./g, '').replace(',', '.'));

test('price alerts: from a quote, set alerts just around the live price and see one fire live, with a toast and in the fired list', async ({
  page,
  stack,
}) => {
  test.setTimeout(90_000);
  await signUpInApp(page, stack, 'alerts');
  await page.goto('/#/pages/quote/stock?code=AAPL&name=Apple');
  await expect(page.getByTestId('quote-price')).toBeVisible();
  await page.screenshot({ path: 'test-results/price-alerts-quote-es.png' });
  await page.getByRole('link', { name: 'Crear alerta' }).click();
  await expect(page).toHaveURL(/#\/pages\/alerts\/index\?code=AAPL/);
  await expect(page.getByText('No tiene alertas activas')).toBeVisible();

  // One cent-level step each side of the simulated price: whichever way it moves, one of them fires.
  const live = page.getByTestId('alert-live-price');
  await expect(live).toBeVisible({ timeout: 15_000 });
  const price = spanishNumber((await live.textContent())?.replace('·', '') ?? '');
  expect(price).toBeGreaterThan(0);
  const priceField = page.getByLabel('Precio', { exact: true });
  // The firing's toast may come while the second alert is being set, and a toast goes after 2 s: watched from now on.
  const toastSeen = expect(page.getByText(/Mensaje nuevo: AAPL (llegó|bajó) a/)).toBeVisible({ timeout: 60_000 });
  let armed = 0;
  for (const [kind, level] of [
    ['Precio por debajo', price - 0.03],
    ['Precio por encima', price + 0.03],
  ] as const) {
    await page.getByRole('button', { name: kind }).click();
    await priceField.fill(level.toFixed(2).replace('.', ','));
    await page.getByRole('button', { name: 'Crear alerta' }).click();
    // The price may already have passed the level while typing: the refusal says where it is.
    const answer = page.getByText(/Alerta creada|La cotización ya alcanzó ese nivel/).last();
    await expect(answer).toBeVisible();
    if ((await answer.textContent())?.includes('Alerta creada')) armed += 1;
    await expect(answer).toBeHidden();
  }
  expect(armed).toBeGreaterThan(0);
  await expect(page.getByRole('region', { name: /Activas \(\d de 50\)/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/price-alerts-armed-es.png', fullPage: true });

  // The firing reaches this screen over the push socket: the inbox message's toast, and the fired list.
  await toastSeen;
  const fired = page.getByRole('region', { name: 'Disparadas' });
  // One of them, or both when the price went one way and then the other.
  await expect(fired.locator('[data-status="fired"]').first()).toBeVisible();
  await expect(fired).toContainText('Disparada a');
  await page.screenshot({ path: 'test-results/price-alerts-fired-es.png', fullPage: true });

  // The same list in English, from the Account tab's row.
  await page.evaluate(() => window.localStorage.setItem('usa12_locale', 'en'));
  await page.goto('/#/pages/alerts/index');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Fired' })).toContainText('Fired at');
  await page.screenshot({ path: 'test-results/price-alerts-list-en.png', fullPage: true });

  // Deleting a fired alert takes it off the list.
  const firedRows = page.getByRole('region', { name: 'Fired' }).locator('[data-status="fired"]');
  const before = await firedRows.count();
  await firedRows
    .first()
    .getByRole('button', { name: /^Delete alert/ })
    .click();
  await expect(page.getByText('Alert deleted')).toBeVisible();
  await expect(firedRows).toHaveCount(before - 1);
});
