/**
 * The customer API's routes without their schemas: per contract entry only its method and path, so a
 * screen that calls the API loads no zod (issue 26). Each table is typed by its contract object through
 * `import type` only: a route carries its entry as a phantom type, so `callApi(marketRoutes.kline, …)`
 * types the query and the answer from the zod schemas while none of them reaches the bundle.
 *
 * One source of truth: the zod contracts. `RoutesOf` makes the compiler reject a table that misses an
 * entry, names one the contract lacks, or disagrees on a method or a path (each is a literal type of the
 * contract), and `routes.test.ts` checks the same at run time for every customer contract object.
 * Forms that validate keep importing the schemas from `@bolsa/contracts`; the server only uses those.
 */
import type { accountApi } from './account.ts';
import type { priceAlertApi } from './alerts.ts';
import type { areaApi } from './areas.ts';
import type { articlesApi } from './articles.ts';
import type { bankCardApi } from './bank-cards.ts';
import type { blockTradeApi } from './blocktrade.ts';
import type { buyingPowerApi } from './buying-power.ts';
import type { depositApi } from './deposits.ts';
import type { followApi } from './follow.ts';
import type { fundApi } from './funds.ts';
import type { holdingApi } from './holdings.ts';
import type { kycApi } from './kyc.ts';
import type { leverageApi } from './leverage.ts';
import type { loanApi } from './loans.ts';
import type { marketApi, watchlistApi } from './market.ts';
import type { popularApi } from './popular.ts';
import type { productsApi } from './products.ts';
import type { referralApi } from './referral.ts';
import type { robotApi } from './robots.ts';
import type { supportApi } from './support.ts';
import type { tradingApi } from './trading.ts';
import type { transferApi } from './transfers.ts';
import type { twapApi } from './twap.ts';
import type { messagesApi } from './user-messages.ts';
import type { walletApi } from './wallet.ts';
import type { withdrawalApi } from './withdrawals.ts';

/** What every route has at run time; the server's contract entries have it too. */
export type RouteShape = { readonly method: 'GET' | 'POST'; readonly path: string };

/** Never assigned: it only holds a route's contract entry in the type system. */
declare const entryType: unique symbol;

/** A contract entry's route: its method and path, with the entry itself as a phantom type. */
export type Route<E extends RouteShape> = {
  readonly method: E['method'];
  readonly path: E['path'];
  readonly [entryType]?: E;
};

/** The routes of a contract object: one per entry, each agreeing with it on method and path. */
export type RoutesOf<Api> = { readonly [K in keyof Api]: Api[K] extends RouteShape ? Route<Api[K]> : never };

export const accountRoutes: RoutesOf<typeof accountApi> = {
  getEmailCode: { method: 'POST', path: '/getEmailCode' },
  register: { method: 'POST', path: '/register' },
  login: { method: 'POST', path: '/loginByUsername' },
  logout: { method: 'POST', path: '/logout' },
  resetPassword: { method: 'POST', path: '/resetPassword' },
  updatePassword: { method: 'POST', path: '/updatePassword' },
  settingPayPassword: { method: 'POST', path: '/settingPayPassword' },
  updatePayPassword: { method: 'POST', path: '/updatePayPassword' },
  userInfo: { method: 'POST', path: '/api/user/info' },
  appVersion: { method: 'GET', path: '/appVersion/getPublishAppVersion' },
  verifyLogin: { method: 'POST', path: '/loginSecondFactor' },
  twoFactorStatus: { method: 'POST', path: '/twoFactor/status' },
  twoFactorStart: { method: 'POST', path: '/twoFactor/start' },
  twoFactorConfirm: { method: 'POST', path: '/twoFactor/confirm' },
  twoFactorDisable: { method: 'POST', path: '/twoFactor/disable' },
  sessions: { method: 'POST', path: '/sessions/list' },
  endSession: { method: 'POST', path: '/sessions/end' },
  endOtherSessions: { method: 'POST', path: '/sessions/endOthers' },
};

export const areaRoutes: RoutesOf<typeof areaApi> = {
  list: { method: 'GET', path: '/areaInfo/list' },
};

export const articlesRoutes: RoutesOf<typeof articlesApi> = {
  dict: { method: 'GET', path: '/dict/data' },
  list: { method: 'POST', path: '/article/pageList' },
  detail: { method: 'GET', path: '/article/:id' },
};

