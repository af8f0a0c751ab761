import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { TradePage } from './trade-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
let entrusted: unknown[] = [];

const waitingOrder = {
  id: '5',
  stockCode: 'TSLA',
  stockName: 'Tesla',
  source: '0',
  walletType: 'STOCK',
  currency: 'USD',
  direction: 0,
  type: 1,
  openClose: 0,
  status: 0,
  quantity: '3',
  price: '180',
  stopPrice: null,
  fillPrice: null,
  amount: null,
  fee: null,
  margin: null,
  heldAmount: '541.00',
  leverage: 1,
  timeInForce: 'day',
  takeProfit: null,
  stopLoss: null,
  positionId: null,
  cancelReason: null,
  closeReason: null,
  expireTimeTimestamp: null,
  createTimeTimestamp: 1_760_000_000_000,
  fillTimeTimestamp: null,
};

function envelope(data: unknown, code = 200, msg = ''): Response {
  return new Response(JSON.stringify({ code, msg, data }), { headers: { 'content-type': 'application/json' } });
}

const basePosition = {
  isolatedPosition: true,
  zdf: '1.5',
  sellProfit: '0.00',
  createTimeTimestamp: 1_760_000_000_000,
  source: '0',
  walletType: 'STOCK',
  currency: 'USD',
  direction: 0,
  quantity: '10',
  positionNum: '10',
  openPrice: '100',
  currentPrice: '101.5',
  leverage: 2,
  margin: '500.00',
  fees: '1.00',
  takeProfit: null,
  stopLoss: null,
  status: 'open',
  closePrice: null,
  closeTimeTimestamp: null,
};

const page = (list: unknown[]) => ({ list, total: list.length, pageNum: 1, pageSize: 100, hasMore: false });

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

beforeAll(async () => {
  await initI18n('es');
});

beforeEach(() => {
  entrusted = [];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url === '/web/position/me')
      return envelope(
        page([
          { ...basePosition, id: '1', stockCode: 'AAPL', stockName: 'Apple', profit: '15.00' },
          { ...basePosition, id: '2', stockCode: 'MSFT', stockName: 'Microsoft', profit: '-7.25' },
        ]),
      );
    if (url === '/web/position/flatList')
      return envelope(
        page([{ ...basePosition, id: '3', stockCode: 'NVDA', stockName: 'Nvidia', profit: '0', sellProfit: '42.10', status: 'closed' }]),
      );
    if (url === '/web/position/consignList') return envelope(page(entrusted));
    if (url === '/web/orders/cancel') {
      entrusted = [];
      return envelope({ id: '5', status: 2 });
    }
    return envelope(null, 1004, 'La URL no existe');
  });
  vi.stubGlobal('fetch', fetchMock);
  window.localStorage.setItem('usa12_token', 'token-1');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <TradePage />
        <Where />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('TradePage', () => {
  it('opens the Holding tab by default and colours floating P&L rise green / fall red', async () => {
    renderAt('/pages/trade/index');
    expect(screen.getByRole('tab', { name: 'Posiciones' }).getAttribute('aria-selected')).toBe('true');
    const apple = await screen.findByRole('listitem', { name: 'Apple AAPL' });
    const gain = within(apple).getByTestId('pnl');
    expect(gain.textContent).toBe('+$15,00');
    expect(gain.className).toContain('rise');
    const loss = within(screen.getByRole('listitem', { name: 'Microsoft MSFT' })).getByTestId('pnl');
    expect(loss.textContent).toBe('\u2212$7,25');
    expect(loss.className).toContain('fall');
    const close = within(apple).getByRole('link', { name: 'Cerrar' });
    expect(close.getAttribute('href')).toBe('/pages/payment/close?positionId=1');
  });

  it('opens the tab named by ?tab= and switches tabs through the query string', async () => {
    renderAt('/pages/trade/index?tab=1');
    expect(screen.getByRole('tab', { name: 'Cerradas' }).getAttribute('aria-selected')).toBe('true');
    const nvidia = await screen.findByRole('listitem', { name: 'Nvidia NVDA' });
    expect(within(nvidia).getByTestId('pnl').textContent).toBe('+$42,10');
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/web/position/me')).toBe(false);

    fireEvent.click(screen.getByRole('tab', { name: 'Órdenes' }));
    expect(screen.getByTestId('where').textContent).toBe('/pages/trade/index?tab=2');
    expect(await screen.findByText('No hay órdenes en espera')).toBeTruthy();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url) === '/web/position/consignList')).toBe(true));
  });

  it('cancels a waiting order after confirming, then refreshes the list', async () => {
    entrusted = [waitingOrder];
    renderAt('/pages/trade/index?tab=2');
    const row = await screen.findByRole('listitem', { name: 'Tesla TSLA' });
    expect(within(row).getByText('En espera')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Cancelar orden' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Se liberan los $541,00 reservados para ella.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar orden' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url) === '/web/orders/cancel')).toBe(true));
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/web/orders/cancel');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ orderId: '5' });
    expect(await screen.findByText('No hay órdenes en espera')).toBeTruthy();
  });

  it('asks a visitor to log in instead of loading lists', () => {
    window.localStorage.clear();
    renderAt('/pages/trade/index');
    expect(screen.getByText('Inicie sesión para operar')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
