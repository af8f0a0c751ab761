import { useTranslation } from '@bolsa/client-kit/i18n';
import { registerBody } from '@bolsa/contracts';
import type { FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormField } from '../../../components/form-field.tsx';
import { LanguageButton } from '../../../components/language-picker.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { pagePath } from '../../../lib/pages.ts';
import { showToast } from '../../../lib/toast.ts';
import { useForm } from '../../../lib/use-form.ts';
import { useRegister } from '../api/register.ts';
import { SendCodeButton } from '../components/send-code-button.tsx';
import '../auth.css';

type RegisterField = 'email' | 'code' | 'password' | 'confirmPassword' | 'invitationCode';

/** /pages/auth/register: email with an emailed code, password twice, optional invitation code (`?invite=`). */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const form = useForm(registerBody, {
    email: '',
    code: '',
    password: '',
    confirmPassword: '',
    invitationCode: searchParams.get('invite') ?? '',
  });
  const mutation = useRegister();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body) return;
    mutation.mutate(body, {
      onSuccess: () => {
        showToast(t('auth.registerSuccess'), 'success');
        navigate(pagePath('home'), { replace: true });
      },
    });
  };

  const fieldError = (name: RegisterField) => {
    const key = form.errors[name];
    return key ? t(key) : undefined;
  };

  return (
    <>
      <NavBar title={t('auth.registerTitle')} />
      <div className="page-body auth-page">
        <div className="auth-toolbar">
          <LanguageButton />
        </div>
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
            addon={<SendCodeButton email={form.values.email} type="register" onInvalidEmail={(key) => form.setError('email', key)} />}
          />
          <NewPasswordFields
            passwordLabel={t('fields.password')}
            password={form.values.password}
            confirmPassword={form.values.confirmPassword}
            onPasswordChange={(value) => form.setValue('password', value)}
            onConfirmPasswordChange={(value) => form.setValue('confirmPassword', value)}
            passwordError={fieldError('password')}
            confirmPasswordError={fieldError('confirmPassword')}
          />
          <FormField
            label={t('fields.invitationCode')}
            name="invitationCode"
            autoComplete="off"
            maxLength={20}
            hint={t('auth.optional')}
            value={form.values.invitationCode}
            onValueChange={(value) => form.setValue('invitationCode', value)}
            error={fieldError('invitationCode')}
          />
          <button type="submit" className="button button-primary button-block" disabled={mutation.isPending}>
            {t('auth.registerButton')}
          </button>
        </form>
        <div className="auth-links">
          <p>
            {t('auth.haveAccount')} <Link to={pagePath('login')}>{t('auth.toLogin')}</Link>
          </p>
        </div>
      </div>
    </>
  );
}
