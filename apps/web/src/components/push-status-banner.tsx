import { useTranslation } from '@bolsa/client-kit/i18n';
import { pushClient, usePushStatus } from '../lib/push-client.ts';
import './push-status-banner.css';

/** Says when live prices stopped arriving; tapping retries the connection at once. */
export function PushStatusBanner() {
  const { t } = useTranslation();
  const status = usePushStatus();
  if (status !== 'timed-out') return null;
  return (
    <button type="button" className="push-banner" onClick={() => pushClient().retry()}>
      {t('quote.connectionTimedOut')}
    </button>
  );
}
