import { useTranslation } from '@bolsa/client-kit/i18n';
import { type FormEvent, useState } from 'react';
import { OtpCodeField } from '../../../components/otp-code-field.tsx';
import { showError } from '../../../lib/toast.ts';
import { useVerifyLogin } from '../api/login.ts';

/**
 * The second step of a sign-in with two-factor on: the code from the app (or a recovery code) against the
 * challenge the password step answered. Its strings come with the two-factor catalogue, loaded before it shows.
 */
export function LoginSecondStep({ challenge, onDone, onBack }: { challenge: string; onDone: () => void; onBack: () => void }) {
  const { t } = useTranslation();
  const [otpCode, setOtpCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const mutation = useVerifyLogin();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = otpCode.replace(/\s+/g, '');
    if (!/^(\d{6}|[a-zA-Z2-7]{5}-?[a-zA-Z2-7]{5})$/.test(code)) {
      setError(t('twoFactor.codeFormat'));
      return;
    }
    setError(undefined);
    mutation.mutate({ challenge, otpCode: code }, { onSuccess: onDone, onError: showError });
  };
  return (
    <form className="form" onSubmit={submit} noValidate>
      <p className="form-note">{t('twoFactor.loginStepHint')}</p>
      <OtpCodeField value={otpCode} onValueChange={setOtpCode} error={error} />
      <button type="submit" className="button button-primary button-block" disabled={mutation.isPending}>
        {t('twoFactor.verify')}
      </button>
      <button type="button" className="button button-default button-block" onClick={onBack}>
        {t('twoFactor.backToPassword')}
      </button>
    </form>
  );
}
