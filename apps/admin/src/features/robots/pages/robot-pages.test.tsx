import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, setLocale } from '../../../lib/i18n.ts';
import { saveOperatorSession } from '../../../lib/session-store.ts';
import { renderConsole } from '../../../test/render-console.tsx';

const fetchMock = vi.fn<typeof fetch>();
const envelope = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: '', data }));
const slow = { timeout: 15_000 };
const now = Date.UTC(2026, 10, 26, 14);
const run = {
  id: '7',
  userId: '3',
  userEmail: 'ana@example.com',
  failMessage: null,
  templateId: '1',
  templateName: 'Grid',
  kind: 'grid',
  licenceId: '1',
  parameters: { kind: 'grid', lowerPrice: '180', upperPrice: '220', levels: 8 },
  status: 'in_progress',
  endReason: null,
  failCode: null,
  stockCode: 'AAPL',
  walletType: 'STOCK',
  currency: 'USD',
  allocatedAmount: '1000.00',
  cash: '803.45',
  quantity: '1',
  averageCost: '195.10',
  lastPrice: '198.30',
  value: '1001.75',
  income: '2.55',
  todayOutput: '-0.30',
  fees: '1.00',
  profitLoss: '1.75',
  holdingProfitLoss: '6.20',
  versusHolding: '-4.45',
  maxDrawdownPercent: '0.85',
  tradesCount: 2,
  annualisedPercent: null,
  startedAtTimestamp: now - 86_400_000,
  endedAtTimestamp: null,
  billedUntilTimestamp: now,
  energyUsed: 24,
};
const failed = {
  ...run,
  id: '8',
  status: 'failed',
  endReason: 'trading',
  failCode: 'INSUFFICIENT_FUNDS',
  failMessage: 'Insufficient available balance',
};
const template = {
  id: '1',
  kind: 'grid',
  code: 'GRID-1',
  name: 'Grid',
  defaultParameters: run.parameters,
  explanation: { does: 'robots.kinds.grid.does', cannot: 'robots.kinds.grid.cannot', loses: 'robots.kinds.grid.loses' },
  prices: [{ id: '2', templateId: '1', kind: 'rental', days: 30, price: '29.00', currency: 'USD', energyIncluded: 720, isEnabled: true }],
  isEnabled: true,
  licence: null,
};

const calls = (path: string, method = 'POST') =>
  fetchMock.mock.calls.filter(([input, init]) => String(input).endsWith(path) && (init?.method ?? 'GET') === method);

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(async () => {
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('/admin/api/robots/runs?'))
      return envelope({ list: [run, failed], total: 2, pageNum: 1, pageSize: 20, hasMore: false });
    if (url.includes('/admin/api/robots/runs/7/kill')) return envelope({ stopped: 1, runIds: ['7'] });
    if (url.includes('/admin/api/robots/kill-all')) return envelope({ stopped: 3, runIds: ['7', '9', '10'] });
    if (url.includes('/admin/api/robots/templates')) return envelope([template]);
    if (url.includes('/admin/api/robots/packs'))
      return envelope([{ id: '1', units: 100, price: '5.00', currency: 'USD', isEnabled: true }]);
    return envelope(null);
  });
  vi.stubGlobal('fetch', fetchMock);
  await setLocale('en');
  saveOperatorSession('token', { id: '1', email: 'ops@example.com', role: 'admin' });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('strategy robots in the console (issue 22 §5)', { timeout: 40_000 }, () => {
  it("lists every user's runs with why one failed in the server's words, and stops one with a note sent to be audited", async () => {
    renderConsole('/robot-runs');
    expect((await screen.findAllByText('ana@example.com', {}, slow)).length).toBe(2);
    expect(screen.getByText(/order refused: Insufficient available balance/)).toBeTruthy();
    // Only the run in progress has a kill switch.
    fireEvent.click(screen.getByText('Kill'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Reason (kept in the audit log)'), { target: { value: 'Runaway orders' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(calls('/admin/api/robots/runs/7/kill')).toHaveLength(1));
    expect(JSON.parse(String(calls('/admin/api/robots/runs/7/kill')[0]?.[1]?.body))).toEqual({ note: 'Runaway orders' });
    expect(await screen.findByText('Runs stopped: 1')).toBeTruthy();
  });

  it('stops every run with the kill switch for all', async () => {
    renderConsole('/robot-runs');
    await screen.findAllByText('ana@example.com', {}, slow);
    fireEvent.click(screen.getByText('Kill all runs'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Reason (kept in the audit log)'), { target: { value: 'Market incident' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(calls('/admin/api/robots/kill-all')).toHaveLength(1));
    expect(await screen.findByText('Runs stopped: 3')).toBeTruthy();
  });

  it('shows the templates with their default parameters and offers, and the energy packs', async () => {
    renderConsole('/robot-templates');
    expect(await screen.findByText('GRID-1', {}, slow)).toBeTruthy();
    expect(screen.getByText('Lower price 180 · Upper price 220 · Price lines 8')).toBeTruthy();
    expect(screen.getByText('New template')).toBeTruthy();
    expect(screen.getByText('Energy packs')).toBeTruthy();
    expect(screen.getByText('5.00 USD')).toBeTruthy();
  });
});
