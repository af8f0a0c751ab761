import { loadFeatureMessages } from '@bolsa/client-kit/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { pagePath } from '../../../lib/pages.ts';
import { tradeMessages } from '../messages.ts';
import { TwapPage } from './twap-page.tsx';

const fetchMock = vi.fn<typeof fetch>();

beforeAll(async () => {
  await initI18n('es');
  await loadFeatureMessages(tradeMessages);
});

beforeEach(() => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(
    async () =>
      new Response(JSON.stringify({ code: 5002, msg: 'Saldo disponible insuficiente', data: null }), {
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderPage(entry: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[entry]}>
        <TwapPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const codeInput = () => screen.getByLabelText('Código de la acción') as HTMLInputElement;

describe('TwapPage', { timeout: 20_000 }, () => {
  it('opens with the stock of the quote page filled in, and works that stock', async () => {
    renderPage(pagePath('twap', { code: 'aapl' }));
    expect(codeInput().value).toBe('AAPL');
    fireEvent.change(screen.getByLabelText('Cantidad total'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: 'Iniciar la orden por tramos' }));
    await waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => String(url) === '/web/twap/create')).toHaveLength(1));
    const body = JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ stockCode: 'AAPL', direction: 0, quantity: '100' });
  });

  it('opens empty without a code, for the user to type one', () => {
    renderPage(pagePath('twap'));
    expect(codeInput().value).toBe('');
  });
});
