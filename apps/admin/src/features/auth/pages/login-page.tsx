import { useTranslation } from '@bolsa/client-kit/i18n';
import { resultCodes } from '@bolsa/contracts';
import { Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { LanguageSelect } from '../../../components/language-select.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { saveOperatorSession, useOperator } from '../../../lib/session-store.ts';
import { type LoginInput, useLogin } from '../api/login.ts';
import { TotpCodeField } from '../components/totp-code-field.tsx';

/**
 * Email and password; an operator with two-factor sign-in then gives the authenticator's code (the
 * server answers "code required" without a session until it has it). A signed-in operator goes
 * straight to the dashboard.
 */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const operator = useOperator();
  const login = useLogin();
  const [credentials, setCredentials] = useState<{ email: string; password: string }>();
  if (operator) return <Navigate to="/dashboard" replace />;

  const submit = (input: LoginInput) => {
    login.mutate(input, {
      onSuccess: (result) => {
        saveOperatorSession(result.token, { id: result.operator.id, email: result.operator.email, role: result.operator.role });
        void navigate('/dashboard', { replace: true });
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === resultCodes.OPERATOR_TOTP_REQUIRED.code)
          setCredentials({ email: input.email, password: input.password });
      },
    });
  };

  return (
    <main className="login-screen">
      <Card className="login-card">
        <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 16 }}>
          <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
            {t('auth.title')}
          </Typography.Title>
          <LanguageSelect />
        </Flex>
        {credentials ? (
          <Form<{ code: string }>
            key="code"
            layout="vertical"
            requiredMark={false}
            disabled={login.isPending}
            onFinish={({ code }) => submit({ ...credentials, totpCode: code })}
          >
            <Typography.Paragraph>{t('auth.codeExplanation', { email: credentials.email })}</Typography.Paragraph>
            <TotpCodeField autoFocus />
            <Flex gap={8}>
              <Button onClick={() => setCredentials(undefined)}>{t('common.back')}</Button>
              <Button type="primary" htmlType="submit" block loading={login.isPending}>
                {t('auth.verify')}
              </Button>
            </Flex>
          </Form>
        ) : (
          <Form<LoginInput> key="password" layout="vertical" onFinish={submit} requiredMark={false} disabled={login.isPending}>
            <Form.Item label={t('auth.email')} name="email" rules={[{ required: true, type: 'email', message: t('auth.emailRequired') }]}>
              <Input autoComplete="username" inputMode="email" autoFocus />
            </Form.Item>
            <Form.Item label={t('auth.password')} name="password" rules={[{ required: true, message: t('auth.passwordRequired') }]}>
              <Input.Password autoComplete="current-password" />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={login.isPending}>
              {t('auth.login')}
            </Button>
          </Form>
        )}
      </Card>
    </main>
  );
}
