import { useTranslation } from '@bolsa/client-kit/i18n';
import type { OwnSession } from '@bolsa/contracts';
import { Dialog } from 'antd-mobile';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { useLogout } from '../../../lib/auth/logout.ts';
import { formatDate } from '../../../lib/format.ts';
import { showError, showToast } from '../../../lib/toast.ts';
import { useSessionEnding, useSessions } from '../api/two-factor-api.ts';
import '../two-factor.css';

/**
 * /pages/setting/devices: where the account is signed in (the browser, the address each session signed in
 * from, its last use); end one, this one (which logs out), or every other.
 */
export function DevicesPage() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const { endOne, endOthers } = useSessionEnding();
  const logout = useLogout();
  const others = sessions.data?.filter((session) => !session.isCurrent) ?? [];

  const end = (session: OwnSession) => {
    if (session.isCurrent) return logout();
    endOne.mutate(session.id, { onSuccess: () => showToast(t('twoFactor.sessionEnded'), 'success'), onError: showError });
  };
  const endAllOthers = async () => {
    const isConfirmed = await Dialog.confirm({
      content: t('twoFactor.endOthersConfirm'),
      confirmText: t('twoFactor.endOthers'),
      cancelText: t('common.cancel'),
    });
    if (!isConfirmed) return;
    endOthers.mutate(undefined, {
      onSuccess: (answer) => showToast(t('twoFactor.endedOthers', { count: answer.ended }), 'success'),
      onError: showError,
    });
  };

  return (
    <>
      <NavBar title={t('twoFactor.devicesTitle')} />
      <div className="page-body">
        <p className="form-note">{t('twoFactor.devicesIntro')}</p>
        {sessions.isPending ? <ListSkeleton /> : null}
        <ul className="two-factor-sessions" data-testid="sessions">
          {sessions.data?.map((session) => (
            <li key={session.id} className="two-factor-session">
              <div className="two-factor-session-info">
                <strong>
                  {session.browser ?? t('twoFactor.unknownBrowser')}
                  {session.isCurrent ? <span className="two-factor-tag">{t('twoFactor.thisDevice')}</span> : null}
                </strong>
                <span>{t('twoFactor.address', { address: session.ipAddress ?? '—' })}</span>
                <span>{t('twoFactor.lastUsed', { time: formatDate(session.lastSeenTimestamp) })}</span>
              </div>
              <button type="button" className="button button-small button-default" onClick={() => end(session)} disabled={endOne.isPending}>
                {session.isCurrent ? t('twoFactor.endThisSession') : t('twoFactor.endSession')}
              </button>
            </li>
          ))}
        </ul>
        {others.length > 0 ? (
          <button
            type="button"
            className="button button-danger button-block"
            onClick={() => void endAllOthers()}
            disabled={endOthers.isPending}
          >
            {t('twoFactor.endOthers')}
          </button>
        ) : null}
      </div>
    </>
  );
}
