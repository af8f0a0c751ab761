import { type FundProduct, operatorFundApi } from '@bolsa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client.ts';

export type FundProductEdit = z.input<typeof operatorFundApi.createProduct.body>;
export type FundRate = z.infer<typeof operatorFundApi.publishRate.data>;
export type IncomeReport = z.infer<typeof operatorFundApi.incomeReport.data>;

export function useFundProducts() {
  return useQuery({ queryKey: ['funds', 'products'], queryFn: ({ signal }) => callApi(operatorFundApi.products, { signal }) });
}

/** Creates (no id) or changes a product; audited on the server. */
export function useSaveFundProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: FundProductEdit }): Promise<FundProduct> =>
      id === null ? callApi(operatorFundApi.createProduct, { body }) : callApi(operatorFundApi.updateProduct, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['funds'] }),
  });
}

export function useFundRates(id: string | undefined) {
  return useQuery({
    queryKey: ['funds', 'rates', id],
    enabled: id !== undefined,
    queryFn: ({ signal }) => callApi(operatorFundApi.rates, { params: { id: id ?? '' }, query: { pageNum: 1, pageSize: 30 }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function usePublishRate(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { date: string; rateBps: number }) => callApi(operatorFundApi.publishRate, { params: { id: id ?? '' }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['funds'] }),
  });
}

export function useIncomeReport(id: string | undefined, date: string) {
  return useQuery({
    queryKey: ['funds', 'income', id, date],
    enabled: id !== undefined,
    queryFn: ({ signal }) => callApi(operatorFundApi.incomeReport, { params: { id: id ?? '' }, query: { date }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Closes the days up to `date` now and posts their income (audited). */
export function useRunIncome(id: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (date: string) => callApi(operatorFundApi.runIncome, { params: { id: id ?? '' }, body: { date } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['funds'] }),
  });
}

/** Basis points (215) as a percentage ("2.15 %"), by whole-number arithmetic. */
export const bps = (value: number | null) => (value === null ? '' : `${Math.floor(value / 100)}.${String(value % 100).padStart(2, '0')} %`);
