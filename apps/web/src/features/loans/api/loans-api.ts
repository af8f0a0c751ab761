import type {
  loanRatesSchema,
  loanSchema,
  repaymentBody,
  repaymentSchema,
  saveAssistBody,
  userLoansSchema,
  walletOverviewSchema,
} from '@bolsa/contracts';
import { loanRoutes, walletRoutes } from '@bolsa/contracts/routes';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { input, output } from 'zod';
import { callApi } from '../../../lib/api-client.ts';
import { loansQueryScope, walletQueryScope } from '../../../lib/query-scopes.ts';

export type Loan = output<typeof loanSchema>;
export type LoanRates = output<typeof loanRatesSchema>;
export type LoanTerms = NonNullable<LoanRates['terms']>;
export type UserLoans = output<typeof userLoansSchema>;
export type Repayment = output<typeof repaymentSchema>;
export type LoanPage = { list: Loan[]; total: number; pageNum: number; pageSize: number };

const recordPageSize = 20;

/** GET /web/assist/getLoadsRate: products, the credit score and limit; with an amount and product, their terms. */
export function useLoanRates(query: { amount?: string; productId?: string }) {
  const hasTerms = query.amount !== undefined && query.productId !== undefined;
  return useQuery({
    queryKey: [...loansQueryScope, 'rates', hasTerms ? query : null],
    queryFn: ({ signal }) =>
      callApi(loanRoutes.rates, {
        query: hasTerms ? { amount: query.amount, productId: Number(query.productId) } : {},
        signal,
      }) as Promise<LoanRates>,
    placeholderData: keepPreviousData,
    refetchOnMount: 'always',
  });
}

/** GET /web/assist/getUserLoans: loans pending or in use, with what each owes. */
export function useUserLoans() {
  return useQuery({
    queryKey: [...loansQueryScope, 'user'],
    queryFn: ({ signal }) => callApi(loanRoutes.userLoans, { signal }) as Promise<UserLoans>,
    // A decision or a day's interest changes a loan with no action here: every visit asks again.
    refetchOnMount: 'always',
  });
}

/** POST /web/assist/getLandsPage: every loan, newest first, a page at a time. */
export function useLoanRecords() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...loansQueryScope, 'records'],
      queryFn: ({ pageParam, signal }) =>
        callApi(loanRoutes.page, { body: { pageNum: pageParam, pageSize: recordPageSize }, signal }) as Promise<LoanPage>,
      initialPageParam: 1,
      getNextPageParam: (last: LoanPage) => (last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined),
      refetchOnMount: 'always',
    }),
  );
}

/** The user's wallets and what is available in each: where a loan is paid to and repaid from. */
export function useLoanWallets() {
  return useQuery({
    queryKey: [...walletQueryScope, 'loans-wallets'],
    queryFn: ({ signal }) => callApi(walletRoutes.allWallets, { signal }) as Promise<output<typeof walletOverviewSchema>>,
  });
}

function useRefreshAfter() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: loansQueryScope }),
      queryClient.invalidateQueries({ queryKey: walletQueryScope }),
    ]);
}

/** POST /web/assist/saveAssist: the application on the terms shown; its key makes a retry apply once. */
export function useApplyLoan() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (body: input<typeof saveAssistBody>) => callApi(loanRoutes.apply, { body }) as Promise<Loan>,
    onSuccess: refresh,
  });
}

/** POST /web/assist/repaymentLoans: all or part, interest first; its key makes a retry repay once. */
export function useRepayLoan() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (body: input<typeof repaymentBody>) => callApi(loanRoutes.repay, { body }) as Promise<Repayment>,
    onSuccess: refresh,
  });
}
