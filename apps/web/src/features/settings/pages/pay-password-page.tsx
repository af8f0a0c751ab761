import { useTranslation } from '@bolsa/client-kit/i18n';
import { settingPayPasswordBody, updatePayPasswordBody } from '@bolsa/contracts';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useSecondFactor } from '../../../components/ask-otp-code.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { useUserInfo } from '../../../lib/auth/get-user-info.ts';
import { hasHistory } from '../../../lib/navigation.ts';
import { pagePath } from '../../../lib/pages.ts';
import { showToast } from '../../../lib/toast.ts';
import { useForm } from '../../../lib/use-form.ts';
import { useSettingPayPassword } from '../api/setting-pay-password.ts';
import { useUpdatePayPassword } from '../api/update-pay-password.ts';

type Field = 'oldPayPassword' | 'payPassword' | 'confirmPayPassword';

/** Six digits, typed on a number pad. */
const pinInputProps = { type: 'password', inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6, autoComplete: 'off' } as const;

/**
 * /pages/setting/paypwd: with a transaction password already set, the current one plus the new one
 * twice (updatePayPassword); otherwise only the new one twice (settingPayPassword).
 */
export function PayPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: user } = useUserInfo();
  const hasPayPassword = user?.hasPayPassword === true;
  const updateForm = useForm(updatePayPasswordBody, { oldPayPassword: '', payPassword: '', confirmPayPassword: '' });
  const settingForm = useForm(settingPayPasswordBody, { payPassword: '', confirmPayPassword: '' });
  const updateMutation = useUpdatePayPassword();
  const settingMutation = useSettingPayPassword();
  const askSecondFactor = useSecondFactor();

  const onSuccess = () => {
    showToast(t('settings.payPasswordSaved'), 'success');
    if (hasHistory()) navigate(-1);
    else navigate(pagePath('security'), { replace: true });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (hasPayPassword) {
      const body = updateForm.validate();
      if (!body) return;
      // With two-factor on, changing the transaction password also asks for the code (issue 25 §1).
      const secondFactor = await askSecondFactor();
      if (secondFactor) updateMutation.mutate({ ...body, ...secondFactor }, { onSuccess });
    } else {
      const body = settingForm.validate();
      if (body) settingMutation.mutate(body, { onSuccess });
    }
  };

  const errors: Partial<Record<Field, string>> = hasPayPassword ? updateForm.errors : settingForm.errors;
  const values: Record<Field, string> = hasPayPassword ? updateForm.values : { ...settingForm.values, oldPayPassword: '' };
  const setValue = (name: Field, value: string) => {
    const digits = value.replace(/\D/g, '').slice(0, 6);
    if (hasPayPassword) updateForm.setValue(name, digits);
    else if (name !== 'oldPayPassword') settingForm.setValue(name, digits);
  };
  const fieldError = (name: Field) => {
    const key = errors[name];
    return key ? t(key) : undefined;
  };
  const isPending = updateMutation.isPending || settingMutation.isPending;

  return (
    <>
      <NavBar title={hasPayPassword ? t('settings.payPasswordChangeTitle') : t('settings.payPasswordSetTitle')} />
      <div className="page-body">
        <form className="form" onSubmit={(event) => void submit(event)} noValidate>
          {hasPayPassword ? (
            <FormField
              {...pinInputProps}
              label={t('fields.oldPayPassword')}
              name="oldPayPassword"
              value={values.oldPayPassword}
              onValueChange={(value) => setValue('oldPayPassword', value)}
              error={fieldError('oldPayPassword')}
            />
          ) : null}
          <FormField
            {...pinInputProps}
            label={hasPayPassword ? t('settings.newPayPassword') : t('fields.payPassword')}
            name="payPassword"
            placeholder={t('placeholders.payPassword')}
            value={values.payPassword}
            onValueChange={(value) => setValue('payPassword', value)}
            error={fieldError('payPassword')}
          />
          <FormField
            {...pinInputProps}
            label={t('fields.confirmPayPassword')}
            name="confirmPayPassword"
            placeholder={t('placeholders.payPassword')}
            value={values.confirmPayPassword}
            onValueChange={(value) => setValue('confirmPayPassword', value)}
            error={fieldError('confirmPayPassword')}
          />
          <button type="submit" className="button button-primary button-block" disabled={isPending}>
            {t('common.save')}
          </button>
        </form>
      </div>
    </>
  );
}
