import { loadFeatureMessages } from '@bolsa/client-kit/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Dialog } from 'antd-mobile';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { tradeMessages } from '../messages.ts';
import { ClosePositionPage } from './close-page.tsx';

// No live quotes here: the market status comes from the instrument's rules (getMinCount).
vi.mock('../../../lib/push-client.ts', () => ({ useLiveQuotes: () => new Map() }));
const toasts = vi.hoisted(() => ({ shown: [] as string[] }));
vi.mock('../../../lib/toast.ts', () => ({
  showToast: (content: string) => toasts.shown.push(content),
  showError: (error: { message?: string }) => toasts.shown.push(error.message ?? ''),
}));

const fetchMock = vi.fn<typeof fetch>();
let marketStatus = 'closed';
let closeAnswer: { status: number } = { status: 0 };
let fullNum = '10';
const sentCloses: unknown[] = [];
let listed: object;

const position = {
  id: '7',
  positionNum: '10',
  isolatedPosition: true,
  zdf: '1.00',
  profit: '20.00',
  sellProfit: '0.00',
  createTimeTimestamp: 1_760_000_000_000,
  stockCode: 'AAPL',
  stockName: 'Apple',
  source: '0',
  walletType: 'STOCK',
  currency: 'USD',
  direction: 0,
  quantity: '10',
  openPrice: '200',
  currentPrice: '202',
  multiplier: '1',
  walletRate: '1',
  leverage: 2,
  margin: '1000.00',
  fees: '2.00',
  takeProfit: null,
  stopLoss: null,
  status: 'open',
  closePrice: null,
  closeTimeTimestamp: null,
};

function envelope(data: unknown, code = 200, msg = ''): Response {
  return new Response(JSON.stringify({ code, msg, data }), { headers: { 'content-type': 'application/json' } });
}

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

beforeAll(async () => {
  await initI18n('es');
  await loadFeatureMessages(tradeMessages);
});

beforeEach(() => {
  sentCloses.length = 0;
  toasts.shown.length = 0;
  fullNum = '10';
  listed = position;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/web/position/me') return envelope({ list: [listed], total: 1, pageNum: 1, pageSize: 100, hasMore: false });
    if (url === '/web/position/getHalfOrFullNum') return envelope({ positionId: '7', fullNum, halfNum: '5' });
    if (url === '/web/stocka_config/getMinCount')
      return envelope({
        stockCode: 'AAPL',
        source: '0',
        walletType: 'STOCK',
        currency: 'USD',
        minCount: '1',
        lotSize: '1',
        tickSize: '0.01',
        multiplier: '1',
        leverageMin: 1,
        leverageMax: 10,
        feeRate: '0.001',
        feeMinimum: '1',
        marketStatus,
        isHalted: false,
      });
    if (url === '/web/position/flatPosition') {
      sentCloses.push(JSON.parse(String(init?.body)));
      return envelope({ id: '30', openClose: 1, ...closeAnswer });
    }
    return envelope(null, 1004, 'La URL no existe');
  });
  vi.stubGlobal('fetch', fetchMock);
  window.localStorage.setItem('usa12_token', 'token-1');
});

afterEach(() => {
  Dialog.clear();
  vi.unstubAllGlobals();
});

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/pages/payment/close?positionId=7']}>
        <Routes>
          <Route path="/pages/payment/close" element={<ClosePositionPage />} />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

async function closeHalf() {
  const half = (await screen.findByRole('button', { name: 'Mitad' })) as HTMLButtonElement;
  await waitFor(() => expect(half.disabled).toBe(false));
  fireEvent.click(half);
  await waitFor(() => expect((screen.getByLabelText('Cantidad a cerrar') as HTMLInputElement).value).toBe('5'));
  const form = screen.getByLabelText('Cantidad a cerrar').closest('form') as HTMLFormElement;
  fireEvent.click(within(form).getByRole('button', { name: 'Cerrar posición' }));
  return screen.findByRole('dialog', {}, { timeout: 5000 });
}

describe('ClosePositionPage', { timeout: 20_000 }, () => {
  it('says a close while the market is shut waits for the open, and shows the queued order under Entrusted', async () => {
    marketStatus = 'closed';
    closeAnswer = { status: 0 };
    renderPage();
    const note = 'El mercado está cerrado: el cierre espera a que abra el mercado y se ejecuta al precio de apertura.';
    expect(await screen.findByText(note, {}, { timeout: 5000 })).toBeTruthy();
    const dialog = await closeHalf();
    expect(within(dialog).getByText(note)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar posición' }));
    await waitFor(() => expect(toasts.shown).toEqual(['Orden de cierre enviada: se ejecutará cuando abra el mercado']));
    expect(sentCloses).toEqual([expect.objectContaining({ id: '7', quantity: '5' })]);
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/pages/trade/index?tab=2'));
  });

  it('a leveraged position shows its leverage, open price and margin', async () => {
    marketStatus = 'open';
    renderPage();
    expect(await screen.findByText('Margen', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('Precio de apertura')).toBeTruthy();
    expect(screen.getByText(/· 2×/)).toBeTruthy();
  });

  it('a cash holding shows its average cost and market value, with no margin or leverage (issue 15 §11)', async () => {
    marketStatus = 'open';
    listed = { ...position, leverage: 1, margin: '2000.00', marketValue: '2020.00', todayPnl: '20.00', weight: '20.20' };
    renderPage();
    const value = await screen.findByText('Valor de mercado', {}, { timeout: 5000 });
    expect(value.nextElementSibling?.textContent).toBe('$2.020,00');
    expect(screen.getByText('Costo promedio').nextElementSibling?.textContent).toBe('200');
    expect(screen.queryByText('Margen')).toBeNull();
    expect(screen.queryByText(/1×/)).toBeNull();
  });

  it('offers only what is still closable when part already waits for the open', async () => {
    marketStatus = 'closed';
    fullNum = '6';
    renderPage();
    await waitFor(() => expect((screen.getByLabelText('Cantidad a cerrar') as HTMLInputElement).value).toBe('6'));
  });

  it('in session closes at once, without the note, and returns to the holdings', async () => {
    marketStatus = 'open';
    closeAnswer = { status: 1 };
    renderPage();
    const dialog = await closeHalf();
    expect(screen.queryByText(/el cierre espera a que abra el mercado/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cerrar posición' }));
    await waitFor(() => expect(toasts.shown).toEqual(['Posición cerrada']));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/pages/trade/index?tab=0'));
  });
});
