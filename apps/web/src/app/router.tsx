import type { ComponentType } from 'react';
import { createHashRouter, type RouteObject } from 'react-router';
import { RouteError } from '../components/route-error.tsx';
import { PageLayout, RequireAuth, RootLayout, RootRedirect, TabLayout } from './layouts.tsx';

/**
 * Every page is a route with query-string parameters only (spec §2), loaded on demand so the
 * first bundle holds just the shell. Features never import each other; this file composes them.
 */
function page<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType): Pick<RouteObject, 'lazy'> {
  return { lazy: async () => ({ Component: pick(await load()) }) };
}

const notFound = page(
  () => import('../components/page-not-found.tsx'),
  (module) => module.PageNotFound,
);

export const routeObjects: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    errorElement: <RouteError />,
    children: [
      { index: true, Component: RootRedirect },
      {
        Component: TabLayout,
        children: [
          {
            path: 'pages/home/index',
            ...page(
              () => import('../features/home/pages/home-page.tsx'),
              (m) => m.HomePage,
            ),
          },
          {
            path: 'pages/market/index',
            ...page(
              () => import('../features/market/pages/market-page.tsx'),
              (m) => m.MarketPage,
            ),
          },
          {
            path: 'pages/watchlist/index',
            ...page(
              () => import('../features/watchlist/pages/watchlist-page.tsx'),
              (m) => m.WatchlistPage,
            ),
          },
          {
            path: 'pages/trade/index',
            ...page(
              () => import('../features/trade/pages/trade-page.tsx'),
              (m) => m.TradePage,
            ),
          },
          {
            path: 'pages/profile/index',
            ...page(
              () => import('./account-page.tsx'),
              (m) => m.AccountPage,
            ),
          },
        ],
      },
      {
        Component: PageLayout,
        children: [
          {
            path: 'pages/auth/login',
            ...page(
              () => import('../features/auth/pages/login-page.tsx'),
              (m) => m.LoginPage,
            ),
          },
          {
            path: 'pages/auth/register',
            ...page(
              () => import('../features/auth/pages/register-page.tsx'),
              (m) => m.RegisterPage,
            ),
          },
          {
            path: 'pages/auth/resetpwd',
            ...page(
              () => import('../features/auth/pages/reset-password-page.tsx'),
              (m) => m.ResetPasswordPage,
            ),
          },
          {
            path: 'pages/quote/stock',
            ...page(
              () => import('../features/quote/pages/quote-page.tsx'),
              (m) => m.StockQuotePage,
            ),
          },
          {
            path: 'pages/quote/future',
            ...page(
              () => import('../features/quote/pages/quote-page.tsx'),
              (m) => m.FutureQuotePage,
            ),
          },
          {
            path: 'pages/quote/globalindex',
            ...page(
              () => import('../features/quote/pages/quote-page.tsx'),
              (m) => m.IndexQuotePage,
            ),
          },
          {
            path: 'pages/quote/forex',
            ...page(
              () => import('../features/quote/pages/quote-page.tsx'),
              (m) => m.ForexQuotePage,
            ),
          },
          {
            path: 'pages/notice/index',
            ...page(
              () => import('../features/content/pages/notices-page.tsx'),
              (m) => m.NoticesPage,
            ),
          },
          {
            path: 'pages/notice/detail',
            ...page(
              () => import('../features/content/pages/article-page.tsx'),
              (m) => m.NoticeDetailPage,
            ),
          },
          {
            path: 'pages/news/detail',
            ...page(
              () => import('../features/content/pages/article-page.tsx'),
              (m) => m.NewsDetailPage,
            ),
          },
          {
            path: 'pages/webview/index',
            ...page(
              () => import('../features/content/pages/webview-page.tsx'),
              (m) => m.WebviewPage,
            ),
          },
          {
            path: 'pages/search/index',
            ...page(
              () => import('../features/search/pages/search-page.tsx'),
              (m) => m.SearchPage,
            ),
          },
          {
            Component: RequireAuth,
            children: [
              {
                path: 'pages/watchlist/manage',
                ...page(
                  () => import('../features/watchlist/pages/watchlist-manage-page.tsx'),
                  (m) => m.WatchlistManagePage,
                ),
              },
              {
                path: 'pages/message/index',
                ...page(
                  () => import('../features/messages/pages/messages-page.tsx'),
                  (m) => m.MessagesPage,
                ),
              },
              {
                path: 'pages/kycverify/index',
                ...page(
                  () => import('../features/kyc/pages/kyc-page.tsx'),
                  (m) => m.KycPage,
                ),
              },
              {
                path: 'pages/kycverify/idcard',
                ...page(
                  () => import('../features/kyc/pages/kyc-document-page.tsx'),
                  (m) => m.KycIdCardPage,
                ),
              },
              {
                path: 'pages/kycverify/passport',
                ...page(
                  () => import('../features/kyc/pages/kyc-document-page.tsx'),
                  (m) => m.KycPassportPage,
                ),
              },
              {
                path: 'pages/setting/index',
                ...page(
                  () => import('../features/settings/pages/settings-page.tsx'),
                  (m) => m.SettingsPage,
                ),
              },
              {
                path: 'pages/setting/security',
                ...page(
                  () => import('../features/settings/pages/security-page.tsx'),
                  (m) => m.SecurityPage,
                ),
              },
              {
                path: 'pages/setting/loginpwd',
                ...page(
                  () => import('../features/settings/pages/login-password-page.tsx'),
                  (m) => m.LoginPasswordPage,
                ),
              },
              {
                path: 'pages/setting/paypwd',
                ...page(
                  () => import('../features/settings/pages/pay-password-page.tsx'),
                  (m) => m.PayPasswordPage,
                ),
              },
              {
                path: 'pages/profile/transaction',
                ...page(
                  () => import('../features/wallet/pages/statement-page.tsx'),
                  (m) => m.StatementPage,
                ),
              },
              {
                path: 'pages/profile/transfer',
                ...page(
                  () => import('../features/wallet/pages/transfer-page.tsx'),
                  (m) => m.TransferPage,
                ),
              },
              {
                path: 'pages/deposit/index',
                ...page(
                  () => import('../features/funding/pages/deposit-page.tsx'),
                  (m) => m.DepositPage,
                ),
              },
              {
                path: 'pages/deposit/fiat',
                ...page(
                  () => import('../features/funding/pages/deposit-fiat-page.tsx'),
                  (m) => m.DepositFiatPage,
                ),
              },
              {
                path: 'pages/deposit/wallet',
                ...page(
                  () => import('../features/funding/pages/deposit-crypto-page.tsx'),
                  (m) => m.DepositCryptoPage,
                ),
              },
              {
                path: 'pages/deposit/record',
                ...page(
                  () => import('../features/funding/pages/funding-record-page.tsx'),
                  (m) => m.FundingRecordPage,
                ),
              },
              {
                path: 'pages/withdraw/bcard',
                ...page(
                  () => import('../features/funding/pages/withdraw-bank-page.tsx'),
                  (m) => m.WithdrawBankPage,
                ),
              },
              {
                path: 'pages/withdraw/vm',
                ...page(
                  () => import('../features/funding/pages/withdraw-crypto-page.tsx'),
                  (m) => m.WithdrawCryptoPage,
                ),
              },
              {
                path: 'pages/withdraw/other',
                ...page(
                  () => import('../features/funding/pages/withdraw-other-page.tsx'),
                  (m) => m.WithdrawOtherPage,
                ),
              },
              {
                path: 'pages/bcard/index',
                ...page(
                  () => import('../features/funding/pages/bank-cards-page.tsx'),
                  (m) => m.BankCardsPage,
                ),
              },
              {
                path: 'pages/bcard/modify',
                ...page(
                  () => import('../features/funding/pages/bank-card-edit-page.tsx'),
                  (m) => m.BankCardEditPage,
                ),
              },
              {
                path: 'pages/vm/modify',
                ...page(
                  () => import('../features/funding/pages/crypto-addresses-page.tsx'),
                  (m) => m.CryptoAddressesPage,
                ),
              },
              {
                path: 'pages/payment/stock',
                ...page(
                  () => import('../features/trade/pages/order-page.tsx'),
                  (m) => m.OrderPage,
                ),
              },
              {
                path: 'pages/payment/future',
                ...page(
                  () => import('../features/trade/pages/order-page.tsx'),
                  (m) => m.OrderPage,
                ),
              },
              {
                path: 'pages/payment/forex',
                ...page(
                  () => import('../features/trade/pages/order-page.tsx'),
                  (m) => m.OrderPage,
                ),
              },
              {
                path: 'pages/payment/close',
                ...page(
                  () => import('../features/trade/pages/close-page.tsx'),
                  (m) => m.ClosePositionPage,
                ),
              },
              {
                path: 'pages/trade/history',
                ...page(
                  () => import('../features/trade/pages/order-history-page.tsx'),
                  (m) => m.OrderHistoryPage,
                ),
              },
              // Every other page under these folders needs a session too.
              { path: 'pages/profile/*', ...notFound },
              { path: 'pages/setting/*', ...notFound },
              { path: 'pages/deposit/*', ...notFound },
              { path: 'pages/withdraw/*', ...notFound },
              { path: 'pages/bcard/*', ...notFound },
              { path: 'pages/vm/*', ...notFound },
              { path: 'pages/payment/*', ...notFound },
            ],
          },
          { path: '*', ...notFound },
        ],
      },
    ],
  },
];

export function createAppRouter() {
  return createHashRouter(routeObjects);
}