export const bankCardRoutes: RoutesOf<typeof bankCardApi> = {
  cards: { method: 'POST', path: '/UserAccount/SelectCardNo' },
  addCard: { method: 'POST', path: '/UserAccount/addCardNo' },
  updateCard: { method: 'POST', path: '/UserAccount/UpdateCardNo' },
  deleteCard: { method: 'POST', path: '/UserAccount/delete-card' },
  addresses: { method: 'POST', path: '/UserAccount/selectWalletAddress' },
  saveAddress: { method: 'POST', path: '/UserAccount/saveWalletAddress' },
  deleteAddress: { method: 'POST', path: '/UserAccount/deleteWalletAddress' },
};

export const blockTradeRoutes: RoutesOf<typeof blockTradeApi> = {
  permission: { method: 'POST', path: '/blockTrade/permission' },
  apply: { method: 'POST', path: '/blockTrade/apply' },
  instruments: { method: 'POST', path: '/blockTrade/instruments' },
  quote: { method: 'POST', path: '/blockTrade/quote' },
  create: { method: 'POST', path: '/blockTrade/create' },
  orders: { method: 'POST', path: '/blockTrade/pageList' },
};

export const buyingPowerRoutes: RoutesOf<typeof buyingPowerApi> = {
  buyingPower: { method: 'POST', path: '/wallet/buyingPower' },
};

export const depositRoutes: RoutesOf<typeof depositApi> = {
  depositMethods: { method: 'POST', path: '/recharge/currency/selectList' },
  createDeposit: { method: 'POST', path: '/recharge/create' },
  deposits: { method: 'POST', path: '/recharge/listPage' },
};

export const fundRoutes: RoutesOf<typeof fundApi> = {
  stat: { method: 'POST', path: '/user_fund_orders/stat' },
  productPage: { method: 'POST', path: '/user_fund_orders/productPageList' },
  create: { method: 'POST', path: '/user_fund_orders/create' },
  page: { method: 'POST', path: '/user_fund_orders/pageList' },
  holdings: { method: 'POST', path: '/user_fund_orders/holdings' },
  redeemQuote: { method: 'POST', path: '/user_fund_orders/redeemQuote' },
  redeem: { method: 'POST', path: '/user_fund_orders/redeem' },
  plans: { method: 'POST', path: '/user_fund_orders/plans' },
  planCreate: { method: 'POST', path: '/user_fund_orders/plans/create' },
  planUpdate: { method: 'POST', path: '/user_fund_orders/plans/update' },
  planPause: { method: 'POST', path: '/user_fund_orders/plans/pause' },
  planResume: { method: 'POST', path: '/user_fund_orders/plans/resume' },
  planEnd: { method: 'POST', path: '/user_fund_orders/plans/end' },
};

export const holdingRoutes: RoutesOf<typeof holdingApi> = {
  holding: { method: 'POST', path: '/stock/holding' },
};

export const popularRoutes: RoutesOf<typeof popularApi> = {
  popular: { method: 'GET', path: '/m_ft/popular' },
};

export const kycRoutes: RoutesOf<typeof kycApi> = {
  submit: { method: 'POST', path: '/updateReal' },
  state: { method: 'POST', path: '/kyc/state' },
};

export const supportRoutes: RoutesOf<typeof supportApi> = {
  open: { method: 'POST', path: '/userCenter/apply/service' },
  unread: { method: 'POST', path: '/support/unread' },
  rate: { method: 'POST', path: '/support/rate' },
};

export const loanRoutes: RoutesOf<typeof loanApi> = {
  rates: { method: 'GET', path: '/assist/getLoadsRate' },
  userLoans: { method: 'GET', path: '/assist/getUserLoans' },
  apply: { method: 'POST', path: '/assist/saveAssist' },
  page: { method: 'POST', path: '/assist/getLandsPage' },
  repay: { method: 'POST', path: '/assist/repaymentLoans' },
};

export const referralRoutes: RoutesOf<typeof referralApi> = {
  share: { method: 'GET', path: '/referral/share' },
  invitees: { method: 'POST', path: '/referral/invitees' },
};

