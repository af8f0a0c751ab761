import { useTranslation } from 'react-i18next';
import { showToast } from '../../../lib/toast.ts';

/** Copies with the Clipboard API, falling back to a hidden textarea where it is unavailable (plain http). */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Fall through to the older way below.
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.appendChild(area);
  area.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    area.remove();
  }
}

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
