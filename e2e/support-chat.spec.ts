import { expect, openConsoleAsOperator, seriousViolations, signUpInApp, test, tinyPng } from './fixtures.ts';

// The journey walks the app and the console on a shared two-core machine.
test.describe.configure({ timeout: 180_000 });

test('a visitor writes to support, signs in and keeps the conversation; an agent answers in the console and the user sees it live', async ({
  page,
  browser,
  stack,
}, testInfo) => {
  // A visitor opens the chat from the home page and writes.
  await page.goto('/');
  await page.getByRole('button', { name: 'Abrir el chat de soporte' }).click();
  const chat = page.getByRole('dialog', { name: 'Soporte' });
  await expect(chat.getByText('El soporte nunca le pedirá dinero, contraseñas ni códigos.', { exact: false })).toBeVisible();
  await expect(chat.getByText('Está escribiendo como visitante.', { exact: false })).toBeVisible();
  await chat.getByLabel('Escriba un mensaje').fill('Hola, no veo mi depósito');
  await chat.getByRole('button', { name: 'Enviar' }).click();
  await expect(chat.getByText('Hola, no veo mi depósito')).toBeVisible();
  await expect(chat.getByText('Enviado')).toBeVisible();
  await chat.getByRole('button', { name: 'Cerrar el chat' }).click();

  // The visitor signs up: the conversation follows into the account.
  const session = await signUpInApp(page, stack, 'soporte');
  await page.goto('/');
  await page.reload();
  await page.getByRole('button', { name: 'Abrir el chat de soporte' }).click();
  await expect(chat.getByText('Hola, no veo mi depósito')).toBeVisible();
  await expect(chat.getByText('Está escribiendo como visitante.', { exact: false })).toHaveCount(0);

  const { context, console } = await openConsoleAsOperator(browser, stack);
  try {
    await console.getByRole('navigation', { name: 'Console menu' }).getByRole('link', { name: 'Support chat' }).click();
    const row = console.getByRole('row', { name: new RegExp(session.user.email) });
    await expect(row).toContainText('Hola, no veo mi depósito', { timeout: 30_000 });
    await expect(row).toContainText(/\d+ min/);
    await row.click();
    await expect(console.getByText('The user (read only)')).toBeVisible();

    // The user sees the agent's read receipt, then the agent typing.
    await expect(chat.getByText('Leído')).toBeVisible({ timeout: 15_000 });
    const reply = console.getByLabel('Reply to the user');
    await reply.fill('Pague a la cuenta 0170099220000067797370');
    await expect(console.getByText('This reply will be held back', { exact: false })).toBeVisible();
    await expect(console.getByRole('button', { name: 'Send', exact: true })).toBeDisabled();
    await reply.fill('Hola, ya revisamos su depósito: está en revisión.');
    await expect(chat.getByText('El agente está escribiendo…')).toBeVisible();
    await console.getByRole('button', { name: 'Send', exact: true }).click();

    // The answer arrives live, from a verified agent.
    await expect(chat.getByText('Hola, ya revisamos su depósito: está en revisión.')).toBeVisible();
    await expect(chat.getByText('Agente verificado')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('support-chat-375.png') });
    expect(await seriousViolations(page)).toEqual([]);
    await console.screenshot({ path: testInfo.outputPath('console-support.png'), fullPage: true });

    // With the chat closed, the next answer shows as a badge and a notice.
    await chat.getByRole('button', { name: 'Cerrar el chat' }).click();
    await reply.fill('¿Algo más en lo que pueda ayudarle?');
    await console.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(page.getByText('El soporte le respondió')).toBeVisible();
    await expect(page.getByRole('button', { name: /1 mensajes sin leer/ })).toBeVisible();

    // Closing asks the user for a rating.
    await console.getByRole('button', { name: 'Close and ask for a rating' }).click();
    await page.getByRole('button', { name: /Abrir el chat de soporte/ }).click();
    await chat.getByRole('button', { name: '5 de 5' }).click();
    await expect(chat.getByText('Gracias por su valoración: 5 de 5.')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('support-chat-rated-375.png') });
  } finally {
    await context.close();
  }
});

test("a visitor's closed chat shows a live badge when an agent answers, and the agent's image shows in the chat; the console's queue updates without a reload", async ({
  page,
  browser,
  stack,
}, testInfo) => {
  const { context, console } = await openConsoleAsOperator(browser, stack);
  try {
    // The agent has the queue open before the visitor writes: the new conversation arrives live.
    await console.getByRole('navigation', { name: 'Console menu' }).getByRole('link', { name: 'Support chat' }).click();
    await expect(console.getByText('Live', { exact: true })).toBeVisible({ timeout: 30_000 });

    await page.goto('/');
    await page.getByRole('button', { name: 'Abrir el chat de soporte' }).click();
    const chat = page.getByRole('dialog', { name: 'Soporte' });
    await chat.getByLabel('Escriba un mensaje').fill('¿Pueden mandarme los pasos para depositar?');
    await chat.getByRole('button', { name: 'Enviar' }).click();
    await expect(chat.getByText('Enviado')).toBeVisible();
    await chat.getByRole('button', { name: 'Cerrar el chat' }).click();

    const row = console.getByRole('row', { name: /¿Pueden mandarme los pasos para depositar\?/ });
    await expect(row).toBeVisible({ timeout: 15_000 });
    await row.click();
    await console.getByLabel('Reply to the user').fill('Claro, le envío una imagen con los pasos.');
    await console.getByRole('button', { name: 'Send', exact: true }).click();

    // The visitor, chat closed, sees the badge count up live.
    await expect(page.getByRole('button', { name: /1 mensajes sin leer/ })).toBeVisible({ timeout: 15_000 });
    await console.locator('input[type="file"]').setInputFiles({ name: 'pasos.png', mimeType: 'image/png', buffer: tinyPng });
    await expect(page.getByRole('button', { name: /2 mensajes sin leer/ })).toBeVisible({ timeout: 15_000 });

    await page.getByRole('button', { name: /Abrir el chat de soporte/ }).click();
    await expect(chat.getByText('Claro, le envío una imagen con los pasos.')).toBeVisible();
    await expect(chat.getByRole('img', { name: 'Imagen enviada' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('support-visitor-image-375.png') });
    await chat.getByRole('button', { name: 'Cerrar el chat' }).click();
    await expect(page.getByRole('button', { name: 'Abrir el chat de soporte', exact: true })).toBeVisible();
  } finally {
    await context.close();
  }
});
