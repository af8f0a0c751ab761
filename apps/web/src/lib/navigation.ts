/** Routes the app and its API client share; features never import each other, so they live here. */
export const routes = {
  home: '/pages/home/index',
  market: '/pages/market/index',
  watchlist: '/pages/watchlist/index',
  trade: '/pages/trade/index',
  tradeHistory: '/pages/trade/history',
  profile: '/pages/profile/index',
  login: '/pages/auth/login',
  register: '/pages/auth/register',
  resetPassword: '/pages/auth/resetpwd',
  settings: '/pages/setting/index',
  security: '/pages/setting/security',
  loginPassword: '/pages/setting/loginpwd',
  payPassword: '/pages/setting/paypwd',
  deposit: '/pages/deposit/index',
  depositFiat: '/pages/deposit/fiat',
  depositCrypto: '/pages/deposit/wallet',
  depositRecord: '/pages/deposit/record',
  withdrawBank: '/pages/withdraw/bcard',
  withdrawCrypto: '/pages/withdraw/vm',
  withdrawOther: '/pages/withdraw/other',
  bankCards: '/pages/bcard/index',
  bankCardEdit: '/pages/bcard/modify',
  cryptoAddresses: '/pages/vm/modify',
  statement: '/pages/profile/transaction',
  transfer: '/pages/profile/transfer',
  messages: '/pages/message/index',
  kyc: '/pages/kycverify/index',
  kycIdCard: '/pages/kycverify/idcard',
  kycPassport: '/pages/kycverify/passport',
  quoteStock: '/pages/quote/stock',
  quoteFuture: '/pages/quote/future',
  quoteIndex: '/pages/quote/globalindex',
  quoteForex: '/pages/quote/forex',
  watchlistManage: '/pages/watchlist/manage',
  search: '/pages/search/index',
  paymentStock: '/pages/payment/stock',
  paymentFuture: '/pages/payment/future',
  paymentForex: '/pages/payment/forex',
  paymentClose: '/pages/payment/close',
  notices: '/pages/notice/index',
  noticeDetail: '/pages/notice/detail',
  newsDetail: '/pages/news/detail',
  webview: '/pages/webview/index',
} as const;

/** The page of one article: notices open in the notice detail, news in the news detail (spec §2). */
export function articleRouteOf(article: { id: string; kind: 'news' | 'notice' }): string {
  return `${article.kind === 'notice' ? routes.noticeDetail : routes.newsDetail}?id=${encodeURIComponent(article.id)}`;
}

/** One of the app's own pages in the web view (terms, privacy, help). */
export function webviewRouteOf(page: string): string {
  return `${routes.webview}?url=${encodeURIComponent(page)}`;
}

/** The trade tab on one of its lists (spec §2 my-trade tabs: holding 0, closed 1, entrusted 2). */
export function tradeTabRoute(tab: 0 | 1 | 2): string {
  return `${routes.trade}?tab=${tab}`;
}

/** The order page of an instrument (spec §2): future for source 3, forex for 2, stock otherwise; direction 0 buy, 1 sell. */
export function paymentRouteOf(instrument: { name: string; code: string; source: string; direction: 0 | 1 }): string {
  const path = instrument.source === '3' ? routes.paymentFuture : instrument.source === '2' ? routes.paymentForex : routes.paymentStock;
  const query = new URLSearchParams({
    name: instrument.name,
    code: instrument.code,
    source: instrument.source,
    direction: String(instrument.direction),
  });
  return `${path}?${query.toString()}`;
}

/** The withdrawals tab of the funding record, where each withdrawal shows its timeline. */
export const withdrawalRecordRoute = '/pages/deposit/record?tab=withdrawals';

/** The quote page of an instrument (spec §2): future for source 3, index for 99, forex for 2, stock otherwise. */
export function quoteRouteOf(instrument: { name: string; code: string; market: string; source: string }): string {
  const path =
    instrument.source === '3'
      ? routes.quoteFuture
      : instrument.source === '99'
        ? routes.quoteIndex
        : instrument.source === '2'
          ? routes.quoteForex
          : routes.quoteStock;
  const query = new URLSearchParams({ name: instrument.name, code: instrument.code, market: instrument.market, source: instrument.source });
  return `${path}?${query.toString()}`;
}

/** True when the router's own history has an entry to go back to (React Router keeps `idx` in history state). */
export function hasHistory(): boolean {
  const state: unknown = typeof window === 'undefined' ? null : window.history.state;
  const index = state && typeof state === 'object' ? (state as { idx?: unknown }).idx : undefined;
  return typeof index === 'number' && index > 0;
}

/** A redirect target from the query string, accepted only when it is one of our own page routes. */
export function safeRedirect(target: string | null): string | null {
  if (!target?.startsWith('/pages/') || target.startsWith('/pages/auth/')) return null;
  return target;
}
