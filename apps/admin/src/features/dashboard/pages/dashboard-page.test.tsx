import { screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, setLocale } from '../../../lib/i18n.ts';
import { saveOperatorSession } from '../../../lib/session-store.ts';
import { renderConsole } from '../../../test/render-console.tsx';

const fetchMock = vi.fn<typeof fetch>();
const envelope = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: '', data }));
const hourAgo = Date.now() - 3 * 60 * 60_000;

beforeAll(async () => {
  await initI18n('en');
});
beforeEach(async () => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  await setLocale('en');
  saveOperatorSession('token', { id: '1', email: 'ops@example.com', role: 'reviewer' });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the dashboard (issue 15 §12)', () => {
  it('shows the pending queues with the oldest wait, today’s figures and the last reconciliation', async () => {
    fetchMock.mockImplementation(async () =>
      envelope({
        dayStartTimestamp: Date.UTC(2026, 10, 18),
        queues: [
          { queue: 'kyc', pending: 0, oldestTimestamp: null },
          { queue: 'withdrawals', pending: 4, oldestTimestamp: hourAgo },
          { queue: 'blockApplications', pending: 2, oldestTimestamp: Date.now() - 30 * 60_000 },
          { queue: 'referrals', pending: 2, oldestTimestamp: Date.now() - 2 * 86_400_000 },
        ],
        newUsers: 7,
        deposits: { requested: 3, credited: [{ currency: 'USD', count: 2, amount: '150.00' }] },
        withdrawals: { requested: 1, paid: [] },
        reconciliation: { checkedAtTimestamp: Date.UTC(2026, 10, 18, 3), isBalanced: false },
      }),
    );
    renderConsole('/dashboard');
    expect(await screen.findByText('Pending reviews', {}, { timeout: 15_000 })).toBeTruthy();
    expect(screen.getByText('Nothing waiting')).toBeTruthy();
    expect(screen.getByText(/Oldest waiting since 3 hours ago/)).toBeTruthy();
    expect(screen.getByText('4')).toBeTruthy();
    // Block-trading applications count with the other reviews, their label leading to their queue.
    // (the side menu's link, and the queue's on the dashboard)
    const links = screen.getAllByRole('link', { name: 'Block-trade applications' });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/block-applications', '/block-applications']);
    expect(screen.getByText(/Oldest waiting since 30 minutes ago/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Held referral rewards' }).getAttribute('href')).toBe('/referral-rewards');
    expect(screen.getByText(/Oldest waiting since 2 days ago/)).toBeTruthy();
    expect(screen.getByText('150.00 USD (2)')).toBeTruthy();
    expect(screen.getByText('New users')).toBeTruthy();
    expect(screen.getByText('Last reconciliation: differences found')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([input]) => String(input) === '/admin/api/dashboard')).toBe(true);
  });
});
