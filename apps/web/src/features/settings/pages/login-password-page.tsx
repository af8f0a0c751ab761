import { useTranslation } from '@bolsa/client-kit/i18n';
import { updatePasswordBody } from '@bolsa/contracts';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FormField } from '../../../components/form-field.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { NewPasswordFields } from '../../../components/new-password-fields.tsx';
import { hasHistory } from '../../../lib/navigation.ts';
import { pagePath } from '../../../lib/pages.ts';
import { showToast } from '../../../lib/toast.ts';
import { useForm } from '../../../lib/use-form.ts';
import { useUpdatePassword } from '../api/update-password.ts';

type Field = 'oldPassword' | 'password' | 'confirmPassword';

/** /pages/setting/loginpwd: current, new and repeated password. Other sessions end; this one stays. */
export function LoginPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm(updatePasswordBody, { oldPassword: '', password: '', confirmPassword: '' });
  const mutation = useUpdatePassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = form.validate();
    if (!body) return;
    mutation.mutate(body, {
      onSuccess: () => {
        showToast(t('settings.passwordChanged'), 'success');
        if (hasHistory()) navigate(-1);
        else navigate(pagePath('security'), { replace: true });
      },
    });
  };

  const fieldError = (name: Field) => {
    const key = form.errors[name];
    return key ? t(key) : undefined;
  };

  return (
    <>
      <NavBar title={t('settings.loginPassword')} />
      <div className="page-body">
        <form className="form" onSubmit={submit} noValidate>
          <FormField
            label={t('fields.oldPassword')}
            name="oldPassword"
            type="password"
            autoComplete="current-password"
            value={form.values.oldPassword}
            onValueChange={(value) => form.setValue('oldPassword', value)}
            error={fieldError('oldPassword')}
          />
          <NewPasswordFields
            passwordLabel={t('settings.newPassword')}
            password={form.values.password}
            confirmPassword={form.values.confirmPassword}
            onPasswordChange={(value) => form.setValue('password', value)}
            onConfirmPasswordChange={(value) => form.setValue('confirmPassword', value)}
            passwordError={fieldError('password')}
            confirmPasswordError={fieldError('confirmPassword')}
          />
          <p className="form-note">{t('settings.otherSessionsNote')}</p>
          <button type="submit" className="button button-primary button-block" disabled={mutation.isPending}>
            {t('common.save')}
          </button>
        </form>
      </div>
    </>
  );
}
