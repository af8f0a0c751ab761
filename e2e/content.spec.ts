import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { E2E_OPERATOR, expect, type Stack, test, uniqueEmail } from './fixtures.ts';

type Session = { token: string; user: { id: string; email: string } };

/** A new user through the real code flow, signed in in this page before the app loads. */
async function signedInUser(page: Page, stack: Stack): Promise<Session> {
  const email = uniqueEmail('content');
  await stack.api('/getEmailCode', { body: { email, type: 'register' } });
  const code = await stack.codeFor(email);
  const session = await stack.api<Session>('/register', { body: { email, password: 'secret123', confirmPassword: 'secret123', code } });
  await page.addInitScript(
    ([token, user]) => {
      if (!window.localStorage.getItem('usa12_token')) {
        window.localStorage.setItem('usa12_token', token);
        window.localStorage.setItem('usa12_user', user);
      }
    },
    [session.token, JSON.stringify(session.user)] as const,
  );
  return session;
}

/** An article written in Spanish and English through the operator API, then published. */
async function publishedArticle(stack: Stack, kind: 'news' | 'notice', suffix: string) {
  const operator = await stack.operatorToken();
  const tagCode = `mercados-${suffix}`.toLowerCase();
  await stack.api('/article-tags', {
    isOperator: true,
    token: operator,
    body: { code: tagCode, labels: { es: 'Mercados', en: 'Markets' } },
  });
  const article = await stack.api<{ id: string }>('/articles', {
    isOperator: true,
    token: operator,
    body: {
      kind,
      tags: [tagCode],
      translations: {
        es: { title: `Los mercados abren en alza ${suffix}`, body: '## Apertura\n\nLos índices **suben** en todo el mundo.' },
        en: { title: `Markets open higher ${suffix}`, body: '## Opening\n\nIndices **rise** around the world.' },
      },
    },
  });
  await stack.api(`/articles/${article.id}/publish`, { isOperator: true, token: operator });
  return article.id;
}

test('an article published in Spanish and English appears in the app in the chosen language', async ({ page, stack }) => {
  const suffix = Date.now().toString(36);
  const id = await publishedArticle(stack, 'news', suffix);
  await signedInUser(page, stack);

  await page.goto('/#/pages/home/index');
  const news = page.getByRole('region', { name: 'Últimas noticias' });
  await news.getByRole('link', { name: new RegExp(`Los mercados abren en alza ${suffix}`) }).click();
  await expect(page).toHaveURL(new RegExp(`#/pages/news/detail\\?id=${id}$`));
  await expect(page.getByRole('heading', { level: 2, name: `Los mercados abren en alza ${suffix}` })).toBeVisible();
  await expect(page.getByText('Mercados', { exact: true })).toBeVisible();
  await expect(page.locator('.article-body strong')).toHaveText('suben');

  // Switch the language from the Account tab: the same article now reads in English.
  await page.goto('/#/pages/profile/index');
  await page.getByRole('button', { name: /Idioma/ }).click();
  await page.getByText('English', { exact: true }).click();
  await page.goto(`/#/pages/news/detail?id=${id}`);
  await expect(page.getByRole('heading', { level: 2, name: `Markets open higher ${suffix}` })).toBeVisible();
  await expect(page.getByText('Markets', { exact: true })).toBeVisible();
  await page.goto('/#/pages/home/index');
  await expect(
    page.getByRole('region', { name: 'Latest news' }).getByRole('link', { name: new RegExp(`Markets open higher ${suffix}`) }),
  ).toBeVisible();
});

