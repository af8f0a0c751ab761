import { useTranslation } from '@bolsa/client-kit/i18n';
import { Form, Input } from 'antd';

/** The six digits of an authenticator code, with the one-time-code autofill hint. */
export function TotpCodeField({ name = 'code', autoFocus = false }: { name?: string; autoFocus?: boolean }) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={t('security.code')} rules={[{ required: true, pattern: /^\d{6}$/, message: t('security.codeInvalid') }]}>
      <Input inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus={autoFocus} style={{ maxWidth: 160 }} />
    </Form.Item>
  );
}
