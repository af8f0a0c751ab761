import { type KycState, kycApi } from '@bolsa/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { queryKeys } from '../../../lib/query-keys.ts';

/** POST /web/kyc/state: where the user's identity verification stands. */
export function getKycState(signal?: AbortSignal): Promise<KycState> {
  return callApi(kycApi.state, { signal });
}

export const kycStateQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.kycState,
    queryFn: ({ signal }) => getKycState(signal),
  });

export function useKycState() {
  return useQuery(kycStateQueryOptions());
}
