import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, setLocale } from '../../../lib/i18n.ts';
import { saveOperatorSession } from '../../../lib/session-store.ts';
import { renderConsole } from '../../../test/render-console.tsx';
import { toArticleInput } from './article-edit-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
const envelope = (data: unknown, code = 200, msg = '') =>
  new Response(JSON.stringify({ code, msg, data }), { headers: { 'content-type': 'application/json' } });
const slow = { timeout: 10_000 };

const draft = {
  id: '5',
  kind: 'news',
  tags: ['markets'],
  translations: {
    es: { title: 'Los mercados abren', summary: '', body: 'Texto' },
    en: { title: 'Markets open', summary: '', body: 'Text' },
  },
  isPublished: false,
  publishTimestamp: null,
  updateTimestamp: 1,
};

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(async () => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  await setLocale('en');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the console’s content pages', () => {
  it('sends only the languages an editor wrote in', () => {
    expect(
      toArticleInput({
        kind: 'notice',
        tags: [],
        translations: {
          es: { title: ' Aviso ', body: 'Cuerpo' },
          de: { title: '', body: '' },
          en: { title: 'Notice', body: 'Body', summary: 'Short' },
        },
      }),
    ).toEqual({
      kind: 'notice',
      tags: [],
      translations: { es: { title: 'Aviso', body: 'Cuerpo', summary: '' }, en: { title: 'Notice', body: 'Body', summary: 'Short' } },
    });
  });

  it('lists articles with their state and publishes a draft', { timeout: 60_000 }, async () => {
    saveOperatorSession('token', { id: '1', email: 'editor@example.com', role: 'content_editor' });
    let isPublished = false;
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith('/admin/api/articles?')) {
        return envelope({ list: [{ ...draft, isPublished }], total: 1, pageNum: 1, pageSize: 20, hasMore: false });
      }
      if (url === '/admin/api/articles/5/publish' && init?.method === 'POST') {
        isPublished = true;
        return envelope({ ...draft, isPublished: true, publishTimestamp: 2 });
      }
      return envelope(null, 1004, 'Not found');
    });
    renderConsole('/articles');
    const row = (await screen.findByRole('link', { name: 'Markets open' }, slow)).closest('tr') as HTMLElement;
    expect(within(row).getByText('Draft')).toBeTruthy();
    expect(within(row).getByText('es, en')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url) === '/admin/api/articles/5/publish')).toBe(true));
    expect(await screen.findByText('Published', { selector: '.ant-tag' }, slow)).toBeTruthy();
  });

  it('is not offered to a role without content.edit', async () => {
    saveOperatorSession('token', { id: '2', email: 'reviewer@example.com', role: 'reviewer' });
    renderConsole('/articles');
    expect(await screen.findByText('Not allowed', {}, slow)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Articles' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/admin/api/articles'))).toBe(false);
  });
});
