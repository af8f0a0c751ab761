import { loadFeatureMessages, type MessageLoaders } from '@bolsa/client-kit/i18n';
import type { ComponentType } from 'react';
import { appInstallMessages } from '../features/app-install/messages.ts';
import { twoFactorMessages } from '../features/auth/two-factor-messages.ts';
import { contentMessages } from '../features/content/messages.ts';
import { followMessages } from '../features/follow/messages.ts';
import { fundingMessages } from '../features/funding/messages.ts';
import { fundMessages } from '../features/funds/messages.ts';
import { kycMessages } from '../features/kyc/messages.ts';
import { loanMessages } from '../features/loans/messages.ts';
import { marketMessages } from '../features/market/messages.ts';
import { newstockMessages } from '../features/newstock/messages.ts';
import { referralMessages } from '../features/referral/messages.ts';
import { robotMessages } from '../features/robots/messages.ts';
import { tradeMessages } from '../features/trade/messages.ts';
import type { PageName } from '../lib/pages.ts';

/**
 * The component of every page in `lib/pages.ts`, loaded on demand so the first bundle holds just the
 * shell. The type makes a page without a loader (or a loader without a page) a compile error.
 */
/** A page whose feature keeps its strings apart: the page and those strings load together. */
function withMessages(messages: MessageLoaders | MessageLoaders[], load: () => Promise<ComponentType>): () => Promise<ComponentType> {
  const catalogues = Array.isArray(messages) ? messages : [messages];
  return async () => (await Promise.all([load(), ...catalogues.map(loadFeatureMessages)]))[0];
}

/** Pages that send money out or change where it goes ask for the second-factor code (issue 25 §1). */
const fundingWithSecondFactor = [fundingMessages, twoFactorMessages];
/** The Trade tab shows the new-share subscriptions (tab 4) beside the trading tabs. */
const tradeAndNewstockMessages = [tradeMessages, newstockMessages];
/** The Account tab's rows name the price alerts, the loans, the robots, the referral page and the install page. */
const accountRowMessages = [
  marketMessages,
  loanMessages,
  fundMessages,
  followMessages,
  robotMessages,
  contentMessages,
  kycMessages,
  referralMessages,
  appInstallMessages,
];

