import type { referralInviteeSchema, referralShareSchema } from '@bolsa/contracts';
import { referralRoutes } from '@bolsa/contracts/routes';
import { infiniteQueryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { output } from 'zod';
import { callApi } from '../../../lib/api-client.ts';

export type ReferralShare = output<typeof referralShareSchema>;
export type ReferralInvitee = output<typeof referralInviteeSchema>;
type InviteePage = { list: ReferralInvitee[]; total: number; pageNum: number; pageSize: number; hasMore: boolean };

const referralScope = ['referral'] as const;
const pageSize = 20;

/** GET /web/referral/share: the invitation code, the programme in force and what was paid. */
export function useReferralShare() {
  return useQuery({
    queryKey: [...referralScope, 'share'],
    queryFn: ({ signal }) => callApi(referralRoutes.share, { signal }) as Promise<ReferralShare>,
    refetchOnMount: 'always',
  });
}

export const inviteesQuery = () =>
  infiniteQueryOptions({
    queryKey: [...referralScope, 'invitees'],
    queryFn: ({ pageParam, signal }) =>
      callApi(referralRoutes.invitees, { body: { pageNum: pageParam, pageSize }, signal }) as Promise<InviteePage>,
    initialPageParam: 1,
    getNextPageParam: (last: InviteePage) => (last.hasMore ? last.pageNum + 1 : undefined),
  });

/** POST /web/referral/invitees: the user's invitees, newest first, a page at a time. */
export function useInvitees() {
  return useInfiniteQuery(inviteesQuery());
}
