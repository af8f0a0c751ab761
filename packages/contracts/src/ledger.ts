import { z } from 'zod';

/** The operators' ledger reconciliation (ADR 0012), under /admin/api. */

/** The currency reconciliation gives an unbalanced journal's entries whose account does not exist (ADR 0012). */
export const MISSING_ACCOUNT_CURRENCY = '???';

export const reconciliationReportSchema = z.object({
  checkedAtTimestamp: z.number().int(),
  accountsChecked: z.number().int(),
  entriesChecked: z.number().int(),
  isBalanced: z.boolean(),
  balanceMismatches: z.array(z.object({ accountId: z.number(), stored: z.string(), entries: z.string() })),
  heldMismatches: z.array(z.object({ accountId: z.number(), stored: z.string(), holds: z.string() })),
  currencyTotals: z.array(z.object({ currency: z.string(), total: z.string() })),
  unbalancedJournals: z.array(z.object({ journalId: z.number(), currency: z.string(), total: z.string() })),
  negativeAvailable: z.array(z.object({ accountId: z.number(), balance: z.string(), held: z.string() })),
});

export const operatorLedgerApi = {
  reconciliation: { method: 'GET', path: '/ledger/reconciliation', permission: 'ledger.reconcile', data: reconciliationReportSchema },
  reconciliationRuns: {
    method: 'GET',
    path: '/ledger/reconciliation/runs',
    permission: 'ledger.reconcile',
    data: z.array(reconciliationReportSchema),
  },
} as const;
