import { type BuyingPower, tradableSources, tradingMarkets } from '@bolsa/contracts';
import type { Database } from '../../platform/db/index.ts';
import type { Principal } from '../../platform/http/index.ts';
import type { LedgerService } from '../ledger/index.ts';
import type { TradingSettings } from '../trading/index.ts';

export type BuyingPowerService = ReturnType<typeof createBuyingPowerService>;

/**
 * Buying power per market (issue 15 §3): the available cash (balance less holds) of the wallet that
 * pays that market's orders, in its currency, with the leverage the market allows now (operators'
 * edits included). It is what the ticket and the Account tab show beside each market.
 */
export function createBuyingPowerService(dependencies: {
  db: Database;
  ledger: LedgerService;
  settings: Pick<TradingSettings, 'marketRulesOf'>;
}) {
  const { db, ledger, settings } = dependencies;
  return {
    async of(principal: Principal): Promise<BuyingPower[]> {
      const wallets = await ledger.wallets(db, Number(principal.userId));
      return tradableSources.map((source) => {
        const { walletType } = tradingMarkets[source];
        const wallet = wallets.find((entry) => entry.walletType === walletType);
        return {
          source,
          walletType,
          currency: wallet?.currency ?? 'USD',
          buyingPower: wallet?.availableBalance ?? '0.00',
          leverageMax: settings.marketRulesOf(source).leverageMax,
        };
      });
    },
  };
}
