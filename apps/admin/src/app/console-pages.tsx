import {
  AccountBookOutlined,
  AuditOutlined,
  BankOutlined,
  CloudUploadOutlined,
  CreditCardOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  DollarOutlined,
  FieldTimeOutlined,
  FileTextOutlined,
  GiftOutlined,
  IdcardOutlined,
  MailOutlined,
  MessageOutlined,
  NotificationOutlined,
  RiseOutlined,
  RobotOutlined,
  SafetyOutlined,
  ShareAltOutlined,
  SolutionOutlined,
  StockOutlined,
  TagsOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  TransactionOutlined,
  UserOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { OperatorPermission } from '@bolsa/contracts';
import type { ComponentType, ReactNode } from 'react';

/**
 * The console's pages, in menu order: each one is a route and (with a title) a side-menu entry that
 * only operators whose role grants `permission` see. To add a page, add one entry here (see
 * apps/admin/README.md); the router and the menu both read this list.
 */
export type ConsolePage = {
  /** The route under `#/`, without a leading slash. */
  path: string;
  /** The menu label and page title, an i18n key. */
  titleKey: string;
  /** Needed to see the entry and open the page; absent means every operator. */
  permission?: OperatorPermission;
  icon?: ReactNode;
  /** Pages behind a parent's detail link do not appear in the menu. */
  isHiddenFromMenu?: boolean;
  load: () => Promise<ComponentType>;
};

export const consolePages: ConsolePage[] = [
  {
    path: 'dashboard',
    titleKey: 'nav.dashboard',
    icon: <DashboardOutlined />,
    load: async () => (await import('../features/dashboard/pages/dashboard-page.tsx')).DashboardPage,
  },
  {
    path: 'kyc',
    titleKey: 'nav.kyc',
    permission: 'reviews.kyc',
    icon: <IdcardOutlined />,
    load: async () => (await import('../features/reviews/pages/kyc-page.tsx')).KycPage,
  },
  {
    path: 'block-applications',
    titleKey: 'nav.blockApplications',
    permission: 'blocktrade.review',
    icon: <SafetyOutlined />,
    load: async () => (await import('../features/reviews/pages/block-applications-page.tsx')).BlockApplicationsPage,
  },
  {
    path: 'block-trade',
    titleKey: 'nav.blockTrade',
    permission: 'blocktrade.review',
    icon: <StockOutlined />,
    load: async () => (await import('../features/blocktrade/pages/blocktrade-page.tsx')).BlockTradePage,
  },
  {
    path: 'worked-orders',
    titleKey: 'nav.workedOrders',
    permission: 'users.read',
    icon: <FieldTimeOutlined />,
    load: async () => (await import('../features/worked-orders/pages/worked-orders-page.tsx')).WorkedOrdersPage,
  },
  {
    path: 'deposits',
    titleKey: 'nav.deposits',
    permission: 'reviews.deposits',
    icon: <WalletOutlined />,
    load: async () => (await import('../features/reviews/pages/deposits-page.tsx')).DepositsPage,
  },
  {
    path: 'receiving-accounts',
    titleKey: 'nav.receivingAccounts',
    permission: 'funding.receivingAccounts',
    icon: <DollarOutlined />,
    load: async () => (await import('../features/receiving-accounts/pages/receiving-accounts-page.tsx')).ReceivingAccountsPage,
  },
  {
    path: 'withdrawals',
    titleKey: 'nav.withdrawals',
    permission: 'reviews.withdrawals',
    icon: <TransactionOutlined />,
    load: async () => (await import('../features/reviews/pages/withdrawals-page.tsx')).WithdrawalsPage,
  },
  {
    path: 'loan-applications',
    titleKey: 'nav.loanApplications',
    permission: 'reviews.loans',
    icon: <SolutionOutlined />,
    load: async () => (await import('../features/reviews/pages/loans-page.tsx')).LoansPage,
  },
  {
    path: 'referral-rewards',
    titleKey: 'nav.referralRewards',
    permission: 'reviews.referrals',
    icon: <GiftOutlined />,
    load: async () => (await import('../features/reviews/pages/referrals-page.tsx')).ReferralRewardsPage,
  },
  {
    path: 'referral-programme',
    titleKey: 'nav.referralProgramme',
    permission: 'referral.settings',
    icon: <ShareAltOutlined />,
    load: async () => (await import('../features/referral/pages/referral-programme-page.tsx')).ReferralProgrammePage,
  },
  {
    path: 'loans',
    titleKey: 'nav.loanBook',
    permission: 'loans.read',
    icon: <AccountBookOutlined />,
    load: async () => (await import('../features/loans/pages/loan-book-page.tsx')).LoanBookPage,
  },
  {
    path: 'loans/:id',
    titleKey: 'nav.loanBook',
    permission: 'loans.read',
    isHiddenFromMenu: true,
    load: async () => (await import('../features/loans/pages/loan-history-page.tsx')).LoanHistoryPage,
  },
  {
    path: 'loan-products',
    titleKey: 'nav.loanProducts',
    permission: 'loans.read',
    icon: <CreditCardOutlined />,
    load: async () => (await import('../features/loans/pages/loan-products-page.tsx')).LoanProductsPage,
  },
  {
    path: 'follow',
    titleKey: 'nav.follow',
    permission: 'follow.read',
    icon: <RiseOutlined />,
    load: async () => (await import('../features/follow/pages/follow-page.tsx')).FollowPage,
  },
  {
    path: 'fund-products',
    titleKey: 'nav.fundProducts',
    permission: 'funds.read',
    icon: <WalletOutlined />,
    load: async () => (await import('../features/funds/pages/fund-products-page.tsx')).FundProductsPage,
  },
  {
    path: 'fund-income',
    titleKey: 'nav.fundIncome',
    permission: 'funds.read',
    icon: <RiseOutlined />,
    load: async () => (await import('../features/funds/pages/fund-income-page.tsx')).FundIncomePage,
  },
  {
    path: 'robot-templates',
    titleKey: 'nav.robotTemplates',
    permission: 'robots.read',
    icon: <RobotOutlined />,
    load: async () => (await import('../features/robots/pages/robot-templates-page.tsx')).RobotTemplatesPage,
  },
  {
    path: 'robot-runs',
    titleKey: 'nav.robotRuns',
    permission: 'robots.read',
    icon: <ThunderboltOutlined />,
    load: async () => (await import('../features/robots/pages/robot-runs-page.tsx')).RobotRunsPage,
  },
  {
    path: 'reconciliation',
    titleKey: 'nav.reconciliation',
    permission: 'ledger.reconcile',
    icon: <BankOutlined />,
    load: async () => (await import('../features/ledger/pages/reconciliation-page.tsx')).ReconciliationPage,
  },
  {
    path: 'support',
    titleKey: 'nav.support',
    permission: 'support.chat',
    icon: <CustomerServiceOutlined />,
    load: async () => (await import('../features/support/pages/support-page.tsx')).SupportPage,
  },
  {
    path: 'messages',
    titleKey: 'nav.messages',
    permission: 'messages.send',
    icon: <MessageOutlined />,
    load: async () => (await import('../features/messages/pages/send-message-page.tsx')).SendMessagePage,
  },
  {
    path: 'app-versions',
    titleKey: 'nav.appVersions',
    permission: 'content.edit',
    icon: <CloudUploadOutlined />,
    load: async () => (await import('../features/app-versions/pages/app-versions-page.tsx')).AppVersionsPage,
  },
  {
    path: 'articles',
    titleKey: 'nav.articles',
    permission: 'content.edit',
    icon: <FileTextOutlined />,
    load: async () => (await import('../features/content/pages/articles-page.tsx')).ArticlesPage,
  },
  {
    path: 'articles/edit',
    titleKey: 'content.editArticle',
    permission: 'content.edit',
    isHiddenFromMenu: true,
    load: async () => (await import('../features/content/pages/article-edit-page.tsx')).ArticleEditPage,
  },
  {
    path: 'notices',
    titleKey: 'nav.notices',
    permission: 'content.edit',
    icon: <NotificationOutlined />,
    load: async () => (await import('../features/content/pages/articles-page.tsx')).NoticesPage,
  },
  {
    path: 'article-tags',
    titleKey: 'nav.articleTags',
    permission: 'content.edit',
    icon: <TagsOutlined />,
    load: async () => (await import('../features/content/pages/article-tags-page.tsx')).ArticleTagsPage,
  },
  {
    path: 'outbox',
    titleKey: 'nav.outbox',
    permission: 'outbox.read',
    icon: <MailOutlined />,
    load: async () => (await import('../features/outbox/pages/outbox-page.tsx')).OutboxPage,
  },
  {
    path: 'audit',
    titleKey: 'nav.audit',
    permission: 'audit.read',
    icon: <AuditOutlined />,
    load: async () => (await import('../features/audit/pages/audit-page.tsx')).AuditPage,
  },
  {
    path: 'operators',
    titleKey: 'nav.operators',
    permission: 'operators.manage',
    icon: <TeamOutlined />,
    load: async () => (await import('../features/operators/pages/operators-page.tsx')).OperatorsPage,
  },
  {
    path: 'security',
    titleKey: 'nav.security',
    permission: 'account.security',
    icon: <SafetyOutlined />,
    load: async () => (await import('../features/auth/pages/security-page.tsx')).SecurityPage,
  },
  {
    path: 'users',
    titleKey: 'nav.users',
    permission: 'users.read',
    icon: <UserOutlined />,
    load: async () => (await import('../features/users/pages/users-page.tsx')).UsersPage,
  },
  {
    path: 'users/:id',
    titleKey: 'nav.users',
    permission: 'users.read',
    isHiddenFromMenu: true,
    load: async () => (await import('../features/users/pages/user-detail-page.tsx')).UserDetailPage,
  },
  {
    path: 'offerings',
    titleKey: 'nav.offerings',
    permission: 'offerings.edit',
    icon: <RiseOutlined />,
    load: async () => (await import('../features/offerings/pages/offerings-page.tsx')).OfferingsPage,
  },
  {
    path: 'adjustments',
    titleKey: 'nav.adjustments',
    permission: 'adjustments.request',
    icon: <DollarOutlined />,
    load: async () => (await import('../features/adjustments/pages/adjustments-page.tsx')).AdjustmentsPage,
  },
  {
    path: 'instruments',
    titleKey: 'nav.instruments',
    permission: 'instruments.read',
    icon: <StockOutlined />,
    load: async () => (await import('../features/instruments/pages/instruments-page.tsx')).InstrumentsPage,
  },
];
