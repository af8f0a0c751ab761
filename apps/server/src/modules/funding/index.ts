export { type ChainWatcher, createSimulatedChainWatcher } from './chain-watcher.ts';
export { createDepositsService, type DepositsService } from './deposits.service.ts';
export { registerFundingRoutes } from './funding.routes.ts';
export { createLiveFxRates, createReferenceFxRates, type FxRates } from './fx-rates.ts';
export { createPayoutAccountsService, type PayoutAccountsService } from './payout-accounts.service.ts';
export { createWalletService, type WalletService } from './wallet.service.ts';
export { createWithdrawalsService, type WithdrawalsService } from './withdrawals.service.ts';
