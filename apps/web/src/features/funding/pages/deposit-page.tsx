import { useTranslation } from '@bolsa/client-kit/i18n';
import { BankcardOutline, CollectMoneyOutline, SystemQRcodeOutline } from 'antd-mobile-icons';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { MenuList, MenuRow } from '../../../components/menu-list.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { pagePath } from '../../../lib/pages.ts';
import { useDepositMethods } from '../api/get-deposit-methods.ts';
import '../funding.css';

/** /pages/deposit/index: choose how to deposit, from the methods the server offers. */
export function DepositPage() {
  const { t } = useTranslation();
  const methods = useDepositMethods();
  return (
    <>
      <NavBar title={t('funding.depositTitle')} />
      <div className="page-body">
        {methods.isPending ? (
          <ListSkeleton rows={2} />
        ) : methods.isError ? (
          <EmptyState title={t('wallet.loadFailed')}>
            <button type="button" className="button button-primary" onClick={() => void methods.refetch()}>
              {t('common.retry')}
            </button>
          </EmptyState>
        ) : (
          <>
            <p className="form-note section-intro">{t('funding.chooseMethod')}</p>
            <MenuList label={t('funding.chooseMethod')}>
              {methods.data.fiat.currencies.length > 0 ? (
                <MenuRow
                  icon={<BankcardOutline />}
                  label={t('funding.methodFiat')}
                  extra={methods.data.fiat.currencies.map((item) => item.currency).join(' · ')}
                  to={pagePath('depositFiat')}
                />
              ) : null}
              {methods.data.crypto.length > 0 ? (
                <MenuRow
                  icon={<SystemQRcodeOutline />}
                  label={t('funding.methodCrypto')}
                  extra={methods.data.crypto.map((item) => item.network).join(' · ')}
                  to={pagePath('depositCrypto')}
                />
              ) : null}
            </MenuList>
            {methods.data.fiat.currencies.length === 0 && methods.data.crypto.length === 0 ? (
              <EmptyState title={t('funding.noMethods')} />
            ) : null}
            <MenuList>
              <MenuRow icon={<CollectMoneyOutline />} label={t('funding.recordTitle')} to={pagePath('depositRecord')} />
            </MenuList>
          </>
        )}
      </div>
    </>
  );
}
