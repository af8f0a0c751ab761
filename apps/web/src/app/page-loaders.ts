import { loadFeatureMessages, type MessageLoaders } from '@bolsa/client-kit/i18n';
import type { ComponentType } from 'react';
import { loanMessages } from '../features/loans/messages.ts';
import { newstockMessages } from '../features/newstock/messages.ts';
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

/** The Trade tab shows the new-share subscriptions (tab 4) beside the trading tabs. */
const tradeAndNewstockMessages = [tradeMessages, newstockMessages];

export const pageLoaders: Record<PageName, () => Promise<ComponentType>> = {
  home: async () => (await import('../features/home/pages/home-page.tsx')).HomePage,
  market: async () => (await import('../features/market/pages/market-page.tsx')).MarketPage,
  watchlist: async () => (await import('../features/watchlist/pages/watchlist-page.tsx')).WatchlistPage,
  trade: withMessages(tradeAndNewstockMessages, async () => (await import('../features/trade/pages/trade-page.tsx')).TradePage),
  profile: withMessages(loanMessages, async () => (await import('./account-page.tsx')).AccountPage),

  login: async () => (await import('../features/auth/pages/login-page.tsx')).LoginPage,
  register: async () => (await import('../features/auth/pages/register-page.tsx')).RegisterPage,
  resetPassword: async () => (await import('../features/auth/pages/reset-password-page.tsx')).ResetPasswordPage,
  quoteStock: async () => (await import('../features/quote/pages/quote-page.tsx')).StockQuotePage,
  quoteFuture: async () => (await import('../features/quote/pages/quote-page.tsx')).FutureQuotePage,
  quoteIndex: async () => (await import('../features/quote/pages/quote-page.tsx')).IndexQuotePage,
  quoteForex: async () => (await import('../features/quote/pages/quote-page.tsx')).ForexQuotePage,
  notices: async () => (await import('../features/content/pages/notices-page.tsx')).NoticesPage,
  noticeDetail: async () => (await import('../features/content/pages/article-page.tsx')).NoticeDetailPage,
  newsDetail: async () => (await import('../features/content/pages/article-page.tsx')).NewsDetailPage,
  webview: async () => (await import('../features/content/pages/webview-page.tsx')).WebviewPage,
  search: async () => (await import('../features/search/pages/search-page.tsx')).SearchPage,

  watchlistManage: async () => (await import('../features/watchlist/pages/watchlist-manage-page.tsx')).WatchlistManagePage,
  messages: async () => (await import('../features/messages/pages/messages-page.tsx')).MessagesPage,
  kyc: async () => (await import('../features/kyc/pages/kyc-page.tsx')).KycPage,
  kycIdCard: async () => (await import('../features/kyc/pages/kyc-document-page.tsx')).KycIdCardPage,
  kycPassport: async () => (await import('../features/kyc/pages/kyc-document-page.tsx')).KycPassportPage,
  settings: async () => (await import('../features/settings/pages/settings-page.tsx')).SettingsPage,
  security: async () => (await import('../features/settings/pages/security-page.tsx')).SecurityPage,
  loginPassword: async () => (await import('../features/settings/pages/login-password-page.tsx')).LoginPasswordPage,
  payPassword: async () => (await import('../features/settings/pages/pay-password-page.tsx')).PayPasswordPage,
  statement: async () => (await import('../features/wallet/pages/statement-page.tsx')).StatementPage,
  transfer: async () => (await import('../features/wallet/pages/transfer-page.tsx')).TransferPage,
  deposit: async () => (await import('../features/funding/pages/deposit-page.tsx')).DepositPage,
  depositFiat: async () => (await import('../features/funding/pages/deposit-fiat-page.tsx')).DepositFiatPage,
  depositCrypto: async () => (await import('../features/funding/pages/deposit-crypto-page.tsx')).DepositCryptoPage,
  depositRecord: async () => (await import('../features/funding/pages/funding-record-page.tsx')).FundingRecordPage,
  withdrawBank: async () => (await import('../features/funding/pages/withdraw-bank-page.tsx')).WithdrawBankPage,
  withdrawCrypto: async () => (await import('../features/funding/pages/withdraw-crypto-page.tsx')).WithdrawCryptoPage,
  loan: withMessages(loanMessages, async () => (await import('../features/loans/pages/loan-page.tsx')).LoanPage),
  loanRecord: withMessages(loanMessages, async () => (await import('../features/loans/pages/loan-record-page.tsx')).LoanRecordPage),
  loanRepayment: withMessages(
    loanMessages,
    async () => (await import('../features/loans/pages/loan-repayment-page.tsx')).LoanRepaymentPage,
  ),
  withdrawOther: async () => (await import('../features/funding/pages/withdraw-other-page.tsx')).WithdrawOtherPage,
  bankCards: async () => (await import('../features/funding/pages/bank-cards-page.tsx')).BankCardsPage,
  bankCardEdit: async () => (await import('../features/funding/pages/bank-card-edit-page.tsx')).BankCardEditPage,
  cryptoAddresses: async () => (await import('../features/funding/pages/crypto-addresses-page.tsx')).CryptoAddressesPage,
  paymentStock: withMessages(tradeMessages, async () => (await import('../features/trade/pages/order-page.tsx')).OrderPage),
  paymentFuture: withMessages(tradeMessages, async () => (await import('../features/trade/pages/order-page.tsx')).OrderPage),
  paymentForex: withMessages(tradeMessages, async () => (await import('../features/trade/pages/order-page.tsx')).OrderPage),
  paymentClose: withMessages(tradeMessages, async () => (await import('../features/trade/pages/close-page.tsx')).ClosePositionPage),
  tradeHistory: withMessages(tradeMessages, async () => (await import('../features/trade/pages/order-history-page.tsx')).OrderHistoryPage),
  blockTrade: withMessages(tradeMessages, async () => (await import('../features/trade/pages/blocktrade-page.tsx')).BlockTradePage),
  newstock: withMessages(newstockMessages, async () => (await import('../features/newstock/pages/newstock-page.tsx')).NewStockPage),
  paymentNewstock: withMessages(
    newstockMessages,
    async () => (await import('../features/newstock/pages/newstock-payment-page.tsx')).NewStockPaymentPage,
  ),
};
