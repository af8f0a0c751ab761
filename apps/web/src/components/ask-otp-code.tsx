import '../lib/antd-mobile-setup.ts';
import { useTranslation } from '@bolsa/client-kit/i18n';
import { Dialog } from 'antd-mobile';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useUserInfo } from '../lib/auth/get-user-info.ts';
import { OtpCodeField } from './otp-code-field.tsx';

function PromptField({ onChange }: { onChange: (value: string) => void }) {
  const [value, setValue] = useState('');
  return (
    <OtpCodeField
      value={value}
      onValueChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

/** Asks for the second-factor code in a dialog; undefined when the person cancels or types nothing. */
export async function askOtpCode(t: TFunction): Promise<string | undefined> {
  const typed = { value: '' };
  const isConfirmed = await Dialog.confirm({
    title: t('twoFactor.askTitle'),
    content: (
      <PromptField
        onChange={(value) => {
          typed.value = value;
        }}
      />
    ),
    confirmText: t('twoFactor.verify'),
    cancelText: t('common.cancel'),
  });
  const code = typed.value.replace(/\s+/g, '');
  return isConfirmed && code ? code : undefined;
}

/**
 * What an action that moves or redirects money adds to its request: nothing with two-factor off, the code
 * asked for with it on, or null when the person cancelled (then nothing is sent).
 */
export function useSecondFactor(): () => Promise<{ otpCode?: string } | null> {
  const { t } = useTranslation();
  const { data: user } = useUserInfo();
  const isOn = user?.hasTwoFactor === true;
  return async () => {
    if (!isOn) return {};
    const otpCode = await askOtpCode(t);
    return otpCode ? { otpCode } : null;
  };
}
