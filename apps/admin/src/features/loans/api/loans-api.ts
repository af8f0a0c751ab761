import { type LoanProduct, operatorLoanApi } from '@bolsa/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../../lib/api-client.ts';

export type LoanBook = z.infer<typeof operatorLoanApi.book.data>;
export type LoanBookRow = LoanBook['loans']['list'][number];
export type LoanHistory = z.infer<typeof operatorLoanApi.history.data>;
export type BookStatus = z.input<typeof operatorLoanApi.book.query>['status'];
export type ProductEdit = z.input<typeof operatorLoanApi.updateProduct.body>;

export const BOOK_PAGE_SIZE = 20;

export function useLoanBook(status: NonNullable<BookStatus>, pageNum: number) {
  return useQuery({
    queryKey: ['loans', 'book', status, pageNum],
    queryFn: ({ signal }) => callApi(operatorLoanApi.book, { query: { status, pageNum, pageSize: BOOK_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useLoanHistory(id: string) {
  return useQuery({
    queryKey: ['loans', 'history', id],
    queryFn: ({ signal }) => callApi(operatorLoanApi.history, { params: { id }, signal }),
  });
}

export function useLoanProducts() {
  return useQuery({ queryKey: ['loans', 'products'], queryFn: ({ signal }) => callApi(operatorLoanApi.products, { signal }) });
}

/** Changes a product (audited on the server); loans already applied for keep the terms they were shown. */
export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ProductEdit }): Promise<LoanProduct> =>
      callApi(operatorLoanApi.updateProduct, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['loans', 'products'] }),
  });
}

/** A fraction ("0.0003") as a percentage ("0.03 %"), moving the point in the text: no float. */
export function percent(fraction: string): string {
  const [whole = '0', decimals = ''] = fraction.split('.');
  const padded = decimals.padEnd(2, '0');
  const integer = `${whole}${padded.slice(0, 2)}`.replace(/^0+(?=\d)/, '');
  const rest = padded.slice(2).replace(/0+$/, '');
  return `${rest === '' ? integer : `${integer}.${rest}`} %`;
}
