import { loadFeatureMessages } from '@bolsa/client-kit/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { marketMessages } from '../features/market/messages.ts';
import { InstrumentNews } from '../features/quote/components/instrument-news.tsx';
import { initI18n } from '../lib/i18n.ts';

const fetchMock = vi.fn<typeof fetch>();
const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 200, msg: '', data }), { headers: { 'content-type': 'application/json' } });
const page = (list: unknown[]) => ({ list, total: list.length, pageNum: 1, pageSize: 5 });

function renderNews(code: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <InstrumentNews code={code} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await initI18n('es');
  await loadFeatureMessages(marketMessages);
});
beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

// Here, not beside the component: its strings are the market feature's, which the quote pages load (page-loaders.ts).
describe('news tagged with the instrument on its quote page', () => {
  it("asks for the news of the instrument's tag and links each to its article", async () => {
    fetchMock.mockResolvedValue(
      envelope(
        page([
          {
            id: '7',
            kind: 'news',
            title: 'Apple amplía capital',
            summary: '',
            language: 'es',
            tags: [],
            publishTimestamp: Date.UTC(2026, 10, 20, 12),
          },
        ]),
      ),
    );
    renderNews('AAPL');
    const link = await screen.findByRole('link', { name: 'Apple amplía capital' });
    expect(link.getAttribute('href')).toBe('/pages/news/detail?id=7');
    expect(screen.getByRole('heading', { name: 'Noticias de AAPL' })).toBeTruthy();
    expect(screen.getByText('20/11/2026')).toBeTruthy();
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body));
    expect(body).toMatchObject({ kind: 'news', tag: 'aapl', pageNum: 1 });
  });

  it('says when no news is tagged with it yet', async () => {
    fetchMock.mockResolvedValue(envelope(page([])));
    renderNews('EURUSD');
    expect(await screen.findByText('Aún no hay noticias etiquetadas con EURUSD.')).toBeTruthy();
  });
});
