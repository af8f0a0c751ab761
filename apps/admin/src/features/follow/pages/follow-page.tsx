import { useTranslation } from '@bolsa/client-kit/i18n';
import { Alert, Button, Drawer, Form, Input, Modal, Space, Table } from 'antd';
import { useState } from 'react';
import { PageTitle } from '../../../components/page-title.tsx';
import { showSuccess } from '../../../lib/feedback.ts';
import { useCan } from '../../../lib/session-store.ts';
import {
  type OperatorInstitution,
  parseWeights,
  useCreateInstitution,
  useFollowers,
  useInstitutions,
  useRebalance,
  useUpdateInstitution,
  weightsText,
} from '../api/follow-api.ts';

type Editing = { mode: 'create' } | { mode: 'edit' | 'rebalance'; institution: OperatorInstitution };
type FormValues = {
  name: string;
  description: string;
  managementFeeRate: string;
  performanceFeeRate: string;
  periods: string;
  weights: string;
  note: string;
};

const periodsOf = (text: string) =>
  text
    .split(/[\s,]+/)
    .filter((part) => part !== '')
    .map(Number);
const at = (timestamp: number) => new Date(timestamp).toISOString().slice(0, 16).replace('T', ' ');

function initialValues(editing: Editing): Partial<FormValues> {
  if (editing.mode === 'create')
    return { description: '', managementFeeRate: '0.01', performanceFeeRate: '0.1', periods: '10080, 43200', note: '' };
  const { institution } = editing;
  return { ...institution, periods: institution.periodsMinutes.join(', '), weights: weightsText(institution.weights), note: '' };
}

/** One form for creating, editing (settings) and rebalancing (weights), each audited on the server. */
function InstitutionModal({ editing, onClose }: { editing: Editing; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const create = useCreateInstitution();
  const update = useUpdateInstitution();
  const rebalance = useRebalance();
  const hasSettings = editing.mode !== 'rebalance';
  const hasWeights = editing.mode !== 'edit';
  const done = () => {
    showSuccess(t('follow.saved'));
    onClose();
  };
  const finish = (values: FormValues) => {
    const settings = { ...values, periodsMinutes: periodsOf(values.periods) };
    const weights = parseWeights(values.weights ?? '') ?? [];
    if (editing.mode === 'create') create.mutate({ ...settings, weights, note: values.note }, { onSuccess: done });
    else if (editing.mode === 'edit') update.mutate({ id: editing.institution.id, body: settings }, { onSuccess: done });
    else rebalance.mutate({ id: editing.institution.id, weights, note: values.note }, { onSuccess: done });
  };
  const required = [{ required: true, message: t('follow.required') }];
  return (
    <Modal
      open
      title={t(`follow.${editing.mode}`)}
      okText={t('follow.save')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending || update.isPending || rebalance.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t(hasWeights ? 'follow.rebalanceNote' : 'follow.editNote')} />
      <Form<FormValues> form={form} layout="vertical" initialValues={initialValues(editing)} onFinish={finish}>
        {hasSettings ? (
          <>
            <Form.Item name="name" label={t('follow.fields.name')} rules={required}>
              <Input />
            </Form.Item>
            <Form.Item name="description" label={t('follow.fields.description')}>
              <Input.TextArea rows={2} />
            </Form.Item>
            <Form.Item
              name="managementFeeRate"
              label={t('follow.fields.managementFeeRate')}
              extra={t('follow.hints.rate')}
              rules={required}
            >
              <Input inputMode="decimal" />
            </Form.Item>
            <Form.Item
              name="performanceFeeRate"
              label={t('follow.fields.performanceFeeRate')}
              extra={t('follow.hints.rate')}
              rules={required}
            >
              <Input inputMode="decimal" />
            </Form.Item>
            <Form.Item name="periods" label={t('follow.fields.periods')} extra={t('follow.hints.periods')} rules={required}>
              <Input />
            </Form.Item>
          </>
        ) : null}
        {hasWeights ? (
          <>
            <Form.Item
              name="weights"
              label={t('follow.fields.weights')}
              extra={t('follow.hints.weights')}
              rules={[
                ...required,
                {
                  validator: async (_rule, value: string) =>
                    parseWeights(value ?? '') ? undefined : Promise.reject(new Error(t('follow.hints.weights'))),
                },
              ]}
            >
              <Input.TextArea rows={4} />
            </Form.Item>
            <Form.Item name="note" label={t('follow.fields.note')}>
              <Input />
            </Form.Item>
          </>
        ) : null}
      </Form>
    </Modal>
  );
}

/** An institution's follows with their followers, and every change of its portfolio with its time. */
function FollowersDrawer({ institution, onClose }: { institution: OperatorInstitution | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const followers = useFollowers(institution?.id);
  return (
    <Drawer open={institution !== undefined} size="large" title={institution?.name} onClose={onClose}>
      <h3>{t('follow.followers')}</h3>
      <Table
        rowKey="id"
        size="small"
        loading={followers.isLoading}
        dataSource={followers.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('follow.columns.user'), dataIndex: 'userEmail' },
          { title: t('follow.columns.status'), dataIndex: 'status', render: (status: string) => t(`follow.status.${status}`) },
          { title: t('follow.columns.amount'), dataIndex: 'subscriptionAmount', align: 'right' },
          { title: t('follow.columns.total'), dataIndex: 'totalAmount', align: 'right' },
          {
            title: t('follow.columns.fees'),
            key: 'fees',
            render: (_v, row) => (row.managementFee === null ? '' : `${row.managementFee} + ${row.performanceFee}`),
          },
          { title: t('follow.columns.created'), dataIndex: 'createTimestamp', render: at },
        ]}
      />
      <h3 style={{ marginTop: 24 }}>{t('follow.rebalances')}</h3>
      <ul>
        {(institution?.rebalances ?? []).map((change) => (
          <li key={change.id}>
            {at(change.atTimestamp)} · NAV {change.nav} · {change.weights.map((entry) => `${entry.code} ${entry.weight}`).join(', ')}
            {change.note ? ` — ${change.note}` : ''}
          </li>
        ))}
      </ul>
    </Drawer>
  );
}