export const marketRoutes: RoutesOf<typeof marketApi> = {
  tgAllStockList: { method: 'GET', path: '/tg_st/all_stock_list' },
  tradingDays: { method: 'POST', path: '/stocka_trading_day/getPageList' },
  globalIndex: { method: 'GET', path: '/m_ft/global_index' },
  topList: { method: 'GET', path: '/m_ft/topList' },
  stockList: { method: 'GET', path: '/m_ft/stock_list' },
  futuresList: { method: 'GET', path: '/m_ft/futures_list' },
  stockDetail: { method: 'GET', path: '/m_ft/stock_detail_ft' },
  detailQuote: { method: 'GET', path: '/m_ft/detail_quote' },
  summaryDetail: { method: 'GET', path: '/m_ft/summary_detail' },
  kline: { method: 'GET', path: '/m_ft/kline' },
  depth: { method: 'GET', path: '/m_ft/depth' },
  futuresFamilies: { method: 'GET', path: '/m_ft/futures_families' },
  taiwanBoard: { method: 'GET', path: '/m_ft/taiwan_board' },
  allStockList: { method: 'GET', path: '/m_ft/all_stock_list' },
  hotStock: { method: 'GET', path: '/m_ft/hot_stock' },
  homeCustomList: { method: 'GET', path: '/m_ft/home_custom_list' },
  futuresOptList: { method: 'GET', path: '/m_ft/futures_opt_list' },
  recentListings: { method: 'GET', path: '/m_ft/recent_listings' },
  getStock: { method: 'GET', path: '/quotes/getStock' },
  search: { method: 'POST', path: '/market/getMaket' },
  markets: { method: 'POST', path: '/market/getMakets' },
};

export const watchlistRoutes: RoutesOf<typeof watchlistApi> = {
  list: { method: 'GET', path: '/userSelfSecurity/selectSelfSelectionStocksData' },
  save: { method: 'POST', path: '/userSelfSecurity/save' },
  delete: { method: 'POST', path: '/userSelfSecurity/delete/:id' },
  deleteByStockCode: { method: 'POST', path: '/userSelfSecurity/deleteByStockCode/:stockCode' },
  sort: { method: 'POST', path: '/userSelfSecurity/sort' },
};

export const priceAlertRoutes: RoutesOf<typeof priceAlertApi> = {
  list: { method: 'GET', path: '/priceAlert/list' },
  create: { method: 'POST', path: '/priceAlert/create' },
  delete: { method: 'POST', path: '/priceAlert/delete/:id' },
};

export const tradingRoutes: RoutesOf<typeof tradingApi> = {
  createStock: { method: 'POST', path: '/stock/create' },
  createTwStock: { method: 'POST', path: '/twStock/create' },
  createGold: { method: 'POST', path: '/gold/create' },
  createForex: { method: 'POST', path: '/forex/create' },
  minCount: { method: 'POST', path: '/stocka_config/getMinCount' },
  positions: { method: 'POST', path: '/position/me' },
  positionsByStock: { method: 'POST', path: '/position/getByStock' },
  closedPositions: { method: 'POST', path: '/position/flatList' },
  entrustedOrders: { method: 'POST', path: '/position/consignList' },
  orderHistory: { method: 'POST', path: '/position/water/pageList' },
  halfOrFull: { method: 'POST', path: '/position/getHalfOrFullNum' },
  closePosition: { method: 'POST', path: '/position/flatPosition' },
  addMargin: { method: 'POST', path: '/position/addPositionMargin' },
  updateTakeProfitStopLoss: { method: 'POST', path: '/position/updateTakeProfitStopLoss' },
  orderDetail: { method: 'POST', path: '/orders/additions' },
  cancelOrder: { method: 'POST', path: '/orders/cancel' },
};

export const transferRoutes: RoutesOf<typeof transferApi> = {
  transferQuote: { method: 'POST', path: '/wallet/transferQuote' },
  transfer: { method: 'POST', path: '/wallet/transfer' },
  cancelTransfer: { method: 'POST', path: '/wallet/cancelTransfer' },
};

export const messagesRoutes: RoutesOf<typeof messagesApi> = {
  list: { method: 'GET', path: '/userMessage/getMessage' },
  detail: { method: 'GET', path: '/userMessage/:id' },
  markRead: { method: 'POST', path: '/userMessage/updateRead' },
};

