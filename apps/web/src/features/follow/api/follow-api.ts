import { useTranslation } from '@bolsa/client-kit/i18n';
import { followRoutes, walletRoutes } from '@bolsa/contracts/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { followQueryScope, walletQueryScope } from '../../../lib/query-scopes.ts';

const scope = followQueryScope;

/**
 * GET /userFollowInvest/getInvestAgencyList: the institutions with their realised record, fees and followers.
 * Their descriptions come in the app's language, so the language is part of the key.
 */
export function useInstitutions() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: [...scope, 'institutions', i18n.language],
    queryFn: ({ signal }) => callApi(followRoutes.agencies, { signal }),
  });
}

/** POST /userFollowInvest/pageList: the user's follows, newest first (the latest 50). */
export function useFollowOrders() {
  return useQuery({
    queryKey: [...scope, 'orders'],
    queryFn: ({ signal }) => callApi(followRoutes.orders, { body: { pageNum: 1, pageSize: 50 }, signal }),
    refetchOnWindowFocus: 'always',
  });
}

/** The FOLLOW wallet the follows are held on. */
export function useFollowWallet() {
  return useQuery({
    queryKey: [...walletQueryScope, 'balance', 'FOLLOW'],
    queryFn: ({ signal }) => callApi(walletRoutes.walletBalance, { body: { walletType: 'FOLLOW' }, signal }),
  });
}

/** GET /userFollowInvest/appropriateness: whether the check before a first follow was passed. */
export function useAppropriateness() {
  return useQuery({
    queryKey: [...scope, 'appropriateness'],
    queryFn: ({ signal }) => callApi(followRoutes.appropriateness, { signal }),
  });
}

function useFollowMutation<Body, Answer>(call: (body: Body) => Promise<Answer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: scope });
      await queryClient.invalidateQueries({ queryKey: walletQueryScope });
    },
  });
}

export type AppropriatenessAnswers = { canLose: 'yes' | 'no'; canWithdrawEarly: 'yes' | 'no'; pastIsPromise: 'yes' | 'no' };

/** POST /userFollowInvest/appropriateness: the answers and the risk warning accepted. */
export function useAnswerAppropriateness() {
  return useFollowMutation((answers: AppropriatenessAnswers) =>
    callApi(followRoutes.answerAppropriateness, { body: { answers, acceptsRiskWarning: true } }),
  );
}

/** POST /userFollowInvest/add: follows; the amount is held on FOLLOW until the next NAV cut-off. */
export function useFollow() {
  return useFollowMutation(
    (body: { institutionId: number; amount: string; periodMinutes: number; stopLossPercent: number | null; idempotencyKey: string }) =>
      callApi(followRoutes.add, { body }),
  );
}

/** POST /userFollowInvest/sell: refused until the period ends (spec §5); the answer says until when. */
export function useSellFollow() {
  return useFollowMutation((id: number) => callApi(followRoutes.sell, { body: { id } }));
}