test('a notice appears in the notices list and opens its page; an unpublished one does not exist', async ({ page, stack }) => {
  const suffix = Date.now().toString(36);
  const id = await publishedArticle(stack, 'notice', suffix);
  await page.goto('/#/pages/notice/index');
  await page.getByRole('link', { name: new RegExp(`Los mercados abren en alza ${suffix}`) }).click();
  await expect(page).toHaveURL(new RegExp(`#/pages/notice/detail\\?id=${id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Aviso' })).toBeVisible();

  const operator = await stack.operatorToken();
  await stack.api(`/articles/${id}/unpublish`, { isOperator: true, token: operator });
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Este artículo no existe' })).toBeVisible();
});

test('an operator message appears in the inbox and the unread badge without reloading', async ({ page, stack }) => {
  const session = await signedInUser(page, stack);
  // The message is sent once the page's push socket has signed in: until then its events are not
  // this page's (the app fetches the inbox again when the sign-in is confirmed, not before).
  const isSignedIn = new Promise<void>((resolve) => {
    page.on('websocket', (socket) => {
      socket.on('framereceived', (frame) => {
        if (String(frame.payload).includes('"isSignedIn":true')) resolve();
      });
    });
  });
  await page.goto('/#/pages/profile/index');
  const inboxRow = page.getByRole('link', { name: /Mensajes/ });
  await expect(inboxRow).toBeVisible();
  await expect(inboxRow).not.toContainText('sin leer');

  const operator = await stack.operatorToken();
  await isSignedIn;
  await stack.api('/messages', {
    isOperator: true,
    token: operator,
    body: { userId: session.user.id, title: 'Bienvenida en vivo', content: 'Este mensaje llegó sin recargar.' },
  });
  await expect(page.getByText('Mensaje nuevo: Bienvenida en vivo')).toBeVisible();
  await expect(inboxRow).toContainText('1 sin leer');

  await inboxRow.click();
  await expect(page.getByRole('button', { name: /Bienvenida en vivo/ })).toBeVisible();
  // A second message arrives while the inbox is open: the list grows by itself.
  await stack.api('/messages', {
    isOperator: true,
    token: operator,
    body: { userId: session.user.id, title: 'Segundo aviso', content: 'También en vivo.' },
  });
  await expect(page.getByRole('button', { name: /Segundo aviso/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Marcar todos como leídos' })).toBeVisible();
});

test('the web view refuses an unknown URL and shows the app’s own pages', async ({ page }) => {
  await page.goto(`/#/pages/webview/index?url=${encodeURIComponent('https://example.com/login')}`);
  await expect(page.getByRole('heading', { name: 'La URL no existe' })).toBeVisible();
  await page.goto('/#/pages/webview/index?url=terms');
  await expect(page.getByRole('heading', { level: 1, name: 'Términos de uso' })).toBeVisible();
});

for (const route of [
  '/pages/home/index',
  '/pages/notice/index',
  '/pages/notice/index?tab=news',
  '/pages/news/detail?id=1',
  '/pages/notice/detail?id=999999',
  '/pages/webview/index?url=help',
  '/pages/webview/index?url=https%3A%2F%2Fexample.com',
]) {
  test(`axe finds no serious or critical violation on ${route}`, async ({ browser, stack }) => {
    await publishedArticle(stack, 'news', `axe${Date.now().toString(36)}`);
    const context = await browser.newContext({ baseURL: stack.baseURL, viewport: { width: 375, height: 812 } });
    const page = await context.newPage();
    try {
      await page.goto(`/#${route}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
    } finally {
      await context.close();
    }
  });
}

/** The console in a page of its own, signed in as the bootstrap operator (no second factor enrolled). */
async function consolePage(browser: import('@playwright/test').Browser, stack: Stack) {
  const login = await stack.api<{ token: string; operator: { id: string; email: string; role: string } }>('/auth/login', {
    isOperator: true,
    body: E2E_OPERATOR,
  });
  const context = await browser.newContext({ baseURL: stack.baseURL, viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  await context.addInitScript(
    ([token, operator]) => {
      window.localStorage.setItem('bolsa_operator_token', token);
      window.localStorage.setItem('bolsa_operator', operator);
      // The console shares the app's locale key; English here, whatever the default.
      window.localStorage.setItem('usa12_locale', 'en');
    },
    [login.token, JSON.stringify(login.operator)] as const,
  );
  return { context, page: await context.newPage() };
}

test('an editor writes a notice in the console in two languages, publishes it, and the app shows it', async ({ browser, page, stack }) => {
  const suffix = Date.now().toString(36);
  const { context, page: console } = await consolePage(browser, stack);
  try {
    await console.goto('/admin/#/notices');
    await console.getByRole('button', { name: 'New notice' }).click();
    await console.getByRole('tab', { name: 'Spanish' }).click();
    await console.getByRole('tabpanel').getByLabel('Title').fill(`Mantenimiento ${suffix}`);
    await console.getByRole('tabpanel').getByLabel('Text').fill('El sábado de **2 a 4 h**.');
    await console.getByRole('tab', { name: 'English' }).click();
    await console.getByRole('tabpanel').getByLabel('Title').fill(`Maintenance ${suffix}`);
    await console.getByRole('tabpanel').getByLabel('Text').fill('On Saturday from **2 to 4 am**.');
    await console.getByRole('button', { name: 'Save' }).click();
    await expect(console).toHaveURL(/#\/articles\/edit\?id=\d+/);
    await expect(console.getByText('Draft', { exact: true })).toBeVisible();
    await console.getByRole('button', { name: 'Publish' }).click();
    await expect(console.getByText('Published', { exact: true }).first()).toBeVisible();
  } finally {
    await context.close();
  }

  await page.goto('/#/pages/notice/index');
  await page.getByRole('link', { name: new RegExp(`Mantenimiento ${suffix}`) }).click();
  await expect(page.locator('.article-body strong')).toHaveText('2 a 4 h');
});

for (const route of ['/articles', '/notices', '/article-tags', '/articles/edit']) {
  test(`axe finds no serious or critical violation on the console page ${route}`, async ({ browser, stack }) => {
    const { context, page } = await consolePage(browser, stack);
    try {
      await page.goto(`/admin/#${route}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
      expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
