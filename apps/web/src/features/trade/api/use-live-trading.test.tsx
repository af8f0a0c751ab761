import { loadFeatureMessages } from '@bolsa/client-kit/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import type { PushClient, TradingEvent } from '../../../lib/push-client.ts';
import { tradeMessages } from '../messages.ts';
import { TradePage } from '../pages/trade-page.tsx';
import { followLiveTrading } from './use-live-trading.ts';

/** A push client whose trading events and sign-in confirmations the test plays. */
function fakeClient() {
  const tradingListeners = new Set<(event: TradingEvent) => void>();
  const client = {
    onTradingEvent: (listener: (event: TradingEvent) => void) => {
      tradingListeners.add(listener);
      return () => tradingListeners.delete(listener);
    },
    onSignedIn: () => () => undefined,
  } as unknown as PushClient;
  return {
    client,
    emit: (event: TradingEvent) => {
      for (const listener of tradingListeners) listener(event);
    },
    listenerCount: () => tradingListeners.size,
  };
}

const restingOrder = {
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

const page = (list: unknown[]) => ({ list, total: list.length, pageNum: 1, pageSize: 20, hasMore: false });
const envelope = (data: unknown) =>
  new Response(JSON.stringify({ code: 200, msg: '', data }), { headers: { 'content-type': 'application/json' } });

let entrusted: unknown[] = [];
const fetchMock = vi.fn<typeof fetch>();
const consignCalls = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/web/position/consignList').length;

beforeAll(async () => {
  await initI18n('es');
  await loadFeatureMessages(tradeMessages);
});
beforeEach(() => {
  entrusted = [restingOrder];
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => envelope(String(input) === '/web/position/consignList' ? page(entrusted) : page([])));
  vi.stubGlobal('fetch', fetchMock);
  window.localStorage.setItem('usa12_token', 'token-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('live trading', () => {
  it('refreshes the entrusted list when an order event arrives: a filled limit order leaves it without a reload', async () => {
    const fake = fakeClient();
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    function Live() {
      useEffect(() => followLiveTrading({ client: fake.client, token: 'token-1', queryClient }), []);
      return null;
    }
    const view = render(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={['/pages/trade/index?tab=2']}>
          <Live />
          <TradePage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('listitem', { name: 'Tesla TSLA' })).toBeTruthy();
    expect(consignCalls()).toBe(1);

    // The engine filled it: the server now lists no waiting order, and says so on the socket.
    entrusted = [];
    fake.emit({ type: 'order', data: { id: '5', status: 1 } });
    fake.emit({ type: 'position', data: { id: '9', status: 'open' } });
    expect(await screen.findByText('No hay órdenes en espera')).toBeTruthy();
    // The order and position events of one fill refetch once.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(consignCalls()).toBe(2);

    view.unmount();
    expect(fake.listenerCount()).toBe(0);
  });

  it('follows nothing for a visitor', () => {
    const fake = fakeClient();
    followLiveTrading({ client: fake.client, token: null, queryClient: new QueryClient() });
    expect(fake.listenerCount()).toBe(0);
  });
});
