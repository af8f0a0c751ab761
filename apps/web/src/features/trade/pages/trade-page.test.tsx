import { loadFeatureMessages } from '@bolsa/client-kit/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { tradeMessages } from '../messages.ts';
import { TradePage } from './trade-page.tsx';

/**
 * The push connection's quotes, driven by the test: `push` delivers a quote as the socket would, to the
 * screens subscribed to its code (the real hook's contract: the newest quote per code, a new map each time).
 */
const livePush = vi.hoisted(() => {
  const state = {
    quotes: new Map<string, unknown>(),
    subscribed: [] as string[][],
    listeners: new Set<() => void>(),
    push(quote: { code: string; [field: string]: unknown }) {
      state.quotes = new Map(state.quotes).set(quote.code, quote);
      for (const listener of state.listeners) listener();
    },
  };
  return state;
});
vi.mock('../../../lib/push-client.ts', async () => {
  const { useEffect, useSyncExternalStore } = await import('react');
  return {
    useLiveQuotes(codes: readonly string[]) {
      const key = [...new Set(codes)].sort().join(',');
      useEffect(() => {
        if (key !== '') livePush.subscribed.push(key.split(','));
      }, [key]);
      return useSyncExternalStore(
        (listener) => {
          livePush.listeners.add(listener);
          return () => livePush.listeners.delete(listener);
        },
        () => livePush.quotes,
      );
    },
  };
});

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
  multiplier: '1',
  walletRate: '1',
  leverage: 2,
  margin: '500.00',
  fees: '1.00',
  takeProfit: null,
  stopLoss: null,
  status: 'open',
  closePrice: null,
  closeTimeTimestamp: null,
};

const blockOrder = {
  id: '9',
  orderId: '41',
  code: 'IMO',
  direction: 0,
  quantity: '10000',
  price: '104.03',
  midAtQuote: '104.03',
  midAtFill: '104.08',
  priceVsMid: '-0.00048',
  bandRate: '0.01',
  amount: '1040300.00',
  fee: '1040.30',
  currency: 'USD',
  status: 'filled',
  quotedAtTimestamp: 1_764_100_000_000,
  filledAtTimestamp: 1_764_100_004_000,
};

const workedOrder = {
  id: '12',
  code: 'AAPL',
  direction: 0,
  status: 'working',
  quantity: '100',
  filledQuantity: '25',
  remainingQuantity: '75',
  averagePrice: '200.01',
  filledAmount: '5000.25',
  fees: '5.00',
  currency: 'USD',
  limitPrice: '201',
  slices: 4,
  slicesFilled: 1,
  intervalSeconds: 75,
  nextSliceAtTimestamp: Date.now() + 60_000,
  waitReason: 'limit',
  stopReason: null,
  startedAtTimestamp: Date.now() - 15_000,
  endsAtTimestamp: Date.now() + 285_000,
  endedAtTimestamp: null,
  fills: [],
};
let worked: unknown[] = [];

const page = (list: unknown[]) => ({ list, total: list.length, pageNum: 1, pageSize: 100, hasMore: false });

function Where() {
  const location = useLocation();
  return <output data-testid="where">{`${location.pathname}${location.search}`}</output>;
}

beforeAll(async () => {
  await initI18n('es');
  await loadFeatureMessages(tradeMessages);
});

