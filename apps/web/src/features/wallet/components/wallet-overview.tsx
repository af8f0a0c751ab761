import { useTranslation } from '@bolsa/client-kit/i18n';
import type { Locale } from '@bolsa/contracts';
import {
  BankcardOutline,
  BillOutline,
  CollectMoneyOutline,
  LoopOutline,
  ReceivePaymentOutline,
  SendOutline,
  SystemQRcodeOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { MenuList, MenuRow } from '../../../components/menu-list.tsx';
import { currencySymbolOf, formatMoney, formatSignedMoney } from '../../../lib/format.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { pagePath } from '../../../lib/pages.ts';
import { walletLabelKey } from '../../../lib/wallet-labels.ts';
import { useFundingOverview } from '../api/get-funding-overview.ts';
import { useWallets, type WalletOverview as WalletOverviewData } from '../api/get-wallets.ts';
import { AssetSplit } from './asset-split.tsx';
import { BuyingPowerList } from './buying-power-list.tsx';
import '../wallet.css';

/** "2025-03-14" (the server's date in the user's zone) as DD/MM/YYYY, without passing through UTC. */
function formatIsoDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

function useLocale(): Locale {
  const { i18n } = useTranslation();
  return (i18n.resolvedLanguage as Locale | undefined) ?? currentLocale();
}

function FundingSummary() {
  const { t } = useTranslation();
  const locale = useLocale();
  const overview = useFundingOverview();
  if (overview.isPending) return <ListSkeleton rows={1} />;
  if (overview.isError) {
    return (
      <section className="funding-summary" aria-label={t('wallet.summaryTitle')}>
        <p className="form-note">{t('wallet.loadFailed')}</p>
        <button type="button" className="button button-small button-default" onClick={() => void overview.refetch()}>
          {t('common.retry')}
        </button>
      </section>
    );
  }
  const { assets } = overview.data;
  const profit = formatSignedMoney(assets.todayPnlUsd, locale, 'USD');
  return (
    <>
      <section className="funding-summary" aria-label={t('wallet.summaryTitle')}>
        <p className="funding-summary-label">{t('wallet.totalUsd')}</p>
        <p className="funding-summary-total" data-testid="total-assets">
          {formatMoney(assets.totalAssetsUsd, locale)}
        </p>
        <dl className="funding-summary-details">
          <div>
            <dt>{t('wallet.cash')}</dt>
            <dd>{formatMoney(assets.cashUsd, locale)}</dd>
          </div>
          <div>
            <dt>{t('wallet.positionsValue')}</dt>
            <dd>{formatMoney(assets.positionsUsd, locale)}</dd>
          </div>
        </dl>
        <dl className="funding-summary-details">
          <div>
            <dt>{t('wallet.todayProfit')}</dt>
            <dd className={profit.trend} data-testid="today-pnl">
              {profit.text}
            </dd>
          </div>
          <div>
            <dt>{t('wallet.asOf')}</dt>
            <dd>{formatIsoDate(overview.data.thisDate)}</dd>
          </div>
        </dl>
      </section>
      <AssetSplit assets={assets} locale={locale} />
    </>
  );
}

function QuickAction({ to, icon, label }: { to: string; icon: ReactNode; label: string }) {
  return (
    <li>
      <Link className="quick-action" to={to}>
        <span className="quick-action-icon" aria-hidden="true">
          {icon}
        </span>
        <span className="quick-action-label">{label}</span>
      </Link>
    </li>
  );
}

function WalletRows({ data }: { data: WalletOverviewData }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <ul className="wallet-list">
      {data.wallets.map((wallet) => {
        const symbol = currencySymbolOf(wallet.currency);
        const assets = data.assets.byWallet.find((row) => row.walletType === wallet.walletType);
        const hasPositions = assets !== undefined && assets.positionsValue !== '0.00';
        return (
          <li key={wallet.walletType} className="wallet-row">
            <div className="wallet-row-main">
              <span className="wallet-row-name">{t(walletLabelKey(wallet.walletType))}</span>
              <span className="wallet-row-balance">{formatMoney(assets?.total ?? wallet.balance, locale, symbol)}</span>
            </div>
            <div className="wallet-row-details">
              <span>
                {t('wallet.available')} {formatMoney(wallet.availableBalance, locale, symbol)}
              </span>
              <span>
                {t('wallet.held')} {formatMoney(wallet.usedBalance, locale, symbol)}
              </span>
              {hasPositions ? (
                <span>
                  {t('wallet.positionsValue')} {formatMoney(assets.positionsValue, locale, symbol)}
                </span>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** The Account tab's money section: totals, quick actions, every wallet and the funding menu. */
export function WalletOverview() {
  const { t } = useTranslation();
  const wallets = useWallets();
  const locale = useLocale();
  return (
    <>
      <FundingSummary />
      <nav aria-label={t('wallet.actions')}>
        <ul className="quick-actions">
          <QuickAction to={pagePath('deposit')} icon={<ReceivePaymentOutline />} label={t('wallet.deposit')} />
          <QuickAction to={pagePath('withdrawBank')} icon={<SendOutline />} label={t('wallet.withdraw')} />
          <QuickAction to={pagePath('transfer')} icon={<LoopOutline />} label={t('wallet.transfer')} />
          <QuickAction to={pagePath('statement')} icon={<BillOutline />} label={t('wallet.statement')} />
        </ul>
      </nav>
      <section className="wallet-section" aria-labelledby="wallets-heading">
        <h2 id="wallets-heading" className="section-title">
          {t('wallet.walletsTitle')}
        </h2>
        {wallets.isPending ? (
          <ListSkeleton rows={3} />
        ) : wallets.isError ? (
          <div className="wallet-list-error">
            <p className="form-note">{t('wallet.loadFailed')}</p>
            <button type="button" className="button button-small button-default" onClick={() => void wallets.refetch()}>
              {t('common.retry')}
            </button>
          </div>
        ) : wallets.data.wallets.length === 0 ? (
          <p className="form-note">{t('wallet.noWallets')}</p>
        ) : (
          <WalletRows data={wallets.data} />
        )}
      </section>
      <BuyingPowerList locale={locale} />
      <MenuList label={t('wallet.fundingMenu')}>
        <MenuRow icon={<CollectMoneyOutline />} label={t('funding.recordTitle')} to={pagePath('depositRecord')} />
        <MenuRow icon={<BankcardOutline />} label={t('funding.bankCardsTitle')} to={pagePath('bankCards')} />
        <MenuRow icon={<SystemQRcodeOutline />} label={t('funding.addressesTitle')} to={pagePath('cryptoAddresses')} />
      </MenuList>
    </>
  );
}
