/**
 * The app's pages: one entry per hash route (spec §2, query-string parameters only). The router
 * (`app/router.tsx`) builds its routes from this list, and every link is written with `pagePath`,
 * so a page's path lives here and nowhere else. Each page's component is bound to its name in
 * `app/page-loaders.ts` (kept apart because features import this file to link, and the loaders
 * import the features).
 */

/** Where a page sits: a tab page under the tab bar, or a pushed page with its own back button. */
export type PageLayout = 'tab' | 'pushed';
/** Who may open a page: anyone, or only a logged-in user (visitors go to login and come back). */
export type PageGuard = 'public' | 'session';

type PageEntry = {
  path: `/pages/${string}`;
  layout: PageLayout;
  guard: PageGuard;
  /** The query-string parameters the page reads; `pagePath` accepts only these. */
  query?: readonly string[];
};

const instrumentQuery = ['name', 'code', 'market', 'source'] as const;
const paymentQuery = ['name', 'code', 'source', 'direction'] as const;

export const pages = {
  home: { path: '/pages/home/index', layout: 'tab', guard: 'public' },
  market: { path: '/pages/market/index', layout: 'tab', guard: 'public', query: ['tab'] },
  watchlist: { path: '/pages/watchlist/index', layout: 'tab', guard: 'public' },
  trade: { path: '/pages/trade/index', layout: 'tab', guard: 'public', query: ['tab'] },
  profile: { path: '/pages/profile/index', layout: 'tab', guard: 'public' },

  login: { path: '/pages/auth/login', layout: 'pushed', guard: 'public', query: ['redirect'] },
  register: { path: '/pages/auth/register', layout: 'pushed', guard: 'public', query: ['invite'] },
  resetPassword: { path: '/pages/auth/resetpwd', layout: 'pushed', guard: 'public' },
  quoteStock: { path: '/pages/quote/stock', layout: 'pushed', guard: 'public', query: instrumentQuery },
  quoteFuture: { path: '/pages/quote/future', layout: 'pushed', guard: 'public', query: instrumentQuery },
  quoteIndex: { path: '/pages/quote/globalindex', layout: 'pushed', guard: 'public', query: instrumentQuery },
  quoteForex: { path: '/pages/quote/forex', layout: 'pushed', guard: 'public', query: instrumentQuery },
  notices: { path: '/pages/notice/index', layout: 'pushed', guard: 'public', query: ['tab', 'tag'] },
  noticeDetail: { path: '/pages/notice/detail', layout: 'pushed', guard: 'public', query: ['id'] },
  newsDetail: { path: '/pages/news/detail', layout: 'pushed', guard: 'public', query: ['id'] },
  webview: { path: '/pages/webview/index', layout: 'pushed', guard: 'public', query: ['url'] },
  search: { path: '/pages/search/index', layout: 'pushed', guard: 'public' },
  /** The spec's app download: installing the web app. */
  install: { path: '/pages/download/index', layout: 'pushed', guard: 'public' },

  watchlistManage: { path: '/pages/watchlist/manage', layout: 'pushed', guard: 'session' },
  messages: { path: '/pages/message/index', layout: 'pushed', guard: 'session' },
  kyc: { path: '/pages/kycverify/index', layout: 'pushed', guard: 'session' },
  kycIdCard: { path: '/pages/kycverify/idcard', layout: 'pushed', guard: 'session' },
  kycPassport: { path: '/pages/kycverify/passport', layout: 'pushed', guard: 'session' },
  settings: { path: '/pages/setting/index', layout: 'pushed', guard: 'session' },
  security: { path: '/pages/setting/security', layout: 'pushed', guard: 'session' },
  loginPassword: { path: '/pages/setting/loginpwd', layout: 'pushed', guard: 'session' },
  payPassword: { path: '/pages/setting/paypwd', layout: 'pushed', guard: 'session' },
  twoFactor: { path: '/pages/setting/twofactor', layout: 'pushed', guard: 'session' },
  devices: { path: '/pages/setting/devices', layout: 'pushed', guard: 'session' },
  statement: { path: '/pages/profile/transaction', layout: 'pushed', guard: 'session' },
  transfer: { path: '/pages/profile/transfer', layout: 'pushed', guard: 'session' },
  share: { path: '/pages/profile/share', layout: 'pushed', guard: 'session' },
  deposit: { path: '/pages/deposit/index', layout: 'pushed', guard: 'session' },
  depositFiat: { path: '/pages/deposit/fiat', layout: 'pushed', guard: 'session' },
  depositCrypto: { path: '/pages/deposit/wallet', layout: 'pushed', guard: 'session' },
  depositRecord: { path: '/pages/deposit/record', layout: 'pushed', guard: 'session', query: ['tab'] },
  withdrawBank: { path: '/pages/withdraw/bcard', layout: 'pushed', guard: 'session' },
  withdrawCrypto: { path: '/pages/withdraw/vm', layout: 'pushed', guard: 'session' },
  withdrawOther: { path: '/pages/withdraw/other', layout: 'pushed', guard: 'session' },
  bankCards: { path: '/pages/bcard/index', layout: 'pushed', guard: 'session' },
  bankCardEdit: { path: '/pages/bcard/modify', layout: 'pushed', guard: 'session', query: ['id'] },
  cryptoAddresses: { path: '/pages/vm/modify', layout: 'pushed', guard: 'session' },
  paymentStock: { path: '/pages/payment/stock', layout: 'pushed', guard: 'session', query: paymentQuery },
  paymentFuture: { path: '/pages/payment/future', layout: 'pushed', guard: 'session', query: paymentQuery },
  paymentForex: { path: '/pages/payment/forex', layout: 'pushed', guard: 'session', query: paymentQuery },
  paymentClose: { path: '/pages/payment/close', layout: 'pushed', guard: 'session', query: ['positionId'] },
  tradeHistory: { path: '/pages/trade/history', layout: 'pushed', guard: 'session' },
  blockTrade: { path: '/pages/product/blocktrade', layout: 'pushed', guard: 'session' },
  twap: { path: '/pages/trade/twap', layout: 'pushed', guard: 'session', query: ['code'] },
  loan: { path: '/pages/loan/index', layout: 'pushed', guard: 'session' },
  loanRecord: { path: '/pages/loan/record', layout: 'pushed', guard: 'session' },
  loanRepayment: { path: '/pages/loan/repayment', layout: 'pushed', guard: 'session', query: ['id'] },
  popular: { path: '/pages/product/popular', layout: 'pushed', guard: 'public' },
  priceAlerts: { path: '/pages/alerts/index', layout: 'pushed', guard: 'session', query: ['code'] },
  productFuture: { path: '/pages/product/future', layout: 'pushed', guard: 'public' },
  productTaiwan: { path: '/pages/product/taiwan', layout: 'pushed', guard: 'public' },
  fund: { path: '/pages/yinmutual/index', layout: 'pushed', guard: 'session' },
  fundHold: { path: '/pages/yinmutual/myhold', layout: 'pushed', guard: 'session' },
  newstock: { path: '/pages/product/newstock', layout: 'pushed', guard: 'public', query: ['tab'] },
  paymentNewstock: { path: '/pages/payment/newstock', layout: 'pushed', guard: 'session', query: [...paymentQuery, 'id'] },
  follow: { path: '/pages/product/follow', layout: 'pushed', guard: 'public', query: ['tab'] },
  paymentFollow: { path: '/pages/payment/follow', layout: 'pushed', guard: 'session', query: ['id', 'name'] },
  placing: { path: '/pages/product/placing', layout: 'pushed', guard: 'public', query: ['tab'] },
  placingRecord: { path: '/pages/placing/record', layout: 'pushed', guard: 'session' },
  /** Strategy robots (issue 22): the templates with their offers, the user's robots (licences, energy, runs, history), a run's start with its backtest, and a run. */
  robots: { path: '/pages/robot/index', layout: 'pushed', guard: 'public' },
  robotMine: { path: '/pages/robot/mine', layout: 'pushed', guard: 'session', query: ['tab'] },
  robotStart: { path: '/pages/robot/start', layout: 'pushed', guard: 'session', query: ['id', 'code'] },
  robotRun: { path: '/pages/robot/run', layout: 'pushed', guard: 'session', query: ['id'] },
} as const satisfies Record<string, PageEntry>;

export type PageName = keyof typeof pages;

/** The query parameters a page reads. */
export type PageQuery<Name extends PageName> = (typeof pages)[Name] extends { query: readonly (infer Key extends string)[] }
  ? Partial<Record<Key, string | number>>
  : never;

/**
 * Folders whose every page needs a session, including paths no page answers: a visitor is sent to
 * login before learning whether the page exists.
 */
export const sessionFolders = ['profile', 'setting', 'deposit', 'withdraw', 'bcard', 'vm', 'payment'] as const;

/**
 * The link to a page, with its query string: `pagePath('bankCardEdit', { id })`. Absent values are
 * left out; the rest are encoded as form parameters, in the order given.
 */
export function pagePath<Name extends PageName>(name: Name, ...query: PageQuery<Name> extends never ? [] : [PageQuery<Name>?]): string {
  const path: string = pages[name].path;
  const values = query[0] as Record<string, string | number | undefined> | undefined;
  if (!values) return path;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined) search.set(key, String(value));
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}
