import { useTranslation } from '@bolsa/client-kit/i18n';
import type { Area } from '@bolsa/contracts';
import { areaRoutes } from '@bolsa/contracts/routes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';

/** GET /web/areaInfo/list: countries named in the user's language, with dial codes. */
export function getAreas(signal?: AbortSignal): Promise<Area[]> {
  return callApi(areaRoutes.list, { signal });
}

/** The names depend on the language, so the language is part of the key. */
export const areasQueryOptions = (language: string) =>
  queryOptions({
    queryKey: ['areas', language],
    queryFn: ({ signal }) => getAreas(signal),
    staleTime: 24 * 60 * 60_000,
  });

export function useAreas() {
  const { i18n } = useTranslation();
  return useQuery(areasQueryOptions(i18n.language));
}
