import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, setLocale } from '../../../lib/i18n.ts';
import { saveOperatorSession } from '../../../lib/session-store.ts';
import { renderConsole } from '../../../test/render-console.tsx';

const fetchMock = vi.fn<typeof fetch>();

const report = {
  checkedAtTimestamp: Date.UTC(2026, 10, 23, 12),
  accountsChecked: 12,
  entriesChecked: 340,
  isBalanced: false,
  balanceMismatches: [{ accountId: 7, stored: '105.00', entries: '100.00' }],
  heldMismatches: [],
  currencyTotals: [
    { currency: 'USD', total: '0.00' },
    { currency: 'ARS', total: '5.00' },
  ],
  unbalancedJournals: [{ journalId: 31, currency: 'ARS', total: '5.00' }],
  negativeAvailable: [],
};

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

describe('ledger reconciliation', () => {
  it('runs only when asked, and lists every difference before the totals', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ code: 200, msg: '', data: report })));
    renderConsole('/reconciliation');
    const run = await screen.findByRole('button', { name: /Reconcile now/ }, { timeout: 10_000 });
    expect(fetchMock).not.toHaveBeenCalled();
    fireEvent.click(run);

    const differences = await screen.findByText('Differences found (3)', {}, { timeout: 10_000 });
    const summary = screen.getByText('What was checked');
    // The differences come first in the page.
    expect(differences.compareDocumentPosition(summary) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const card = differences.closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('Account #7')).toBeTruthy();
    expect(within(card).getByText('Journal #31 (ARS)')).toBeTruthy();
    expect(within(card).getByText('Currency does not sum to zero')).toBeTruthy();
    expect(within(card).queryByText('USD')).toBeNull();
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/admin/api/ledger/reconciliation');
  });

  it('says the ledger balances when nothing differs', async () => {
    const balanced = {
      ...report,
      isBalanced: true,
      balanceMismatches: [],
      unbalancedJournals: [],
      currencyTotals: [{ currency: 'USD', total: '0.00' }],
    };
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ code: 200, msg: '', data: balanced })));
    renderConsole('/reconciliation');
    fireEvent.click(await screen.findByRole('button', { name: /Reconcile now/ }, { timeout: 10_000 }));
    expect(await screen.findByText(/The ledger balances/, {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText(/Differences found/)).toBeNull();
  });

  it('is not offered to a content editor, whose role cannot reconcile', async () => {
    saveOperatorSession('token', { id: '2', email: 'editor@example.com', role: 'content_editor' });
    renderConsole('/reconciliation');
    expect(await screen.findByText('Not allowed', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Ledger reconciliation' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Send a message' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
