import { productsRoutes } from '@bolsa/contracts/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { tradeQueryScope, walletQueryScope } from '../../../lib/query-scopes.ts';

/** POST /position/subscription: the user's IPO applications with their state, money and allotment. */
export function useSubscriptions() {
  return useQuery({
    queryKey: [...tradeQueryScope, 'subscription'],
    queryFn: ({ signal }) => callApi(productsRoutes.subscriptions, { signal }),
  });
}

/** POST /position/rights_issue: the user's rights issues, credited, exercised, lapsed or listed (tab 6). */
export function useRightsIssues() {
  return useQuery({
    queryKey: [...tradeQueryScope, 'rights'],
    queryFn: ({ signal }) => callApi(productsRoutes.rights, { signal }),
  });
}

/** POST /rights_issue/exercise: exercises rights; the price and fee are held on the SUBSCRIPTION wallet at once. */
export function useExerciseRights() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { offeringId: number; quantity: number; idempotencyKey: string }) =>
      callApi(productsRoutes.rightsExercise, { body }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: tradeQueryScope });
      await queryClient.invalidateQueries({ queryKey: walletQueryScope });
    },
  });
}
