import type { AppVersion } from '@bolsa/contracts';
import { accountRoutes } from '@bolsa/contracts/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** GET /web/appVersion/getPublishAppVersion: the version currently published. */
export function getAppVersion(signal?: AbortSignal): Promise<AppVersion> {
  return callApi(accountRoutes.appVersion, { signal });
}

export const appVersionQueryOptions = () =>
  queryOptions({
    queryKey: ['app-version'],
    queryFn: ({ signal }) => getAppVersion(signal),
    staleTime: 5 * 60_000,
  });

export function useAppVersion() {
  return useQuery(appVersionQueryOptions());
}
