import { MISSING_ACCOUNT_CURRENCY } from '@bolsa/contracts';
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

const envelope = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: '', data }));
/** Answers the daily runs with `runs`, and a reconciliation on demand with `onDemand`. */
function serve(options: { runs?: unknown[]; onDemand?: unknown }) {
  fetchMock.mockImplementation(async (input) =>
    String(input).endsWith('/ledger/reconciliation/runs') ? envelope(options.runs ?? []) : envelope(options.onDemand),
  );
}
const onDemandCalls = () => fetchMock.mock.calls.filter(([input]) => String(input) === '/admin/api/ledger/reconciliation');

describe('ledger reconciliation', () => {
  it('runs only when asked, and lists every difference before the totals', async () => {
    serve({ onDemand: report });
    renderConsole('/reconciliation');
    const run = await screen.findByRole('button', { name: /Reconcile now/ }, { timeout: 10_000 });
    expect(onDemandCalls()).toHaveLength(0);
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
    expect(onDemandCalls()).toHaveLength(1);
  });

  it('names an entry whose account does not exist instead of showing its placeholder currency', async () => {
    serve({ onDemand: { ...report, unbalancedJournals: [{ journalId: 40, currency: MISSING_ACCOUNT_CURRENCY, total: '0.01' }] } });
    renderConsole('/reconciliation');
    fireEvent.click(await screen.findByRole('button', { name: /Reconcile now/ }, { timeout: 10_000 }));
    expect(await screen.findByText('Journal #40 (no such account)', {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.queryByText(/\?\?\?/)).toBeNull();
  });

  it('shows the latest daily reconciliation at once, its differences first, and lists the daily runs', async () => {
    const earlier = {
      ...report,
      checkedAtTimestamp: Date.UTC(2026, 10, 22, 12),
      isBalanced: true,
      balanceMismatches: [],
      unbalancedJournals: [],
      currencyTotals: [],
    };
    serve({ runs: [report, earlier] });
    renderConsole('/reconciliation');
    expect(await screen.findByText('Differences found (3)', {}, { timeout: 10_000 })).toBeTruthy();
    const daily = (await screen.findByText('Daily reconciliations')).closest('.ant-card') as HTMLElement;
    expect(within(daily).getByText('3 differences')).toBeTruthy();
    expect(within(daily).getByText('Balanced')).toBeTruthy();
    expect(onDemandCalls()).toHaveLength(0);
  });

  it('says the ledger balances when nothing differs', async () => {
    const balanced = {
      ...report,
      isBalanced: true,
      balanceMismatches: [],
      unbalancedJournals: [],
      currencyTotals: [{ currency: 'USD', total: '0.00' }],
    };
    serve({ onDemand: balanced });
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
