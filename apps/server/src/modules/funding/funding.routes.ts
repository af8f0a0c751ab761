import { bankCardApi, buyingPowerApi, depositApi, transferApi, walletApi, withdrawalApi } from '@bolsa/contracts';
import type { FastifyInstance } from 'fastify';
import { userRoute } from '../../platform/http/index.ts';
import type { BuyingPowerService } from './buying-power.ts';
import type { DepositsService } from './deposits.service.ts';
import type { PayoutAccountsService } from './payout-accounts.service.ts';
import type { WalletService } from './wallet.service.ts';
import type { WithdrawalsService } from './withdrawals.service.ts';

type Services = {
  wallet: WalletService;
  buyingPower: BuyingPowerService;
  deposits: DepositsService;
  withdrawals: WithdrawalsService;
  payoutAccounts: PayoutAccountsService;
};

const firstPage = { pageNum: 1, pageSize: 20 };

/** The wallet, deposit and withdrawal, and payout account routes of the user API. */
export function registerFundingRoutes(app: FastifyInstance, services: Services) {
  registerWalletRoutes(app, services);
  registerMoneyInOutRoutes(app, services);
  registerPayoutAccountRoutes(app, services.payoutAccounts);
}

/** Balances, the statement, buying power and transfers between the user's own wallets. */
function registerWalletRoutes(app: FastifyInstance, services: Services) {
  const { wallet, buyingPower } = services;
  const tags = ['wallet'];
  userRoute(app, walletApi.walletBalance, { summary: 'One wallet: balance, held (usedBalance), available', tags }, ({ principal, body }) =>
    wallet.balance(principal, body.walletType),
  );
  userRoute(app, walletApi.allWallets, { summary: 'Every wallet and the total in USD at current rates', tags }, ({ principal }) =>
    wallet.overview(principal),
  );
  userRoute(
    app,
    walletApi.fundingOverview,
    { summary: "Today's date and realised profit, and the USD total", tags },
    ({ principal, body }) => wallet.fundingOverview(principal, body?.timeZone ?? 'UTC'),
  );
  userRoute(
    app,
    walletApi.walletBill,
    { summary: 'The statement: every ledger entry of the user, newest first', tags },
    ({ principal, body }) => wallet.statement(principal, body),
  );
  userRoute(
    app,
    transferApi.transferQuote,
    { summary: 'A rate for a cross-currency transfer, honoured 30 s', tags },
    ({ principal, body }) => wallet.quote(principal, body),
  );
  userRoute(app, transferApi.transfer, { summary: "Move money between the user's own wallets", tags }, ({ principal, body }) =>
    wallet.transfer(principal, body),
  );
  userRoute(
    app,
    buyingPowerApi.buyingPower,
    { summary: 'Buying power per market: the available cash of its wallet', tags },
    ({ principal }) => buyingPower.of(principal),
  );
  userRoute(
    app,
    transferApi.cancelTransfer,
    { summary: 'Cancel a conversion still waiting for the forex open', tags },
    ({ principal, body }) => wallet.cancelTransfer(principal, body.transferId),
  );
}

const fundingTags = ['funding'];

/** Deposits and withdrawals. */
function registerMoneyInOutRoutes(app: FastifyInstance, services: Services) {
  const { deposits, withdrawals } = services;
  userRoute(
    app,
    depositApi.depositMethods,
    { summary: 'Deposit methods, currencies and the user deposit address per network', tags: fundingTags },
    ({ principal }) => deposits.methods(principal),
  );
  userRoute(
    app,
    depositApi.createDeposit,
    { summary: 'Record a fiat (with screenshot) or crypto (with tx hash) deposit', tags: fundingTags },
    ({ principal, body }) => deposits.create(principal, body),
  );
  userRoute(app, depositApi.deposits, { summary: 'Deposit record with status and reason', tags: fundingTags }, ({ principal, body }) =>
    deposits.list(principal, body ?? firstPage),
  );
  userRoute(app, withdrawalApi.usableWithdrawal, { summary: 'What can be withdrawn now', tags: fundingTags }, ({ principal }) =>
    withdrawals.usableAmount(principal),
  );
  userRoute(
    app,
    withdrawalApi.withdraw,
    { summary: 'Withdraw to a saved bank card or crypto address; the amount is held at once', tags: fundingTags },
    ({ principal, body }) => (body.method === 'bank' ? withdrawals.toBankCard(principal, body) : withdrawals.toAddress(principal, body)),
  );
  userRoute(
    app,
    withdrawalApi.withdrawOther,
    { summary: 'Withdraw to a Japanese yen bank account', tags: fundingTags },
    ({ principal, body }) => withdrawals.toYenBank(principal, body),
  );
  userRoute(
    app,
    withdrawalApi.yenQuote,
    { summary: 'What a yen withdrawal pays in yen, at a rate honoured for 30 s', tags: fundingTags },
    ({ principal, body }) => withdrawals.yenQuote(principal, body),
  );
  userRoute(app, withdrawalApi.withdrawals, { summary: 'Withdrawals with their timeline', tags: fundingTags }, ({ principal, body }) =>
    withdrawals.list(principal, body ?? firstPage),
  );
}

/** The bank cards and crypto addresses money is withdrawn to. */
function registerPayoutAccountRoutes(app: FastifyInstance, payoutAccounts: PayoutAccountsService) {
  userRoute(app, bankCardApi.cards, { summary: 'The user bank cards (masked)', tags: fundingTags }, ({ principal }) =>
    payoutAccounts.cards(principal),
  );
  userRoute(app, bankCardApi.addCard, { summary: 'Add a bank card', tags: fundingTags }, ({ principal, body }) =>
    payoutAccounts.addCard(principal, body),
  );
  userRoute(app, bankCardApi.updateCard, { summary: 'Change a bank card', tags: fundingTags }, ({ principal, body }) =>
    payoutAccounts.updateCard(principal, body),
  );
  userRoute(app, bankCardApi.deleteCard, { summary: 'Remove a bank card', tags: fundingTags }, ({ principal, body }) =>
    payoutAccounts.deleteCard(principal, body.id),
  );
  userRoute(app, bankCardApi.addresses, { summary: 'The user crypto withdrawal addresses', tags: fundingTags }, ({ principal }) =>
    payoutAccounts.addresses(principal),
  );
  userRoute(
    app,
    bankCardApi.saveAddress,
    { summary: 'Add or change a crypto withdrawal address', tags: fundingTags },
    ({ principal, body }) => payoutAccounts.saveAddress(principal, body),
  );
  userRoute(app, bankCardApi.deleteAddress, { summary: 'Remove a crypto withdrawal address', tags: fundingTags }, ({ principal, body }) =>
    payoutAccounts.deleteAddress(principal, body.id),
  );
}
