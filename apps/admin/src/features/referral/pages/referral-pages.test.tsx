import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, setLocale } from '../../../lib/i18n.ts';
import { clearOperatorSession, saveOperatorSession } from '../../../lib/session-store.ts';
import { renderConsole } from '../../../test/render-console.tsx';

const fetchMock = vi.fn<typeof fetch>();
const envelope = (code: number, data: unknown = null, msg = '') =>
  new Response(JSON.stringify({ code, msg, data }), { status: 200, headers: { 'content-type': 'application/json' } });
const posted = (suffix: string) => fetchMock.mock.calls.find(([url, init]) => String(url).endsWith(suffix) && init?.method === 'POST');

const programme = {
  isEnabled: true,
  rewardAmount: '20.00',
  currency: 'USD',
  minDeposit: '100.00',
  holdDays: 30,
  yearlyCap: '500.00',
  updatedAtTimestamp: Date.UTC(2026, 2, 3, 10, 0, 0),
};

const reward = {
  id: '5',
  referrerId: '11',
  referrerEmail: 'rita@example.com',
  inviteeId: '12',
  inviteeEmail: 'ivan@example.com',
  state: 'held',
  signals: ['same_device', 'same_ip'],
  amount: '20.00',
  currency: 'USD',
  reason: null,
  decidedBy: null,
  createdAtTimestamp: Date.UTC(2026, 2, 4),
  paidAtTimestamp: null,
};

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(async () => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  await setLocale('en');
});
afterEach(() => {
  clearOperatorSession();
  vi.unstubAllGlobals();
});

describe('the referral programme page', () => {
  it('shows the terms in force and since when, and saves a change through the audited route', async () => {
    saveOperatorSession('admin-token', { id: '1', email: 'admin@example.com', role: 'admin' });
    fetchMock.mockImplementation(async (_input, init) => {
      if (init?.method === 'POST') return envelope(200, { ...JSON.parse(String(init.body)), updatedAtTimestamp: Date.UTC(2026, 2, 5) });
      return envelope(200, programme);
    });
    renderConsole('/referral-programme');
    const reward = await screen.findByLabelText('Reward per invitee', {}, { timeout: 30_000 });
    expect((reward as HTMLInputElement).value).toBe('20.00');
    expect(screen.getByText(/^Terms in force since/)).toBeTruthy();
    expect((screen.getByLabelText('Days the deposit must be kept') as HTMLInputElement).value).toBe('30');
    fireEvent.change(reward, { target: { value: '25' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the programme' }));
    await waitFor(() => expect(posted('/admin/api/referrals/programme')).toBeTruthy(), { timeout: 30_000 });
    expect(JSON.parse(String(posted('/referrals/programme')?.[1]?.body))).toEqual({
      isEnabled: true,
      rewardAmount: '25',
      currency: 'USD',
      minDeposit: '100.00',
      holdDays: 30,
      yearlyCap: '500.00',
    });
    expect(await screen.findByText('Programme saved; the share page shows the new terms', {}, { timeout: 30_000 })).toBeTruthy();
  }, 60_000);

  it("shows the server's refusal in the operator's language and keeps the terms shown", async () => {
    saveOperatorSession('admin-token', { id: '1', email: 'admin@example.com', role: 'admin' });
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'POST' ? envelope(8503, null, 'El límite anual no puede ser menor que una recompensa') : envelope(200, programme),
    );
    renderConsole('/referral-programme');
    fireEvent.change(await screen.findByLabelText('Yearly cap per referrer', {}, { timeout: 30_000 }), { target: { value: '10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save the programme' }));
    expect(await screen.findByText('El límite anual no puede ser menor que una recompensa', {}, { timeout: 30_000 })).toBeTruthy();
    expect(screen.queryByText('Programme saved; the share page shows the new terms')).toBeNull();
  }, 60_000);

  it('is not open to a reviewer, whose role does not set the programme', async () => {
    saveOperatorSession('reviewer-token', { id: '7', email: 'reviewer@example.com', role: 'reviewer' });
    renderConsole('/referral-programme');
    expect(await screen.findByText('Not allowed', {}, { timeout: 30_000 })).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/referrals/programme'))).toBe(false);
  }, 60_000);
});

describe('the held referral rewards queue', () => {
  it('shows both parties and the signals that held the reward, and refuses it with the reason the referrer reads', async () => {
    saveOperatorSession('reviewer-token', { id: '7', email: 'reviewer@example.com', role: 'reviewer' });
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') return envelope(200, { ...reward, state: 'refused', reason: 'One person, two accounts' });
      expect(String(input)).toContain('/admin/api/referrals/rewards?status=pending');
      return envelope(200, { list: [reward], total: 1, pageNum: 1, pageSize: 20, hasMore: false });
    });
    renderConsole('/referral-rewards');
    await screen.findAllByText('rita@example.com (#11)', {}, { timeout: 30_000 });
    const row = document.querySelector<HTMLElement>('tr[data-row-key="5"]');
    if (!row) throw new Error('the held reward row expected');
    expect(within(row).getByText('rita@example.com (#11)')).toBeTruthy();
    expect(within(row).getByText('ivan@example.com (#12)')).toBeTruthy();
    expect(within(row).getByText('Same device')).toBeTruthy();
    expect(within(row).getByText('Same address')).toBeTruthy();
    expect(within(row).getByText('Held for review')).toBeTruthy();
    expect(within(row).getByText('Pay').closest('button')).toBeTruthy();

    fireEvent.click(within(row).getByText('Reject'));
    fireEvent.change(await screen.findByLabelText('Reason the user will read', {}, { timeout: 30_000 }), {
      target: { value: 'One person, two accounts' },
    });
    const rejects = screen.getAllByText('Reject');
    fireEvent.click(rejects[rejects.length - 1] as HTMLElement);
    await waitFor(() => expect(posted('/admin/api/referrals/rewards/5/reject')).toBeTruthy(), { timeout: 30_000 });
    expect(JSON.parse(String(posted('/rewards/5/reject')?.[1]?.body))).toEqual({ reason: 'One person, two accounts' });
    expect(await screen.findByText('Reward refused; the referrer was told the reason', {}, { timeout: 30_000 })).toBeTruthy();
  }, 60_000);
});