/** Follow-invest institutions: their NAV, followers and what they hold; create, edit, rebalance (audited). */
export function FollowPage() {
  const { t } = useTranslation();
  const institutions = useInstitutions();
  const canManage = useCan('follow.manage');
  const [editing, setEditing] = useState<Editing>();
  const [viewing, setViewing] = useState<OperatorInstitution>();
  return (
    <>
      <PageTitle title={t('nav.follow')} />
      <p>{t('follow.intro')}</p>
      {canManage ? (
        <Button type="primary" style={{ marginBottom: 16 }} onClick={() => setEditing({ mode: 'create' })}>
          {t('follow.create')}
        </Button>
      ) : null}
      {institutions.isError ? <Alert type="error" showIcon title={institutions.error.message} style={{ marginBottom: 16 }} /> : null}
      <Table<OperatorInstitution>
        rowKey="id"
        size="middle"
        loading={institutions.isLoading}
        dataSource={institutions.data ?? []}
        scroll={{ x: 'max-content' }}
        pagination={false}
        columns={[
          { title: t('follow.fields.name'), dataIndex: 'name' },
          { title: 'NAV', dataIndex: 'nav', align: 'right' },
          { title: t('follow.columns.navAt'), dataIndex: 'navTimestamp', render: at },
          { title: t('follow.columns.followers'), dataIndex: 'followers', align: 'right' },
          { title: t('follow.columns.held'), dataIndex: 'heldAmount', align: 'right' },
          { title: t('follow.columns.value'), dataIndex: 'valueOutstanding', align: 'right' },
          {
            title: t('follow.fields.weights'),
            key: 'weights',
            render: (_v, row) => row.weights.map((entry) => `${entry.code} ${entry.weight}`).join(', '),
          },
          { title: t('follow.fields.managementFeeRate'), dataIndex: 'managementFeeRate' },
          { title: t('follow.fields.performanceFeeRate'), dataIndex: 'performanceFeeRate' },
          {
            title: t('reviews.actions'),
            key: 'actions',
            render: (_value: unknown, row: OperatorInstitution) => (
              <Space>
                <Button size="small" onClick={() => setViewing(row)}>
                  {t('follow.followers')}
                </Button>
                {canManage ? (
                  <>
                    <Button size="small" onClick={() => setEditing({ mode: 'rebalance', institution: row })}>
                      {t('follow.rebalance')}
                    </Button>
                    <Button size="small" onClick={() => setEditing({ mode: 'edit', institution: row })}>
                      {t('follow.edit')}
                    </Button>
                  </>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      {editing ? <InstitutionModal editing={editing} onClose={() => setEditing(undefined)} /> : null}
      <FollowersDrawer institution={viewing} onClose={() => setViewing(undefined)} />
    </>
  );
}
