import { useTranslation } from '@bolsa/client-kit/i18n';
import { receivingCurrencies } from '@bolsa/contracts';
import { Button, Card, Form, Input, Modal, Select, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { PageTitle } from '../../../components/page-title.tsx';
import {
  type ReceivingAccount,
  type ReceivingAccountInput,
  useReceivingAccounts,
  useSaveReceivingAccount,
} from '../api/receiving-accounts.ts';

const optionalFields = ['accountNumber', 'cbu', 'alias', 'iban', 'swift'] as const;

/** The form of one account: new (no `editing`) or an edit of `editing`. */
function AccountForm({ editing, onDone }: { editing: ReceivingAccount | null; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ReceivingAccountInput>();
  const save = useSaveReceivingAccount();
  const initial = editing
    ? {
        ...editing,
        ...Object.fromEntries(optionalFields.map((field) => [field, editing[field] ?? ''])),
      }
    : { currency: 'USD', isActive: true };
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={initial}
      onFinish={(values) =>
        save
          .mutateAsync({ ...values, ...(editing ? { id: editing.id } : {}) })
          .then(onDone)
          .catch(() => undefined)
      }
    >
      <Form.Item name="currency" label={t('receivingAccounts.currency')}>
        <Select options={receivingCurrencies.map((currency) => ({ value: currency, label: currency }))} />
      </Form.Item>
      <Form.Item name="beneficiary" label={t('receivingAccounts.beneficiary')} rules={[{ required: true, whitespace: true, max: 120 }]}>
        <Input maxLength={120} />
      </Form.Item>
      <Form.Item name="bankName" label={t('receivingAccounts.bankName')} rules={[{ required: true, whitespace: true, max: 120 }]}>
        <Input maxLength={120} />
      </Form.Item>
      {optionalFields.map((field) => (
        <Form.Item key={field} name={field} label={t(`receivingAccounts.${field}`)}>
          <Input />
        </Form.Item>
      ))}
      <Form.Item name="isActive" label={t('receivingAccounts.isActive')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <p>{t('receivingAccounts.oneNumberNeeded')}</p>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('receivingAccounts.save')}
      </Button>
    </Form>
  );
}

/** Where users send bank deposits, per currency (issue 15 §4): the deposit page shows the active ones. */
export function ReceivingAccountsPage() {
  const { t } = useTranslation();
  const accounts = useReceivingAccounts();
  const [editing, setEditing] = useState<ReceivingAccount | null | undefined>(undefined);
  return (
    <>
      <PageTitle title={t('nav.receivingAccounts')} />
      <Card style={{ marginBottom: 16 }}>
        <p>{t('receivingAccounts.intro')}</p>
        <Button type="primary" onClick={() => setEditing(null)}>
          {t('receivingAccounts.add')}
        </Button>
      </Card>
      <Table<ReceivingAccount>
        rowKey="id"
        scroll={{ x: 'max-content' }}
        loading={accounts.isFetching}
        dataSource={accounts.data ?? []}
        pagination={false}
        columns={[
          { title: t('receivingAccounts.currency'), dataIndex: 'currency' },
          { title: t('receivingAccounts.beneficiary'), dataIndex: 'beneficiary' },
          { title: t('receivingAccounts.bankName'), dataIndex: 'bankName' },
          {
            title: t('receivingAccounts.numbers'),
            key: 'numbers',
            render: (_value, row) =>
              optionalFields
                .filter((field) => row[field])
                .map((field) => `${t(`receivingAccounts.${field}`)}: ${row[field]}`)
                .join(' · '),
          },
          {
            title: t('receivingAccounts.isActive'),
            key: 'state',
            render: (_value, row) => (
              <>
                <Tag color={row.isActive ? 'green' : 'default'}>
                  {t(row.isActive ? 'receivingAccounts.active' : 'receivingAccounts.inactive')}
                </Tag>
                {row.isDemo ? <Tag color="gold">{t('receivingAccounts.demo')}</Tag> : null}
              </>
            ),
          },
          {
            title: '',
            key: 'edit',
            render: (_value, row) => (
              <Button size="small" onClick={() => setEditing(row)}>
                {t('receivingAccounts.edit')}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== undefined}
        title={t(editing ? 'receivingAccounts.edit' : 'receivingAccounts.add')}
        footer={null}
        destroyOnHidden
        onCancel={() => setEditing(undefined)}
      >
        {editing !== undefined ? <AccountForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(undefined)} /> : null}
      </Modal>
    </>
  );
}
