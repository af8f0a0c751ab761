import { useTranslation } from '@bolsa/client-kit/i18n';
import { EMAIL_CODE_RESEND_INTERVAL_MS, type EmailCodePurpose, emailSchema } from '@bolsa/contracts';
import { useEffect, useState } from 'react';
import { showToast } from '../../../lib/toast.ts';
import { useGetEmailCode } from '../api/get-email-code.ts';

type SendCodeButtonProps = {
  email: string;
  type: EmailCodePurpose;
  /** Called with an i18n key when the email is not valid, so the form can show it under the field. */
  onInvalidEmail: (messageKey: string) => void;
};

const RESEND_SECONDS_DEFAULT = EMAIL_CODE_RESEND_INTERVAL_MS / 1000;

/** "Send code": asks the server to mail a code, then counts down before it can be asked again. */
export function SendCodeButton({ email, type, onInvalidEmail }: SendCodeButtonProps) {
  const { t } = useTranslation();
  const mutation = useGetEmailCode();
  const [secondsLeft, setSecondsLeft] = useState(0);

  useEffect(() => {
    if (secondsLeft <= 0) return;
    const timer = window.setTimeout(() => setSecondsLeft((value) => value - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [secondsLeft]);

  const send = () => {
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      onInvalidEmail(parsed.error.issues[0]?.message ?? 'validation.email');
      return;
    }
    mutation.mutate(
      { email: parsed.data, type },
      {
        onSuccess: (result) => {
          showToast(t('common.sendSuccess'), 'success');
          setSecondsLeft(result?.resendAfterSeconds > 0 ? result.resendAfterSeconds : RESEND_SECONDS_DEFAULT);
        },
      },
    );
  };

  const isCounting = secondsLeft > 0;
  return (
    <button type="button" className="send-code-button" onClick={send} disabled={isCounting || mutation.isPending}>
      {isCounting ? t('auth.resendIn', { seconds: secondsLeft }) : t('auth.sendCode')}
    </button>
  );
}
