import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, setLocale } from '../../../lib/i18n.ts';
import { clearOperatorSession, saveOperatorSession } from '../../../lib/session-store.ts';
import { renderConsole } from '../../../test/render-console.tsx';

const fetchMock = vi.fn<typeof fetch>();
const envelope = (code: number, data: unknown = null, msg = '') =>
  new Response(JSON.stringify({ code, msg, data }), { status: 200, headers: { 'content-type': 'application/json' } });

const adjustment = (id: string, requestedBy: string) => ({
  id,
  userId: '42',
  userEmail: 'ana@example.com',
  walletType: 'BALANCE',
  currency: 'USD',
  direction: 'credit',
  amount: '40.00',
  reasonCode: 'goodwill',
  note: 'Outage of 3 March',
  status: 'pending',
  requestedBy,
  requestedAtTimestamp: Date.UTC(2026, 2, 3),
  decidedBy: null,
  decidedAtTimestamp: null,
  decisionReason: null,
  journalId: null,
});

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(async () => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  await setLocale('en');
  saveOperatorSession('reviewer-token', { id: '7', email: 'reviewer@example.com', role: 'reviewer' });
});
afterEach(() => {
  clearOperatorSession();
  vi.unstubAllGlobals();
});

describe('four-eyes adjustments page', () => {
  it("offers approve and reject only on other operators' requests, and approves through the API", async () => {
    const page = { list: [adjustment('1', '7'), adjustment('2', '9')], total: 2, pageNum: 1, pageSize: 20, hasMore: false };
    fetchMock.mockImplementation(async (input) => {
      const url = String(input);
      if (url.includes('/adjustments/2/approve')) return envelope(200, { ...adjustment('2', '9'), status: 'approved' });
      return envelope(200, page);
    });
    renderConsole('/adjustments');
    await screen.findAllByText('ana@example.com (#42)', {}, { timeout: 30_000 });
    const rows = await screen.findAllByRole('row');
    const own = rows.find((row) => row.getAttribute('data-row-key') === '1');
    const other = rows.find((row) => row.getAttribute('data-row-key') === '2');
    if (!own || !other) throw new Error('both rows expected');
    expect(within(own).getByText('Your request: another operator decides')).toBeTruthy();
    expect(within(own).queryByRole('button', { name: 'Approve' })).toBeNull();
    fireEvent.click(within(other).getByRole('button', { name: 'Approve' }));
    const confirm = await screen.findAllByRole('button', { name: 'Approve' }, { timeout: 30_000 });
    fireEvent.click(confirm[confirm.length - 1] as HTMLElement);
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url).endsWith('/admin/api/adjustments/2/approve'))).toBe(true), {
      timeout: 30_000,
    });
    const approveCall = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/adjustments/2/approve'));
    expect(approveCall?.[1]?.method).toBe('POST');
  }, 60_000);

  it('requests an adjustment with the form and shows the server refusal in the operator language', async () => {
    fetchMock.mockImplementation(async (_input, init) => {
      if (init?.method === 'POST') return envelope(6040, null, 'El usuario no existe');
      return envelope(200, { list: [], total: 0, pageNum: 1, pageSize: 20, hasMore: false });
    });
    renderConsole('/adjustments');
    fireEvent.change(await screen.findByLabelText('User ID', {}, { timeout: 30_000 }), { target: { value: '999' } });
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '12.50' } });
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'Refund of a duplicated fee' } });
    fireEvent.click(screen.getByRole('button', { name: 'Request' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true), { timeout: 30_000 });
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      userId: '999',
      walletType: 'BALANCE',
      direction: 'credit',
      amount: '12.50',
      reasonCode: 'goodwill',
      note: 'Refund of a duplicated fee',
    });
    expect(await screen.findByText('El usuario no existe', {}, { timeout: 30_000 })).toBeTruthy();
  }, 60_000);
});
