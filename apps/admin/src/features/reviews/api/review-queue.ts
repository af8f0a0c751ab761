import { operatorDepositApi, operatorKycApi, operatorWithdrawalApi, type Page } from '@bolsa/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client.ts';

/** The three review queues share one shape: a page of rows, approve, and reject with a reason. */
export type ReviewResource = 'deposits' | 'withdrawals' | 'kyc';
export type ReviewStatusFilter = 'pending' | 'all';

export type OperatorDeposit = z.infer<typeof operatorDepositApi.queue.data>['list'][number];
export type OperatorWithdrawal = z.infer<typeof operatorWithdrawalApi.queue.data>['list'][number];
export type OperatorKyc = z.infer<typeof operatorKycApi.queue.data>['list'][number];

export const REVIEW_PAGE_SIZE = 20;

/** Each queue's calls in the contracts (one review factory): its page of rows, approve (pay) and reject. */
const reviewEndpoints = { deposits: operatorDepositApi, withdrawals: operatorWithdrawalApi, kyc: operatorKycApi } as const;

export function reviewQueueQuery<Row>(resource: ReviewResource, status: ReviewStatusFilter, pageNum: number) {
  return queryOptions({
    queryKey: ['reviews', resource, status, pageNum],
    // The rows are the queue's own; each page names its queue's row type along with the resource.
    queryFn: async ({ signal }) =>
      (await callApi(reviewEndpoints[resource].queue, { query: { status, pageNum, pageSize: REVIEW_PAGE_SIZE }, signal })) as Page<Row>,
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
    mutationFn: (id: string) => callApi(reviewEndpoints[resource].approve, { params: { id }, body: {} }),
    onSuccess,
  });
  const reject = useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      callApi(reviewEndpoints[resource].reject, { params: { id }, body: { reason } }),
    onSuccess,
  });
  return { approve, reject };
}
