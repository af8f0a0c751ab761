import { useTranslation } from '@bolsa/client-kit/i18n';
import { FormField } from './form-field.tsx';

/** The code input: six digits from the app, or a recovery code (letters and a dash), so a plain text field. */
export function OtpCodeField({ value, onValueChange, error }: { value: string; onValueChange: (value: string) => void; error?: string }) {
  const { t } = useTranslation();
  return (
    <FormField
      label={t('twoFactor.codeLabel')}
      name="otpCode"
      inputMode="text"
      autoComplete="one-time-code"
      autoCapitalize="off"
      spellCheck={false}
      maxLength={11}
      placeholder="123456"
      hint={t('twoFactor.askHint')}
      value={value}
      onValueChange={onValueChange}
      error={error}
    />
  );
}