export const pageLoaders: Record<PageName, () => Promise<ComponentType>> = {
  home: async () => (await import('../features/home/pages/home-page.tsx')).HomePage,
  // The markets tab links the product pages by the market feature's words.
  market: withMessages(marketMessages, async () => (await import('../features/market/pages/market-page.tsx')).MarketPage),
  watchlist: async () => (await import('../features/watchlist/pages/watchlist-page.tsx')).WatchlistPage,
  trade: withMessages(tradeAndNewstockMessages, async () => (await import('../features/trade/pages/trade-page.tsx')).TradePage),
  profile: withMessages(accountRowMessages, async () => (await import('./account-page.tsx')).AccountPage),

  login: async () => (await import('../features/auth/pages/login-page.tsx')).LoginPage,
  register: async () => (await import('../features/auth/pages/register-page.tsx')).RegisterPage,
  resetPassword: async () => (await import('../features/auth/pages/reset-password-page.tsx')).ResetPasswordPage,
  // The stock quote offers "Work over time" (a trade string) next to Buy and Sell; every quote page
  // its price alerts and the chart's indicators, order book and profile, whose strings are the market feature's.
  quoteStock: withMessages(
    [tradeMessages, marketMessages],
    async () => (await import('../features/quote/pages/quote-page.tsx')).StockQuotePage,
  ),
  quoteFuture: withMessages(marketMessages, async () => (await import('../features/quote/pages/quote-page.tsx')).FutureQuotePage),
  quoteIndex: withMessages(marketMessages, async () => (await import('../features/quote/pages/quote-page.tsx')).IndexQuotePage),
  quoteForex: withMessages(marketMessages, async () => (await import('../features/quote/pages/quote-page.tsx')).ForexQuotePage),
  notices: withMessages(contentMessages, async () => (await import('../features/content/pages/notices-page.tsx')).NoticesPage),
  noticeDetail: withMessages(contentMessages, async () => (await import('../features/content/pages/article-page.tsx')).NoticeDetailPage),
  newsDetail: withMessages(contentMessages, async () => (await import('../features/content/pages/article-page.tsx')).NewsDetailPage),
  webview: withMessages(contentMessages, async () => (await import('../features/content/pages/webview-page.tsx')).WebviewPage),
  search: async () => (await import('../features/search/pages/search-page.tsx')).SearchPage,
  install: withMessages(appInstallMessages, async () => (await import('../features/app-install/pages/install-page.tsx')).InstallPage),
  share: withMessages(referralMessages, async () => (await import('../features/referral/pages/share-page.tsx')).SharePage),
  popular: withMessages(marketMessages, async () => (await import('../features/market/pages/popular-page.tsx')).PopularPage),
  priceAlerts: withMessages(marketMessages, async () => (await import('../features/market/pages/price-alerts-page.tsx')).PriceAlertsPage),
  productFuture: withMessages(
    marketMessages,
    async () => (await import('../features/market/pages/futures-families-page.tsx')).FuturesFamiliesPage,
  ),
  productTaiwan: withMessages(marketMessages, async () => (await import('../features/market/pages/taiwan-page.tsx')).TaiwanPage),

  watchlistManage: async () => (await import('../features/watchlist/pages/watchlist-manage-page.tsx')).WatchlistManagePage,
  messages: async () => (await import('../features/messages/pages/messages-page.tsx')).MessagesPage,
  kyc: withMessages(kycMessages, async () => (await import('../features/kyc/pages/kyc-page.tsx')).KycPage),
  kycIdCard: withMessages(kycMessages, async () => (await import('../features/kyc/pages/kyc-document-page.tsx')).KycIdCardPage),
  kycPassport: withMessages(kycMessages, async () => (await import('../features/kyc/pages/kyc-document-page.tsx')).KycPassportPage),
  settings: async () => (await import('../features/settings/pages/settings-page.tsx')).SettingsPage,
  security: withMessages(twoFactorMessages, async () => (await import('../features/settings/pages/security-page.tsx')).SecurityPage),
  loginPassword: async () => (await import('../features/settings/pages/login-password-page.tsx')).LoginPasswordPage,
  payPassword: withMessages(
    twoFactorMessages,
    async () => (await import('../features/settings/pages/pay-password-page.tsx')).PayPasswordPage,
  ),
  twoFactor: withMessages(twoFactorMessages, async () => (await import('../features/auth/pages/two-factor-page.tsx')).TwoFactorPage),
  devices: withMessages(twoFactorMessages, async () => (await import('../features/auth/pages/devices-page.tsx')).DevicesPage),
  statement: async () => (await import('../features/wallet/pages/statement-page.tsx')).StatementPage,
  transfer: async () => (await import('../features/wallet/pages/transfer-page.tsx')).TransferPage,
  deposit: withMessages(fundingMessages, async () => (await import('../features/funding/pages/deposit-page.tsx')).DepositPage),
  depositFiat: withMessages(fundingMessages, async () => (await import('../features/funding/pages/deposit-fiat-page.tsx')).DepositFiatPage),
  depositCrypto: withMessages(
    fundingMessages,
    async () => (await import('../features/funding/pages/deposit-crypto-page.tsx')).DepositCryptoPage,
  ),
  depositRecord: withMessages(
    fundingMessages,
    async () => (await import('../features/funding/pages/funding-record-page.tsx')).FundingRecordPage,
  ),
  withdrawBank: withMessages(
    fundingWithSecondFactor,
    async () => (await import('../features/funding/pages/withdraw-bank-page.tsx')).WithdrawBankPage,
  ),
  withdrawCrypto: withMessages(
    fundingWithSecondFactor,
    async () => (await import('../features/funding/pages/withdraw-crypto-page.tsx')).WithdrawCryptoPage,
  ),
  loan: withMessages(loanMessages, async () => (await import('../features/loans/pages/loan-page.tsx')).LoanPage),
  loanRecord: withMessages(loanMessages, async () => (await import('../features/loans/pages/loan-record-page.tsx')).LoanRecordPage),
  loanRepayment: withMessages(
    loanMessages,
    async () => (await import('../features/loans/pages/loan-repayment-page.tsx')).LoanRepaymentPage,
  ),
  withdrawOther: withMessages(
    fundingWithSecondFactor,
    async () => (await import('../features/funding/pages/withdraw-other-page.tsx')).WithdrawOtherPage,
  ),
  bankCards: withMessages(fundingMessages, async () => (await import('../features/funding/pages/bank-cards-page.tsx')).BankCardsPage),
  bankCardEdit: withMessages(
    fundingWithSecondFactor,
    async () => (await import('../features/funding/pages/bank-card-edit-page.tsx')).BankCardEditPage,
  ),
  cryptoAddresses: withMessages(
    fundingWithSecondFactor,
    async () => (await import('../features/funding/pages/crypto-addresses-page.tsx')).CryptoAddressesPage,
  ),
  paymentStock: withMessages(tradeMessages, async () => (await import('../features/trade/pages/order-page.tsx')).OrderPage),
  paymentFuture: withMessages(tradeMessages, async () => (await import('../features/trade/pages/order-page.tsx')).OrderPage),
  paymentForex: withMessages(tradeMessages, async () => (await import('../features/trade/pages/order-page.tsx')).OrderPage),
  paymentClose: withMessages(tradeMessages, async () => (await import('../features/trade/pages/close-page.tsx')).ClosePositionPage),
  tradeHistory: withMessages(tradeMessages, async () => (await import('../features/trade/pages/order-history-page.tsx')).OrderHistoryPage),
  blockTrade: withMessages(tradeMessages, async () => (await import('../features/trade/pages/blocktrade-page.tsx')).BlockTradePage),
  twap: withMessages(tradeMessages, async () => (await import('../features/trade/pages/twap-page.tsx')).TwapPage),
  fund: withMessages(fundMessages, async () => (await import('../features/funds/pages/fund-page.tsx')).FundPage),
  fundHold: withMessages(fundMessages, async () => (await import('../features/funds/pages/fund-hold-page.tsx')).FundHoldPage),
  newstock: withMessages(newstockMessages, async () => (await import('../features/newstock/pages/newstock-page.tsx')).NewStockPage),
  paymentNewstock: withMessages(
    newstockMessages,
    async () => (await import('../features/newstock/pages/newstock-payment-page.tsx')).NewStockPaymentPage,
  ),
  follow: withMessages(followMessages, async () => (await import('../features/follow/pages/follow-page.tsx')).FollowPage),
  paymentFollow: withMessages(
    followMessages,
    async () => (await import('../features/follow/pages/follow-payment-page.tsx')).FollowPaymentPage,
  ),
  placing: withMessages(newstockMessages, async () => (await import('../features/newstock/pages/placing-page.tsx')).PlacingPage),
  placingRecord: withMessages(
    newstockMessages,
    async () => (await import('../features/newstock/pages/placing-record-page.tsx')).PlacingRecordPage,
  ),
  robots: withMessages(robotMessages, async () => (await import('../features/robots/pages/robots-page.tsx')).RobotsPage),
  robotMine: withMessages(robotMessages, async () => (await import('../features/robots/pages/robot-mine-page.tsx')).RobotMinePage),
  robotStart: withMessages(robotMessages, async () => (await import('../features/robots/pages/robot-start-page.tsx')).RobotStartPage),
  robotRun: withMessages(robotMessages, async () => (await import('../features/robots/pages/robot-run-page.tsx')).RobotRunPage),
};