export const walletRoutes: RoutesOf<typeof walletApi> = {
  walletBalance: { method: 'POST', path: '/wallet/getWalletBalance' },
  allWallets: { method: 'POST', path: '/userCenter/getWalletBalance' },
  fundingOverview: { method: 'POST', path: '/userCenter/getFundingOverview' },
  walletBill: { method: 'POST', path: '/wallet/getWalletBill' },
};

export const withdrawalRoutes: RoutesOf<typeof withdrawalApi> = {
  usableWithdrawal: { method: 'GET', path: '/withdrawal/getUsableWithdrawalAmount' },
  withdraw: { method: 'POST', path: '/withdrawal/withdrawal-apply' },
  withdrawOther: { method: 'POST', path: '/withdrawal/other-withdrawal-apply' },
  yenQuote: { method: 'POST', path: '/withdrawal/yen-quote' },
  withdrawals: { method: 'POST', path: '/withdrawal/listPage' },
};

export const leverageRoutes: RoutesOf<typeof leverageApi> = {
  acknowledgement: { method: 'POST', path: '/trading/leverageAcknowledgement' },
  acknowledge: { method: 'POST', path: '/trading/acknowledgeLeverage' },
};

export const productsRoutes: RoutesOf<typeof productsApi> = {
  newStock: { method: 'GET', path: '/m_ft/webull/new/stock' },
  newStockDetail: { method: 'GET', path: '/m_ft/webull/new/stock/detail' },
  allotmentResult: { method: 'GET', path: '/m_ft/webull/new/stock/result' },
  create: { method: 'POST', path: '/NewShares/create' },
  fullNum: { method: 'POST', path: '/position/getIpoFullNum' },
  subscriptions: { method: 'POST', path: '/position/subscription' },
  subscriptionPage: { method: 'POST', path: '/position/subscriptionOrder/pageList' },
  placingSaleList: { method: 'POST', path: '/placing_stock/sale_list' },
  placingMarketList: { method: 'POST', path: '/m_ft/sale_list' },
  placingSaleTime: { method: 'POST', path: '/placing_stock/get_sale_time' },
  placingCreate: { method: 'POST', path: '/placing_order/create' },
  placingSubscriptions: { method: 'POST', path: '/position/placing_subscription' },
  placingFlatCount: { method: 'POST', path: '/position/getPlacingFlatCount' },
  rights: { method: 'POST', path: '/position/rights_issue' },
  rightsExercise: { method: 'POST', path: '/rights_issue/exercise' },
};

export const twapRoutes: RoutesOf<typeof twapApi> = {
  create: { method: 'POST', path: '/twap/create' },
  orders: { method: 'POST', path: '/twap/pageList' },
  cancel: { method: 'POST', path: '/twap/cancel' },
};

export const robotRoutes: RoutesOf<typeof robotApi> = {
  templates: { method: 'POST', path: '/robot/templates' },
  template: { method: 'POST', path: '/robot/template' },
  energyPacks: { method: 'POST', path: '/robot/energy/packs' },
  energy: { method: 'POST', path: '/robot/energy' },
  buy: { method: 'POST', path: '/robot/buy' },
  buyEnergy: { method: 'POST', path: '/robot/energy/buy' },
  purchases: { method: 'POST', path: '/robot/purchases' },
  licences: { method: 'POST', path: '/robot/licences' },
  backtest: { method: 'POST', path: '/robot/backtest' },
  start: { method: 'POST', path: '/robot/runs/start' },
  stop: { method: 'POST', path: '/robot/runs/stop' },
  runs: { method: 'POST', path: '/robot/runs' },
  run: { method: 'POST', path: '/robot/runs/detail' },
};

export const followRoutes: RoutesOf<typeof followApi> = {
  agencies: { method: 'GET', path: '/userFollowInvest/getInvestAgencyList' },
  add: { method: 'POST', path: '/userFollowInvest/add' },
  orders: { method: 'POST', path: '/userFollowInvest/pageList' },
  sell: { method: 'POST', path: '/userFollowInvest/sell' },
  appropriateness: { method: 'GET', path: '/userFollowInvest/appropriateness' },
  answerAppropriateness: { method: 'POST', path: '/userFollowInvest/appropriateness' },
};
