import { useTranslation } from '@bolsa/client-kit/i18n';
import type { WalletType } from '@bolsa/contracts';
import { buyingPowerRoutes, transferRoutes, walletRoutes } from '@bolsa/contracts/routes';
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client.ts';
import { walletQueryScope } from '../../../lib/query-scopes.ts';
import { showError, showToast } from '../../../lib/toast.ts';

/** POST /web/wallet/buyingPower: each market's buying power (issue 15 §3). Under the wallet scope: refreshed with every balance. */
export function useBuyingPower() {
  return useQuery({
    queryKey: [...walletQueryScope, 'buying-power'],
    queryFn: ({ signal }) => callApi(buyingPowerRoutes.buyingPower, { signal }),
  });
}

/** Every wallet of the user: where the ticket looks for money to move in. */
export function useTicketWallets(isNeeded: boolean) {
  return useQuery({
    queryKey: [...walletQueryScope, 'all'],
    queryFn: isNeeded ? ({ signal }) => callApi(walletRoutes.allWallets, { body: {}, signal }) : skipToken,
  });
}

type QuoteInput = { fromWalletType: WalletType; toWalletType: WalletType; amount: string };

/** The FX quote of a cross-currency top-up, renewed before its 30 s run out; none for the same currency. */
export function useTopUpQuote(input: QuoteInput | null) {
  return useQuery({
    queryKey: ['trade', 'top-up-quote', input],
    queryFn: input ? () => callApi(transferRoutes.transferQuote, { body: input }) : skipToken,
    staleTime: 20_000,
    refetchInterval: 20_000,
  });
}

/** The wallet transfer (the same service as the Transfer page); every wallet read refreshes after it. */
export function useTopUp() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: QuoteInput & { quoteId?: string; idempotencyKey: string }) => callApi(transferRoutes.transfer, { body }),
    // Here, not in mutate(): the live balance often shows the money, and the offer leaves the screen, before the
    // answer arrives, and mutate()'s own callbacks never run once their component is gone.
    onSuccess: (result) => showToast(t(result.status === 'pending' ? 'trade.topUp.pending' : 'trade.topUp.done'), 'success'),
    onError: showError,
    onSettled: () => queryClient.invalidateQueries({ queryKey: walletQueryScope }),
  });
}