beforeEach(() => {
  livePush.quotes = new Map();
  livePush.subscribed = [];
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
    if (url === '/web/blockTrade/pageList') return envelope(page([blockOrder]));
    if (url === '/web/twap/pageList') return envelope(page(worked));
    if (url === '/web/twap/cancel') {
      worked = [{ ...workedOrder, status: 'cancelled', waitReason: null, nextSliceAtTimestamp: null }];
      return envelope(worked[0]);
    }
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

// The dialogs and paging cases walk several screens; on a loaded 2-core CI machine that can take more than the default 5 s.
describe('TradePage', { timeout: 20_000 }, () => {
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

  it('revalues each holding and the total on every quote of what is held, without fetching the list again', async () => {
    renderAt('/pages/trade/index');
    const apple = await screen.findByRole('listitem', { name: 'Apple AAPL' });
    const microsoft = screen.getByRole('listitem', { name: 'Microsoft MSFT' });
    expect(livePush.subscribed).toContainEqual(['AAPL', 'MSFT']);
    expect(screen.getByTestId('pnl-total').textContent).toBe('+$7,75');
    const fetchesBefore = fetchMock.mock.calls.length;
    const quote = (code: string, bid: string, ask: string) =>
      act(() => livePush.push({ code, price: bid, bid, ask, marketStatus: 'open', timestamp: Date.now() }));

    // Long 10 from 100: at a bid of 103.25 the floating P&L is +32.50 (3.25 %), green.
    quote('AAPL', '103.25', '103.27');
    const gain = within(apple).getByTestId('pnl');
    expect(gain.textContent).toBe('+$32,50');
    expect(gain.className).toContain('rise');
    expect(within(apple).getByTestId('pnl-ratio').textContent).toBe('+3,25%');
    expect(within(apple).getByText('103,25')).toBeTruthy();
    // A fall below the open turns it red; the other holding keeps the server's figure until its own quote.
    quote('AAPL', '98', '98.02');
    expect(within(apple).getByTestId('pnl').textContent).toBe('\u2212$20,00');
    expect(within(apple).getByTestId('pnl').className).toContain('fall');
    expect(within(microsoft).getByTestId('pnl').textContent).toBe('\u2212$7,25');
    expect(screen.getByTestId('pnl-total').textContent).toBe('\u2212$27,25');
    quote('MSFT', '100.5', '100.52');
    expect(within(microsoft).getByTestId('pnl').textContent).toBe('+$5,00');
    expect(screen.getByTestId('pnl-total').textContent).toBe('\u2212$15,00');
    // A quote of something not held changes nothing.
    quote('TSLA', '500', '500.1');
    expect(screen.getByTestId('pnl-total').textContent).toBe('\u2212$15,00');
    expect(fetchMock.mock.calls.length).toBe(fetchesBefore);
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

  it('lists block orders in the block tab (5) with the price against the mid at fill, the band and the fee', async () => {
    renderAt('/pages/trade/index?tab=5');
    expect(screen.getByRole('tab', { name: 'Bloque' }).getAttribute('aria-selected')).toBe('true');
    const row = await screen.findByRole('article', { name: 'IMO 10.000' });
    expect(row.textContent).toContain('Ejecutada');
    expect(within(row).getByText('$104,03')).toBeTruthy();
    expect(within(row).getByText('104,08')).toBeTruthy();
    expect(within(row).getByText('-0,048%')).toBeTruthy();
    expect(within(row).getByText('± 1 %')).toBeTruthy();
    expect(within(row).getByText('$1.040,30')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Operaciones en bloque' }).getAttribute('href')).toBe('/pages/product/blocktrade');
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/web/position/me')).toBe(false);
  });

  it("shows a worked order's progress in tab 7 and cancels it, keeping what filled", async () => {
    worked = [workedOrder];
    renderAt('/pages/trade/index?tab=7');
    expect(screen.getByRole('tab', { name: 'Por tramos' }).getAttribute('aria-selected')).toBe('true');
    const row = await screen.findByRole('article', { name: 'AAPL Compra' });
    expect(within(row).getByText('Esperando: el precio está fuera del límite')).toBeTruthy();
    expect(within(row).getByText('25 / 100')).toBeTruthy();
    expect(within(row).getByText('$200,01')).toBeTruthy();
    expect(within(row).getByText('1 / 4')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nueva orden por tramos' }).getAttribute('href')).toBe('/pages/trade/twap');
    fireEvent.click(within(row).getByRole('button', { name: 'Cancelar' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Lo ya ejecutado (25 de 100) se mantiene.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url) === '/web/twap/cancel')).toBe(true));
    expect(await within(await screen.findByRole('article', { name: 'AAPL Compra' })).findByText('Cancelada')).toBeTruthy();
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

  it('edits the take-profit and stop-loss of a holding in a dialog, refusing a wrong side before sending', async () => {
    const defaultAnswer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) =>
      String(input) === '/web/position/updateTakeProfitStopLoss'
        ? envelope({ ...basePosition, id: '1', stockCode: 'AAPL', stockName: 'Apple', profit: '15.00', takeProfit: '110', stopLoss: '95' })
        : (defaultAnswer?.(input, init) as Promise<Response>),
    );
    renderAt('/pages/trade/index');
    const apple = await screen.findByRole('listitem', { name: 'Apple AAPL' });
    fireEvent.click(within(apple).getByRole('button', { name: 'Editar niveles' }));
    const dialog = await screen.findByRole('dialog', { name: 'Toma de ganancias y límite de pérdida' });
    // A buy is valued at 101.5: its take-profit must lie above, its stop-loss below.
    fireEvent.change(within(dialog).getByLabelText('Toma de ganancias'), { target: { value: '100' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Debe ser mayor que 101,5');
    const updates = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/web/position/updateTakeProfitStopLoss');
    expect(updates()).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('Toma de ganancias'), { target: { value: '110' } });
    fireEvent.change(within(dialog).getByLabelText('Límite de pérdida'), { target: { value: '95' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(updates()).toHaveLength(1));
    expect(JSON.parse(String(updates()[0]?.[1]?.body))).toEqual({ id: '1', takeProfit: '110', stopLoss: '95' });
    expect(await screen.findByText('Niveles guardados')).toBeTruthy();
  });

  it('adds margin to a holding from its market wallet, refusing more than is available', async () => {
    const defaultAnswer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (url === '/web/wallet/getWalletBalance')
        return envelope({ walletType: 'STOCK', currency: 'USD', balance: '1000.00', usedBalance: '0.00', availableBalance: '1000.00' });
      if (url === '/web/position/addPositionMargin') return envelope({ ...basePosition, id: '1', margin: '550.00' });
      return defaultAnswer?.(input, init) as Promise<Response>;
    });
    renderAt('/pages/trade/index');
    const apple = await screen.findByRole('listitem', { name: 'Apple AAPL' });
    fireEvent.click(within(apple).getByRole('button', { name: 'Añadir margen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Añadir margen' });
    await within(dialog).findByText('$1.000,00');
    const amount = within(dialog).getByLabelText('Importe a añadir');
    const submit = within(dialog).getByRole('button', { name: 'Añadir margen' });
    fireEvent.change(amount, { target: { value: '2000' } });
    fireEvent.click(submit);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('El saldo disponible no es suficiente');
    fireEvent.change(amount, { target: { value: '50' } });
    fireEvent.click(submit);
    const adds = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/web/position/addPositionMargin');
    await waitFor(() => expect(adds()).toHaveLength(1));
    const body = JSON.parse(String(adds()[0]?.[1]?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({ id: '1', amount: '50' });
    expect(String(body.idempotencyKey)).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Margen añadido')).toBeTruthy();
  });

  it('loads the next page of closed positions when the end of the list comes into view', async () => {
    const closedRow = (id: number) => ({
      ...basePosition,
      id: String(id),
      stockCode: `C${id}`,
      stockName: `Closed ${id}`,
      profit: '0',
      sellProfit: '1.00',
      status: 'closed',
    });
    const defaultAnswer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) !== '/web/position/flatList') return defaultAnswer?.(input, init) as Promise<Response>;
      const { pageNum, pageSize } = JSON.parse(String(init?.body)) as { pageNum: number; pageSize: number };
      const all = Array.from({ length: 25 }, (_, index) => closedRow(index + 1));
      const list = all.slice((pageNum - 1) * pageSize, pageNum * pageSize);
      return envelope({ list, total: all.length, pageNum, pageSize, hasMore: pageNum * pageSize < all.length });
    });
    // jsdom lays nothing out: give elements the offset parent antd-mobile's InfiniteScroll checks before loading.
    const offsetParent = vi.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockImplementation(function (this: HTMLElement) {
      return this.parentElement;
    });
    onTestFinished(() => offsetParent.mockRestore());
    renderAt('/pages/trade/index?tab=1');
    expect(await screen.findByRole('listitem', { name: 'Closed 1 C1' })).toBeTruthy();
    expect(await screen.findByRole('listitem', { name: 'Closed 25 C25' }, { timeout: 3000 })).toBeTruthy();
    const pages = fetchMock.mock.calls
      .filter(([url]) => String(url) === '/web/position/flatList')
      .map(([, init]) => (JSON.parse(String(init?.body)) as { pageNum: number }).pageNum);
    expect(pages).toEqual([1, 2]);
    expect(await screen.findByText('No hay más registros')).toBeTruthy();
  });

  it('asks a visitor to log in instead of loading lists', () => {
    window.localStorage.clear();
    renderAt('/pages/trade/index');
    expect(screen.getByText('Inicie sesión para operar')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
