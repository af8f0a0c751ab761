import { useTranslation } from '@bolsa/client-kit/i18n';
import { MailOutline } from 'antd-mobile-icons';
import { MenuList, MenuRow } from '../../../components/menu-list.tsx';
import { pagePath } from '../../../lib/pages.ts';
import { useMessages } from '../api/get-messages.ts';
import '../messages.css';

/** The Account tab's inbox row, with the number of unread messages. */
export function MessagesMenuRow() {
  const { t } = useTranslation();
  const inbox = useMessages();
  const unread = inbox.data?.unreadCount ?? 0;
  return (
    <MenuList>
      <MenuRow
        icon={<MailOutline />}
        label={t('messages.title')}
        to={pagePath('messages')}
        extra={unread > 0 ? <span className="unread-badge">{t('messages.unread', { count: unread })}</span> : null}
      />
    </MenuList>
  );
}
