import { loadFeatureMessages, useTranslation } from '@bolsa/client-kit/i18n';
import { loginBody } from '@bolsa/contracts';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { FormField } from '../../../components/form-field.tsx';
import { LanguageButton } from '../../../components/language-picker.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { safeRedirect } from '../../../lib/navigation.ts';
import { pagePath } from '../../../lib/pages.ts';
import { showError } from '../../../lib/toast.ts';
import { useForm } from '../../../lib/use-form.ts';
import { useLogin } from '../api/login.ts';
import { LoginSecondStep } from '../components/login-second-step.tsx';
import { twoFactorMessages } from '../two-factor-messages.ts';
import '../auth.css';

/**
 * /pages/auth/login: email and password; `?redirect=` brings the user back where a guard stopped them. With
 * two-factor on, a second step asks for the code (its strings load only then, keeping the first screen small).
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const form = useForm(loginBody, { username: '', password: '' });
  const mutation = useLogin();
  const [challenge, setChallenge] = useState<string | null>(null);
  const enter = () => navigate(safeRedirect(searchParams.get('redirect')) ?? pagePath('home'), { replace: true });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body) return;
    mutation.mutate(body, {
      onSuccess: (result) => {
        if ('token' in result) return enter();
        void loadFeatureMessages(twoFactorMessages).then(() => setChallenge(result.secondFactor.challenge), showError);
      },
    });
  };

  const fieldError = (name: 'username' | 'password') => (form.errors[name] ? t(form.errors[name]) : undefined);

  return (
    <>
      <NavBar title={t('auth.loginTitle')} />
      <div className="page-body auth-page">
        <div className="auth-toolbar">
          <LanguageButton />
        </div>
        {challenge !== null ? (
          <LoginSecondStep challenge={challenge} onDone={enter} onBack={() => setChallenge(null)} />
        ) : (
          <>
            <p className="auth-welcome">{t('auth.loginWelcome')}</p>
            <form className="form" onSubmit={submit} noValidate>
              <FormField
                label={t('fields.email')}
                name="username"
                type="email"
                inputMode="email"
                autoComplete="username"
                placeholder={t('placeholders.email')}
                value={form.values.username}
                onValueChange={(value) => form.setValue('username', value)}
                error={fieldError('username')}
              />
              <FormField
                label={t('fields.password')}
                name="password"
                type="password"
                autoComplete="current-password"
                placeholder={t('placeholders.password')}
                value={form.values.password}
                onValueChange={(value) => form.setValue('password', value)}
                error={fieldError('password')}
              />
              <button type="submit" className="button button-primary button-block" disabled={mutation.isPending}>
                {t('auth.loginButton')}
              </button>
            </form>
          </>
        )}
        <div className="auth-links">
          <Link to={pagePath('resetPassword')}>{t('auth.forgotPassword')}</Link>
          <p>
            {t('auth.noAccount')} <Link to={pagePath('register')}>{t('auth.toRegister')}</Link>
          </p>
        </div>
      </div>
    </>
  );
}
