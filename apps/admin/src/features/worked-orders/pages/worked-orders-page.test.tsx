import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, setLocale } from '../../../lib/i18n.ts';
import { saveOperatorSession } from '../../../lib/session-store.ts';
import { renderConsole } from '../../../test/render-console.tsx';

const fetchMock = vi.fn<typeof fetch>();
const envelope = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: '', data }));
const order = {
  id: '7',
  userId: '3',
  userEmail: 'ana@example.com',
  code: 'AAPL',
  direction: 1,
  status: 'working',
  quantity: '100',
  filledQuantity: '40',
  remainingQuantity: '60',
  averagePrice: '200.5',
  filledAmount: '8020.00',
  fees: '8.02',
  currency: 'USD',
  limitPrice: '199',
  slices: 5,
  slicesFilled: 2,
  intervalSeconds: 60,
  nextSliceAtTimestamp: Date.UTC(2026, 10, 18, 10),
  waitReason: 'limit',
  stopReason: null,
  stopMessage: null,
  startedAtTimestamp: Date.UTC(2026, 10, 18, 9, 58),
  endsAtTimestamp: Date.UTC(2026, 10, 18, 10, 3),
  endedAtTimestamp: null,
  fills: [],
};

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(async () => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () => envelope({ list: [order], total: 1, pageNum: 1, pageSize: 20, hasMore: false }));
  vi.stubGlobal('fetch', fetchMock);
  await setLocale('en');
  saveOperatorSession('token', { id: '1', email: 'ops@example.com', role: 'support' });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('worked orders in the console (issue 19 §3)', () => {
  it('lists the working orders with their progress and why one waits, and filters by state', async () => {
    renderConsole('/worked-orders');
    expect(await screen.findByText('ana@example.com', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('Sell')).toBeTruthy();
    expect(screen.getByText('40 / 100 (2/5)')).toBeTruthy();
    expect(screen.getByText('Working · waiting: price beyond the limit')).toBeTruthy();
    expect(screen.getByText('8.02 USD')).toBeTruthy();
    expect(
      fetchMock.mock.calls.some(([input]) => String(input).includes('/admin/api/twap/orders?') && String(input).includes('status=working')),
    ).toBe(true);
    fireEvent.click(screen.getByText('All'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([input]) => String(input).includes('/admin/api/twap/orders?') && !String(input).includes('status=')),
      ).toBe(true),
    );
  });

  it("shows why an order stopped as the server words it in the operator's language, never the raw code", async () => {
    const stopped = {
      ...order,
      status: 'stopped',
      waitReason: null,
      stopReason: 'INSUFFICIENT_FUNDS',
      stopMessage: 'Insufficient available balance',
    };
    fetchMock.mockImplementation(async () => envelope({ list: [stopped], total: 1, pageNum: 1, pageSize: 20, hasMore: false }));
    renderConsole('/worked-orders');
    expect(await screen.findByText('Stopped · Insufficient available balance', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.queryByText(/INSUFFICIENT_FUNDS/)).toBeNull();
  });
});
