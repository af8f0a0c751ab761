import { useTranslation } from '@bolsa/client-kit/i18n';
import { FileOutline, QuestionCircleOutline, SoundOutline, UnorderedListOutline } from 'antd-mobile-icons';
import { MenuList, MenuRow } from '../../../components/menu-list.tsx';
import { webviewRouteOf } from '../../../lib/navigation.ts';
import { pagePath } from '../../../lib/pages.ts';

/** The Account tab's rows to notices and the app's own pages (help, terms, privacy). */
export function ContentMenuRows() {
  const { t } = useTranslation();
  return (
    <MenuList>
      <MenuRow icon={<SoundOutline />} label={t('content.noticesTitle')} to={pagePath('notices')} />
      <MenuRow icon={<QuestionCircleOutline />} label={t('content.pages.help.title')} to={webviewRouteOf('help')} />
      <MenuRow icon={<UnorderedListOutline />} label={t('content.pages.terms.title')} to={webviewRouteOf('terms')} />
      <MenuRow icon={<FileOutline />} label={t('content.pages.privacy.title')} to={webviewRouteOf('privacy')} />
    </MenuList>
  );
}
