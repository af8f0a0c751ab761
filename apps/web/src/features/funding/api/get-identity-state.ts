import { kycRoutes } from '@bolsa/contracts/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * POST /web/kyc/state, read by the withdrawal pages (the server pays only verified holders). The same
 * query key as the identity page's, so both share one cached answer and one refresh on a review result.
 */
export const identityStateQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.kycState, queryFn: ({ signal }) => callApi(kycRoutes.state, { signal }) });

export function useIdentityState() {
  return useQuery(identityStateQueryOptions());
}
