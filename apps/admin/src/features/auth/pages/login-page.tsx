import { Button, Card, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { LanguageSelect } from '../../../components/language-select.tsx';
import { saveOperatorSession, useOperator } from '../../../lib/session-store.ts';
import { type LoginInput, useLogin } from '../api/login.ts';

/** Email and password; a signed-in operator goes straight to the dashboard. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const operator = useOperator();
  const login = useLogin();
  if (operator) return <Navigate to="/dashboard" replace />;

  const submit = (values: LoginInput) => {
    login.mutate(values, {
      onSuccess: (result) => {
        saveOperatorSession(result.token, {
          id: result.operator.id,
          email: result.operator.email,
          role: result.operator.role as never,
        });
        void navigate('/dashboard', { replace: true });
      },
    });
  };

  return (
    <main className="login-screen">
      <Card className="login-card">
        <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
          <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
            {t('auth.title')}
          </Typography.Title>
          <LanguageSelect />
        </Flex>
        <Form<LoginInput> layout="vertical" onFinish={submit} requiredMark={false} disabled={login.isPending}>
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
      </Card>
    </main>
  );
}
