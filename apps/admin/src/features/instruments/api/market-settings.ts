import { operatorInstrumentsApi } from '@bolsa/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client.ts';

export type MarketSettings = z.infer<typeof operatorInstrumentsApi.markets.data>;

export function getMarketSettings(signal?: AbortSignal): Promise<MarketSettings> {
  return callApi(operatorInstrumentsApi.markets, { signal });
}

export const marketSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['instruments', 'markets'], queryFn: ({ signal }) => getMarketSettings(signal) });

export function useMarketSettings() {
  return useQuery(marketSettingsQueryOptions());
}
