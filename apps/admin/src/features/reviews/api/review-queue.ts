import type { operatorApi, operatorKycApi, Page } from '@bolsa/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

/** The three review queues share one shape: a page of rows, approve, and reject with a reason. */
export type ReviewResource = 'deposits' | 'withdrawals' | 'kyc';
export type ReviewStatusFilter = 'pending' | 'all';

export type OperatorDeposit = z.infer<typeof operatorApi.deposits.data>['list'][number];
export type OperatorWithdrawal = z.infer<typeof operatorApi.withdrawals.data>['list'][number];
export type OperatorKyc = z.infer<typeof operatorKycApi.queue.data>['list'][number];

export const REVIEW_PAGE_SIZE = 20;

export function reviewQueueQuery<Row>(resource: ReviewResource, status: ReviewStatusFilter, pageNum: number) {
  return queryOptions({
    queryKey: ['reviews', resource, status, pageNum],
    queryFn: ({ signal }) => apiRequest<Page<Row>>(`/${resource}`, { query: { status, pageNum, pageSize: REVIEW_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useReviewQueue<Row>(resource: ReviewResource, status: ReviewStatusFilter, pageNum: number) {
  return useQuery(reviewQueueQuery<Row>(resource, status, pageNum));
}

/** Approve (pay, for withdrawals) or reject with a reason; the queue reloads after either. */
export function useReviewDecision(resource: ReviewResource) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: ['reviews', resource] });
  const approve = useMutation({
    mutationFn: (id: string) => apiRequest(`/${resource}/${id}/approve`, { method: 'POST', body: {} }),
    onSuccess,
  });
  const reject = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => apiRequest(`/${resource}/${id}/reject`, { body: { reason } }),
    onSuccess,
  });
  return { approve, reject };
}
