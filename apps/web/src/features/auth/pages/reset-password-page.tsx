import { useTranslation } from '@bolsa/client-kit/i18n';
import { resetPasswordBody } from '@bolsa/contracts';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormField } from '../../../components/form-field.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { pagePath } from '../../../lib/pages.ts';
import { showToast } from '../../../lib/toast.ts';
import { useForm } from '../../../lib/use-form.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { SendCodeButton } from '../components/send-code-button.tsx';
import '../auth.css';

type ResetField = 'email' | 'code' | 'password' | 'confirmPassword';

/** /pages/auth/resetpwd: email, emailed code, new password twice; then back to login. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm(resetPasswordBody, { email: '', code: '', password: '', confirmPassword: '' });
  const mutation = useResetPassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body) return;
    mutation.mutate(body, {
      onSuccess: () => {
        showToast(t('auth.resetSuccess'), 'success');
        navigate(pagePath('login'), { replace: true });
      },
    });
  };

  const fieldError = (name: ResetField) => {
    const key = form.errors[name];
    return key ? t(key) : undefined;
  };

  return (
    <>
      <NavBar title={t('auth.resetTitle')} />
      <div className="page-body auth-page">
        <p className="auth-welcome">{t('auth.resetIntro')}</p>
        <form className="form" onSubmit={submit} noValidate>
          <FormField
            label={t('fields.email')}
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder={t('placeholders.email')}
            value={form.values.email}
            onValueChange={(value) => form.setValue('email', value)}
            error={fieldError('email')}
          />
          <FormField
            label={t('fields.code')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder={t('placeholders.code')}
            value={form.values.code}
            onValueChange={(value) => form.setValue('code', value)}
            error={fieldError('code')}
            addon={<SendCodeButton email={form.values.email} type="resetPassword" onInvalidEmail={(key) => form.setError('email', key)} />}
          />
          <NewPasswordFields
            passwordLabel={t('auth.newPassword')}
            password={form.values.password}
            confirmPassword={form.values.confirmPassword}
            onPasswordChange={(value) => form.setValue('password', value)}
            onConfirmPasswordChange={(value) => form.setValue('confirmPassword', value)}
            passwordError={fieldError('password')}
            confirmPasswordError={fieldError('confirmPassword')}
          />
          <button type="submit" className="button button-primary button-block" disabled={mutation.isPending}>
            {t('auth.resetButton')}
          </button>
        </form>
        <div className="auth-links">
          <Link to={pagePath('login')}>{t('auth.backToLogin')}</Link>
        </div>
      </div>
    </>
  );
}
