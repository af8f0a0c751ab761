import { useTranslation } from '@bolsa/client-kit/i18n';
import { CheckShieldOutline } from 'antd-mobile-icons';
import { MenuList, MenuRow } from '../../../components/menu-list.tsx';
import { pagePath } from '../../../lib/pages.ts';
import { useKycState } from '../api/get-kyc-state.ts';

/** The Account tab's identity row: where verification stands, one tap from the verification page. */
export function KycMenuRow() {
  const { t } = useTranslation();
  const state = useKycState();
  const status = state.data?.status;
  return (
    <MenuList>
      <MenuRow
        icon={<CheckShieldOutline />}
        label={t('kyc.title')}
        to={pagePath('kyc')}
        extra={status ? <span className={`kyc-status kyc-status-${status}`}>{t(`kyc.status.${status}`)}</span> : null}
      />
    </MenuList>
  );
}
