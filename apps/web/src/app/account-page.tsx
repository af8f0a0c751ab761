import { InstallMenuRow } from '../features/app-install/components/install-menu-row.tsx';
import { ContentMenuRows } from '../features/content/components/content-menu-rows.tsx';
import { FollowMenuRow } from '../features/follow/components/follow-menu-row.tsx';
import { FundMenuRows } from '../features/funds/components/fund-menu-row.tsx';
import { KycMenuRow } from '../features/kyc/components/kyc-menu-row.tsx';
import { LoanMenuRows } from '../features/loans/components/loan-menu-row.tsx';
import { AlertsMenuRow } from '../features/market/components/alerts-menu-row.tsx';
import { MessagesMenuRow } from '../features/messages/components/messages-menu-row.tsx';
import { ProfilePage } from '../features/profile/pages/profile-page.tsx';
import { ReferralMenuRow } from '../features/referral/components/referral-menu-row.tsx';
import { RobotMenuRow } from '../features/robots/components/robot-menu-row.tsx';
import { WalletOverview } from '../features/wallet/components/wallet-overview.tsx';

/** The Account tab as routed: the profile page with the wallet feature's money section, the inbox, identity and content rows composed in. */
export function AccountPage() {
  return (
    <ProfilePage
      funding={<WalletOverview />}
      publicRows={
        <>
          <ContentMenuRows />
          <InstallMenuRow />
        </>
      }
      rows={
        <>
          <MessagesMenuRow />
          <AlertsMenuRow />
          <KycMenuRow />
          <LoanMenuRows />
          <ReferralMenuRow />
          <FollowMenuRow />
          <FundMenuRows />
          <RobotMenuRow />
          <ContentMenuRows />
          <InstallMenuRow />
        </>
      }
    />
  );
}
