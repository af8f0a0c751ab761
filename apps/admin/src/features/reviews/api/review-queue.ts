import type { EndpointAnswer } from '@bolsa/client-kit/api-client';
import {
  operatorBlockApplicationsApi,
  operatorDepositApi,
  operatorKycApi,
  operatorLoanApi,
  operatorReferralApi,
  operatorWithdrawalApi,
} from '@bolsa/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client.ts';

/** The review queues share one shape: a page of rows, approve, and reject with a reason. */
export type ReviewResource = 'deposits' | 'withdrawals' | 'kyc' | 'blocktrade' | 'loans' | 'referrals';
export type ReviewStatusFilter = 'pending' | 'all';

export type OperatorDeposit = z.infer<typeof operatorDepositApi.queue.data>['list'][number];
export type OperatorWithdrawal = z.infer<typeof operatorWithdrawalApi.queue.data>['list'][number];
export type OperatorLoanApplication = z.infer<typeof operatorLoanApi.queue.data>['list'][number];
export type OperatorKyc = z.infer<typeof operatorKycApi.queue.data>['list'][number];

export const REVIEW_PAGE_SIZE = 20;

/** Each queue's calls in the contracts (one review factory): its page of rows, approve (pay) and reject. */
const reviewEndpoints = {
  deposits: operatorDepositApi,
  withdrawals: operatorWithdrawalApi,
  kyc: operatorKycApi,
  blocktrade: operatorBlockApplicationsApi,
  loans: { queue: operatorLoanApi.queue, approve: operatorLoanApi.approve, reject: operatorLoanApi.reject },
  referrals: { queue: operatorReferralApi.queue, approve: operatorReferralApi.approve, reject: operatorReferralApi.reject },
} as const;

/** A queue's page and row, as its contract entry types them. */
export type ReviewPage<Resource extends ReviewResource> = EndpointAnswer<(typeof reviewEndpoints)[Resource]['queue']>;
export type ReviewRow<Resource extends ReviewResource> = ReviewPage<Resource>['list'][number];

type QueueInput = { query: { status: ReviewStatusFilter; pageNum: number; pageSize: number }; signal?: AbortSignal };
type QueueCall<Resource extends ReviewResource> = (input: QueueInput) => Promise<ReviewPage<Resource>>;

/** One typed call per queue, so a page's row type follows the resource it names, without a cast. */
const queueCalls: { [Resource in ReviewResource]: QueueCall<Resource> } = {
  deposits: (input) => callApi(reviewEndpoints.deposits.queue, input),
  withdrawals: (input) => callApi(reviewEndpoints.withdrawals.queue, input),
  kyc: (input) => callApi(reviewEndpoints.kyc.queue, input),
  blocktrade: (input) => callApi(reviewEndpoints.blocktrade.queue, input),
  loans: (input) => callApi(reviewEndpoints.loans.queue, input),
  referrals: (input) => callApi(reviewEndpoints.referrals.queue, input),
};

export function reviewQueueQuery<Resource extends ReviewResource>(resource: Resource, status: ReviewStatusFilter, pageNum: number) {
  const call: QueueCall<Resource> = queueCalls[resource];
  return queryOptions({
    queryKey: ['reviews', resource, status, pageNum],
    queryFn: ({ signal }) => call({ query: { status, pageNum, pageSize: REVIEW_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useReviewQueue<Resource extends ReviewResource>(resource: Resource, status: ReviewStatusFilter, pageNum: number) {
  return useQuery(reviewQueueQuery(resource, status, pageNum));
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
