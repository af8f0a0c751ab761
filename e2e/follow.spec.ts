import { depositAndApprove, expect, type Stack, seriousViolations, signUpInApp, test } from './fixtures.ts';

type Order = { id: string; status: string; payout: string | null; subscriptionAmount: string };
type Wallet = { balance: string; availableBalance: string };

async function waitFor<T>(read: () => Promise<T>, isDone: (value: T) => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    if (Date.now() > deadline) throw new Error(`still waiting: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
}

/** An institution with a one-minute period, so the journey sees a follow settle; retried until the feed quotes its stocks. */
async function shortInstitution(stack: Stack, name: string) {
  const token = await stack.operatorToken();
  const body = {
    name,
    description: 'A journey portfolio: half AAPL, forty per cent MSFT.',
    managementFeeRate: '0.02',
    performanceFeeRate: '0.1',
    periodsMinutes: [1, 10080],
    weights: [
      { code: 'AAPL', weight: '0.5' },
      { code: 'MSFT', weight: '0.4' },
    ],
  };
  return waitFor(
    () => stack.api<{ id: string }>('/follow/institutions', { isOperator: true, token, body }).catch(() => null),
    (created) => created !== null,
    60_000,
  );
}

// The journey waits for two runs of the minute job (the cut-off, then the end of the one-minute period).
test.describe.configure({ timeout: 300_000 });

test('follow an institution after the check, see the sale refused during the lock, and see it settle at NAV with fees', async ({
  page,
  stack,
}, testInfo) => {
  const session = await signUpInApp(page, stack, 'seguir');
  await depositAndApprove(page, stack, '500');
  await stack.api('/wallet/transfer', {
    token: session.token,
    body: { fromWalletType: 'BALANCE', toWalletType: 'FOLLOW', amount: '500', idempotencyKey: `e2e-follow-${session.user.id}` },
  });
  const name = `Journey Model ${Date.now() % 100_000}`;
  await shortInstitution(stack, name);

  // The list shows the record as it is, with fees and no promise.
  await page.goto('/#/pages/product/follow');
  const card = page.getByRole('listitem').filter({ hasText: name });
  await expect(card.getByText('Rentabilidad desde el inicio')).toBeVisible();
  await expect(card.getByText('Comisión de éxito (sobre la ganancia por encima de su máximo previo)')).toBeVisible();
  await expect(page.getByText('no es una promesa ni una proyección')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('follow-list.png'), fullPage: true });
  await card.getByRole('link', { name: 'Seguir' }).click();

  // The appropriateness check comes before a first follow.
  await expect(page.getByRole('heading', { name: 'Antes de su primer seguimiento' })).toBeVisible();
  await page.getByRole('group', { name: '¿Puede un seguimiento terminar por debajo del importe que invirtió?' }).getByLabel('Sí').check();
  await page.getByRole('group', { name: '¿Puede retirar el dinero antes de que termine el plazo?' }).getByLabel('No').check();
  await page
    .getByRole('group', { name: '¿Es el resultado pasado de una institución una promesa de resultados futuros?' })
    .getByLabel('No')
    .check();
  await page.getByLabel('He leído la advertencia de riesgo').check();
  await page.screenshot({ path: testInfo.outputPath('follow-check.png'), fullPage: true });
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Enviar respuestas' }).click();

  // 100 to 1,000,000 from the FOLLOW wallet, a period and an optional loss limit.
  await page.getByLabel('Importe (USD)').fill('99');
  await expect(page.getByText('El importe debe estar entre 100 y 1.000.000')).toBeVisible();
  await page.getByLabel('Importe (USD)').fill('250');
  await page.getByLabel('Plazo').selectOption({ label: '1 min' });
  await expect(page.getByText('$500,00')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('follow-form.png'), fullPage: true });
  await page.getByRole('button', { name: 'Seguir y retener $250,00' }).click();
  await expect(page.getByText('Seguimiento enviado: el importe quedó retenido')).toBeVisible();
  await expect(page).toHaveURL(/#\/pages\/product\/follow\?tab=mine$/);
  const mine = page.getByRole('listitem').filter({ hasText: name });
  await expect(mine.getByText(/En espera de confirmación|Pendiente de liquidación/)).toBeVisible();

  // Cannot be sold after ordering: refused with the time the lock ends.
  await mine.getByRole('button', { name: 'Vender' }).click();
  await expect(page.getByText(/Un seguimiento no puede venderse antes de que termine su plazo/)).toBeVisible();

  // The minute job buys units at the next cut-off, and settles at NAV once the minute has passed.
  const orders = () => stack.api<{ list: Order[] }>('/userFollowInvest/pageList', { token: session.token, body: {} });
  const settled = await waitFor(orders, ({ list }) => list[0]?.status === 'settled', 240_000);
  const payout = settled.list[0]?.payout ?? '';
  await page.reload();
  await expect(mine.getByText('Liquidado', { exact: true })).toBeVisible();
  await expect(mine.getByText('Terminó al cumplirse su plazo')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('follow-settled.png'), fullPage: true });

  // The result is on the FOLLOW wallet, and each state reached the user as a message.
  const wallet = await stack.api<Wallet>('/wallet/getWalletBalance', { token: session.token, body: { walletType: 'FOLLOW' } });
  const cents = (money: string) => BigInt(money.replace('.', ''));
  expect(cents(wallet.balance)).toBe(25_000n + cents(payout));
  const inbox = await stack.api<{ list: Array<{ title: string }> }>('/userMessage/getMessage?pageSize=20', {
    token: session.token,
    method: 'GET',
  });
  expect(inbox.list.map((message) => message.title)).toEqual(
    expect.arrayContaining(['Follow received', 'Follow confirmed', 'Follow settled']),
  );
});
