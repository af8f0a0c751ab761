import { operatorsApi } from '@bolsa/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client.ts';

export type AuditEntry = z.infer<typeof operatorsApi.audit.data>['list'][number];
export type AuditFilters = {
  operatorId?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  /** YYYY-MM-DD, UTC days, both included. */
  from?: string;
  to?: string;
};

export const AUDIT_PAGE_SIZE = 20;

export function useAuditSearch(filters: AuditFilters, pageNum: number) {
  return useQuery({
    queryKey: ['audit', filters, pageNum],
    queryFn: ({ signal }) => callApi(operatorsApi.audit, { query: { ...filters, pageNum, pageSize: AUDIT_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}
