import { loadFeatureMessages } from '@bolsa/client-kit/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n.ts';
import { MarkdownText } from './components/markdown-text.tsx';
import { contentMessages } from './messages.ts';
import { NewsDetailPage } from './pages/article-page.tsx';
import { NoticesPage } from './pages/notices-page.tsx';
import { WebviewPage } from './pages/webview-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
const envelope = (data: unknown, code = 200, msg = '') =>
  new Response(JSON.stringify({ code, msg, data }), { headers: { 'content-type': 'application/json' } });

function renderAt(path: string, element: React.ReactNode, route: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={element} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const article = {
  id: '12',
  kind: 'news',
  title: 'Los mercados abren en alza',
  summary: 'Resumen',
  language: 'es',
  tags: [{ dictValue: 'markets', dictLabel: 'Mercados' }],
  publishTimestamp: Date.UTC(2026, 10, 23, 12),
  body: '# Apertura\n\nLos índices **suben**.\n\n- uno\n- dos',
};

beforeAll(async () => {
  await initI18n('es');
  await loadFeatureMessages(contentMessages);
});
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('article text', () => {
  it('renders headings, lists and bold, and shows HTML in an article as text, never as markup', () => {
    const { container } = render(
      <MarkdownText
        source={'# Title\n\nA **bold** and *soft* word.\n\n- one\n- two\n\n<script>alert(1)</script> <img src=x onerror="alert(2)">'}
      />,
    );
    expect(container.querySelector('h3')?.textContent).toBe('Title');
    expect(container.querySelector('strong')?.textContent).toBe('bold');
    expect(container.querySelector('em')?.textContent).toBe('soft');
    expect([...container.querySelectorAll('li')].map((item) => item.textContent)).toEqual(['one', 'two']);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<script>alert(1)</script>');
  });
});

describe('the web view', () => {
  it.each(['https://evil.example/phish', 'javascript:alert(1)', 'terms/../../x', ''])(
    'refuses %j with "The URL does not exist" in the user’s language',
    (url) => {
      renderAt(`/pages/webview/index?url=${encodeURIComponent(url)}`, <WebviewPage />, '/pages/webview/index');
      expect(screen.getByRole('heading', { name: 'La URL no existe' })).toBeTruthy();
      expect(fetchMock).not.toHaveBeenCalled();
    },
  );

  it('shows the app’s own translated pages', () => {
    renderAt('/pages/webview/index?url=privacy', <WebviewPage />, '/pages/webview/index');
    expect(screen.getByRole('heading', { level: 1, name: 'Política de privacidad' })).toBeTruthy();
    expect(screen.getByText('Nunca vendemos sus datos.')).toBeTruthy();
  });
});

describe('news and notices', () => {
  it('shows an article with its tags and its body', async () => {
    fetchMock.mockImplementation(async (input) => (String(input) === '/web/article/12' ? envelope(article) : envelope(null, 1004, 'x')));
    renderAt('/pages/news/detail?id=12', <NewsDetailPage />, '/pages/news/detail');
    expect(await screen.findByRole('heading', { level: 2, name: 'Los mercados abren en alza' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Noticias' })).toBeTruthy();
    expect(screen.getByText('Mercados')).toBeTruthy();
    expect(screen.getByRole('article').getAttribute('lang')).toBe('es');
  });

  it('says an unknown or unpublished article does not exist, in the server’s translated words', async () => {
    fetchMock.mockResolvedValue(envelope(null, 7001, 'Este artículo no existe'));
    renderAt('/pages/news/detail?id=99', <NewsDetailPage />, '/pages/news/detail');
    expect(await screen.findByRole('heading', { name: 'Este artículo no existe' })).toBeTruthy();
  });

  it('does not ask the server for an id that is not one', () => {
    renderAt('/pages/news/detail?id=abc', <NewsDetailPage />, '/pages/news/detail');
    expect(screen.getByRole('heading', { name: 'Este artículo no existe' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lists notices with the tag dictionary, and asks for one tag when it is chosen', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url.startsWith('/web/dict/data')) return envelope([{ dictValue: 'markets', dictLabel: 'Mercados' }]);
      if (url === '/web/article/pageList') {
        const body = JSON.parse(String(init?.body)) as { tag?: string };
        const list = body.tag ? [] : [{ ...article, kind: 'notice', title: 'Aviso de mantenimiento' }];
        return envelope({ list, total: list.length, pageNum: 1, pageSize: 20, hasMore: false });
      }
      return envelope(null, 1004, 'x');
    });
    renderAt('/pages/notice/index?tag=markets', <NoticesPage />, '/pages/notice/index');
    const tags = await screen.findByRole('list', { name: 'Filtrar por etiqueta' });
    expect(within(tags).getByRole('button', { name: 'Mercados' }).getAttribute('aria-pressed')).toBe('true');
    expect(await screen.findByText('Todavía no hay avisos')).toBeTruthy();
    const bodies = fetchMock.mock.calls
      .filter(([url]) => String(url) === '/web/article/pageList')
      .map(([, init]) => JSON.parse(String(init?.body)));
    expect(bodies.at(-1)).toMatchObject({ kind: 'notice', tag: 'markets', pageNum: 1 });
    within(tags).getByRole('button', { name: 'Todas' }).click();
    const link = await screen.findByRole('link', { name: /Aviso de mantenimiento/ });
    expect(link.getAttribute('href')).toBe('/pages/notice/detail?id=12');
  });
});
