import { defineModule, type ModuleContext } from '../../platform/module.ts';
import { auth } from '../auth/index.ts';
import { kyc } from '../kyc/index.ts';
import { ledger } from '../ledger/index.ts';
import { calendars, market, statusAt } from '../market/index.ts';
import { messages } from '../messages/index.ts';
import { createHoldingsValuation, trading } from '../trading/index.ts';
import { uploads } from '../uploads/index.ts';
import { createAdjustmentsService } from './adjustments.service.ts';
import { createBuyingPowerService } from './buying-power.ts';
import { type ChainWatcher, createSimulatedChainWatcher } from './chain-watcher.ts';
import { createDepositsService } from './deposits.service.ts';
import { createAccountReveal, createFundingReviews, registerFundingOperatorRoutes } from './funding.operator.ts';
import { registerFundingRoutes } from './funding.routes.ts';
import { createFundingDaySummary } from './funding-day-summary.ts';
import { createLiveFxRates, createReferenceFxRates, type FxRates } from './fx-rates.ts';
import { createPayoutAccountsService } from './payout-accounts.service.ts';
import { createReceivingAccountsService } from './receiving-accounts.service.ts';
import { createWalletService } from './wallet.service.ts';
import { createWithdrawalsService } from './withdrawals.service.ts';

export { type AdjustmentsService, createAdjustmentsService } from './adjustments.service.ts';
export { type BuyingPowerService, createBuyingPowerService } from './buying-power.ts';
export { type ChainWatcher, createSimulatedChainWatcher } from './chain-watcher.ts';
export { createDepositsService, type DepositsService } from './deposits.service.ts';
export type { FundingReviews } from './funding.operator.ts';
export { registerFundingRoutes } from './funding.routes.ts';
export { createFundingDaySummary, type FundingDaySummary, type PendingQueue } from './funding-day-summary.ts';
export { createLiveFxRates, createReferenceFxRates, type FxRates } from './fx-rates.ts';
export { usersSharingPaymentInstrument } from './payment-instruments.ts';
export { createPayoutAccountsService, type PayoutAccountsService } from './payout-accounts.service.ts';
export { createReceivingAccountsService, type ReceivingAccountsService } from './receiving-accounts.service.ts';
export { createWalletService, type WalletService } from './wallet.service.ts';
export { createWithdrawalsService, type WithdrawalsService } from './withdrawals.service.ts';

type FundingOptions = {
  /** Replace the simulated chain or the reference FX rates (tests, vendors). */
  chainWatcher?: ChainWatcher;
  fxRates?: FxRates;
};
const needed = [auth, uploads, messages, kyc, ledger, market, trading] as const;

/** Wallets and transfers between them, deposits, withdrawals and payout accounts, their operators' reviews, and balance adjustments. */
export const funding = defineModule({
  name: 'funding',
  needs: needed,
  create({ platform, needs, options }: ModuleContext<typeof needed, FundingOptions>) {
    const { config, database, now } = platform;
    const { db } = database;
    const { auth, restrictions } = needs.auth;
    const { ledger, uploads } = needs;
    const kyc = needs.kyc.service;
    const notify = needs.messages.notify;
    const marketService = needs.market.service;
    const fx =
      options.fxRates ??
      createLiveFxRates({
        convert: (amount, from, to, decimals) => marketService.convert(amount, from, to, decimals),
        isForexOpen: (now) => statusAt(calendars.FX, now.getTime(), config.marketClock) === 'open',
        fallback: createReferenceFxRates({ isAlwaysOpen: config.marketClock === 'always-open' }),
      });
    const convert = (amount: string, from: string, to: string, decimals: number) => marketService.convert(amount, from, to, decimals);
    const holdings = createHoldingsValuation({ catalog: needs.market.catalog, quotes: needs.trading.quotes, convert });
    const wallet = createWalletService({ db, ledger, fx, now, holdings });
    // The positions list reads each position's share of the account from the valuation behind total assets.
    needs.trading.service.usePortfolio((userId, timeZone) => wallet.positionFigures(userId, timeZone));
    const chain = options.chainWatcher ?? createSimulatedChainWatcher({ blockIntervalMs: config.chainBlockMs });
    const receivingAccounts = createReceivingAccountsService({ db, now });
    const buyingPower = createBuyingPowerService({ db, ledger, settings: needs.trading.settings });
    const deposits = createDepositsService({ db, auth, ledger, uploads, chain, receivingAccounts, notify, now });
    const limits = { dailyMaxUsd: config.withdrawalDailyMaxUsd, monthlyMaxUsd: config.withdrawalMonthlyMaxUsd };
    const withdrawals = createWithdrawalsService({ db, auth, restrictions, kyc, ledger, limits, fx, notify, now });
    const payoutAccounts = createPayoutAccountsService({ db, auth });
    const reviews = createFundingReviews(db, { deposits, withdrawals });
    const revealAccount = createAccountReveal(db, withdrawals);
    const adjustments = createAdjustmentsService({ db, auth, ledger, messages: needs.messages, maxAmount: config.adjustmentMax });
    const daySummary = createFundingDaySummary(db);
    return {
      wallet,
      deposits,
      withdrawals,
      payoutAccounts,
      reviews,
      revealAccount,
      adjustments,
      receivingAccounts,
      buyingPower,
      daySummary,
    };
  },
  userRoutes: (web, services) => registerFundingRoutes(web, services),
  operatorRoutes: (operatorApi, { reviews, revealAccount, adjustments, receivingAccounts }) =>
    registerFundingOperatorRoutes(operatorApi, reviews, adjustments, receivingAccounts, revealAccount),
  jobs: ({ deposits, wallet }) => [deposits.chainWatcherJob, wallet.pendingTransfersJob],
});
