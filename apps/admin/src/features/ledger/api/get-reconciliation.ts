import { operatorLedgerApi } from '@bolsa/contracts';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client.ts';

export type ReconciliationReport = z.infer<typeof operatorLedgerApi.reconciliation.data>;

/** Runs only when asked (the button): it reads every account and entry of the ledger. */
export function useReconciliation() {
  return useQuery({
    queryKey: ['ledger', 'reconciliation'],
    queryFn: ({ signal }) => callApi(operatorLedgerApi.reconciliation, { signal }),
    enabled: false,
    staleTime: 0,
  });
}

/** The scheduled (daily) reconciliations, newest first: shown at once, so a difference found overnight is seen. */
export function useReconciliationRuns() {
  return useQuery({
    queryKey: ['ledger', 'reconciliation', 'runs'],
    queryFn: ({ signal }) => callApi(operatorLedgerApi.reconciliationRuns, { signal }),
  });
}
