import type { KycState } from '@bolsa/contracts';
import { kycRoutes } from '@bolsa/contracts/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /web/kyc/state: where the user's identity verification stands. */
export function getKycState(signal?: AbortSignal): Promise<KycState> {
  return callApi(kycRoutes.state, { signal });
}

export const kycStateQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.kycState,
    queryFn: ({ signal }) => getKycState(signal),
  });

export function useKycState() {
  return useQuery(kycStateQueryOptions());
}
