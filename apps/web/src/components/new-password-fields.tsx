import { useTranslation } from '@bolsa/client-kit/i18n';
import { FormField } from './form-field.tsx';

type NewPasswordFieldsProps = {
  /** The first field's label: "Password" when registering, "New password" when changing it. */
  passwordLabel: string;
  password: string;
  confirmPassword: string;
  onPasswordChange: (value: string) => void;
  onConfirmPasswordChange: (value: string) => void;
  passwordError?: string | undefined;
  confirmPasswordError?: string | undefined;
};

/** A new password and its repetition (6 to 20 characters), as registering, resetting and changing it ask. */
export function NewPasswordFields(props: NewPasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <FormField
        label={props.passwordLabel}
        name="password"
        type="password"
        autoComplete="new-password"
        maxLength={20}
        placeholder={t('placeholders.password')}
        value={props.password}
        onValueChange={props.onPasswordChange}
        error={props.passwordError}
      />
      <FormField
        label={t('fields.confirmPassword')}
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        maxLength={20}
        placeholder={t('placeholders.confirmPassword')}
        value={props.confirmPassword}
        onValueChange={props.onConfirmPasswordChange}
        error={props.confirmPasswordError}
      />
    </>
  );
}
