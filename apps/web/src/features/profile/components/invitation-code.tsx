import { useTranslation } from '@bolsa/client-kit/i18n';
import { copyText } from '../../../lib/clipboard.ts';
import { showToast } from '../../../lib/toast.ts';
import '../profile.css';

export function InvitationCode({ code }: { code: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    const isCopied = await copyText(code);
    showToast(isCopied ? t('common.copySuccess') : t('common.copyFailed'), isCopied ? 'success' : 'fail');
  };
  return (
    <div className="invitation-code">
      <span className="invitation-code-label">{t('fields.invitationCode')}</span>
      <span className="invitation-code-value">{code}</span>
      <button
        type="button"
        className="button button-small button-default"
        onClick={() => void copy()}
        aria-label={t('profile.copyInvitationCode')}
      >
        {t('common.copy')}
      </button>
    </div>
  );
}
