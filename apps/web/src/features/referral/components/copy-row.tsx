import { useTranslation } from '@bolsa/client-kit/i18n';
import { copyText } from '../../../lib/clipboard.ts';
import { showToast } from '../../../lib/toast.ts';

/** A label, a value and a copy button that says "Copy Success" (spec §8) or that it failed. */
export function CopyRow({ label, value, copyLabel, testId }: { label: string; value: string; copyLabel: string; testId: string }) {
  const { t } = useTranslation();
  const copy = async () => {
    const isCopied = await copyText(value);
    showToast(isCopied ? t('common.copySuccess') : t('common.copyFailed'), isCopied ? 'success' : 'fail');
  };
  return (
    <div className="referral-copy-row">
      <div className="referral-copy-text">
        <span className="referral-label">{label}</span>
        <span className="referral-value" data-testid={testId}>
          {value}
        </span>
      </div>
      <button type="button" className="button button-small button-default" onClick={() => void copy()} aria-label={copyLabel}>
        {t('common.copy')}
      </button>
    </div>
  );
}
