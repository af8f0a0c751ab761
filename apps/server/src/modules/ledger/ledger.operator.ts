import { operatorLedgerApi } from '@bolsa/contracts';
import type { FastifyInstance } from 'fastify';
import { operatorRoute } from '../../platform/http/index.ts';
import { requirePermission } from '../../platform/operators/index.ts';
import type { LedgerService } from './ledger.service.ts';

/** Reconciliation under /admin/api (`ledger.reconcile`): on demand, and the daily runs' reports. */
export function registerLedgerOperatorRoutes(app: FastifyInstance, ledger: LedgerService) {
  const tags = ['operator'];
  // The proof that every stored balance equals its entries and each currency sums to zero.
  operatorRoute(app, operatorLedgerApi.reconciliation, { summary: 'Ledger reconciliation, on demand', tags }, async ({ operator }) => {
    requirePermission(operator, 'ledger.reconcile');
    return ledger.reconcile();
  });
  // Newest first, so a difference found overnight is seen.
  operatorRoute(
    app,
    operatorLedgerApi.reconciliationRuns,
    { summary: 'The daily ledger reconciliations, newest first', tags },
    async ({ operator }) => {
      requirePermission(operator, 'ledger.reconcile');
      return ledger.recentReconciliations();
    },
  );
}
