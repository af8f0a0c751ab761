import { UserAddOutlined } from '@ant-design/icons';
import { useTranslation } from '@bolsa/client-kit/i18n';
import { OPERATOR_PASSWORD_LENGTH_MIN, type OperatorRole, operatorRoles } from '@bolsa/contracts';
import { Alert, Button, Form, Input, Modal, Select, Table } from 'antd';
import { useState } from 'react';
import { PageTitle } from '../../../components/page-title.tsx';
import { ToneTag } from '../../../components/tone-tag.tsx';
import { showSuccess } from '../../../lib/feedback.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { type CreateOperatorInput, type OperatorRecord, useCreateOperator, useOperators } from '../api/operators.ts';

/** The operators and their roles; an admin adds one with a role (audited). */
export function OperatorsPage() {
  const { t } = useTranslation();
  const operators = useOperators();
  const create = useCreateOperator();
  const [isCreating, setCreating] = useState(false);
  const [form] = Form.useForm<CreateOperatorInput>();
  return (
    <>
      <PageTitle
        title={t('nav.operators')}
        extra={
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => setCreating(true)}>
            {t('operators.add')}
          </Button>
        }
      />
      {operators.isError ? <Alert type="error" showIcon title={operators.error.message} style={{ marginBottom: 16 }} /> : null}
      <Table<OperatorRecord>
        rowKey="id"
        loading={operators.isLoading}
        dataSource={operators.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('operators.id'), dataIndex: 'id' },
          { title: t('auth.email'), dataIndex: 'email' },
          {
            title: t('dashboard.role'),
            dataIndex: 'role',
            render: (role: OperatorRole) => <ToneTag tone="blue">{t(`roles.${role}`)}</ToneTag>,
          },
          {
            title: t('operators.twoFactor'),
            dataIndex: 'isTotpEnabled',
            render: (isOn: boolean) =>
              isOn ? <ToneTag tone="green">{t('operators.on')}</ToneTag> : <ToneTag tone="default">{t('operators.off')}</ToneTag>,
          },
          { title: t('operators.createdAt'), dataIndex: 'createdAtTimestamp', render: (value: number) => formatDateTime(value) },
        ]}
      />
      <Modal
        open={isCreating}
        title={t('operators.add')}
        okText={t('operators.create')}
        cancelText={t('common.cancel')}
        okButtonProps={{ loading: create.isPending, htmlType: 'submit' }}
        onCancel={() => setCreating(false)}
        destroyOnHidden
        modalRender={(content) => (
          <Form<CreateOperatorInput>
            form={form}
            layout="vertical"
            initialValues={{ role: 'reviewer' }}
            clearOnDestroy
            onFinish={(values) =>
              create.mutate(values, {
                onSuccess: (created) => {
                  showSuccess(t('operators.created', { email: created.email }));
                  setCreating(false);
                },
              })
            }
          >
            {content}
          </Form>
        )}
      >
        <Form.Item name="email" label={t('auth.email')} rules={[{ required: true, type: 'email', message: t('auth.emailRequired') }]}>
          <Input autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('operators.initialPassword')}
          rules={[
            {
              required: true,
              min: OPERATOR_PASSWORD_LENGTH_MIN,
              message: t('operators.passwordTooShort', { count: OPERATOR_PASSWORD_LENGTH_MIN }),
            },
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="role" label={t('dashboard.role')} rules={[{ required: true }]}>
          <Select options={operatorRoles.map((role) => ({ value: role, label: t(`roles.${role}`) }))} />
        </Form.Item>
      </Modal>
    </>
  );
}
