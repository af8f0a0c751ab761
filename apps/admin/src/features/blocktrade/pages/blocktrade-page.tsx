import { useTranslation } from '@bolsa/client-kit/i18n';
import { Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Space, Switch, Table } from 'antd';
import { useState } from 'react';
import { OrdersTable } from '../../../components/orders-table.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { StatusTag } from '../../../components/status-tag.tsx';
import { showSuccess } from '../../../lib/feedback.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useCan } from '../../../lib/session-store.ts';
import {
  type BlockPermissionRow,
  type BlockSettings,
  type BlockSettingsBody,
  useBlockOrders,
  useBlockPermissions,
  useBlockSettings,
  useEditBlockSettings,
  useSuspendBlockPermission,
} from '../api/blocktrade.ts';

/** What it takes to apply, and each market's block size and band (±, a fraction of the mid). */
function RequirementsCard({ settings, canEdit }: { settings: BlockSettings; canEdit: boolean }) {
  const { t } = useTranslation();
  const { save } = useEditBlockSettings();
  const [form] = Form.useForm<BlockSettingsBody>();
  return (
    <Card title={t('blocktrade.requirements')}>
      <Form
        form={form}
        layout="vertical"
        disabled={!canEdit}
        initialValues={settings}
        onFinish={(values) =>
          save
            .mutateAsync({ ...values, markets: values.markets.map((market, index) => ({ ...settings.markets[index], ...market })) })
            .then(() => showSuccess(t('blocktrade.saved')))
            .catch(() => undefined)
        }
      >
        <Space wrap align="end">
          <Form.Item name={['requirements', 'identityVerified']} label={t('blocktrade.identity')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name={['requirements', 'minAccountValueUsd']} label={t('blocktrade.minAccountValue')}>
            <Input inputMode="decimal" />
          </Form.Item>
          <Form.Item name={['requirements', 'minFilledOrders']} label={t('blocktrade.minFilledOrders')}>
            <InputNumber min={0} precision={0} />
          </Form.Item>
          <Form.Item name={['requirements', 'retryDays']} label={t('blocktrade.retryDays')}>
            <InputNumber min={0} max={365} precision={0} />
          </Form.Item>
        </Space>
        {settings.markets.map((market, index) => (
          <Space key={market.source} wrap align="end">
            <Form.Item
              name={['markets', index, 'minQuantity']}
              label={`${t(`blocktrade.markets.${market.source}`)} · ${t('blocktrade.blockSize')}`}
            >
              <Input inputMode="numeric" />
            </Form.Item>
            <Form.Item name={['markets', index, 'bandRate']} label={t('blocktrade.bandRate')}>
              <Input inputMode="decimal" />
            </Form.Item>
          </Space>
        ))}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('blocktrade.save')}
        </Button>
      </Form>
    </Card>
  );
}

function InstrumentsCard({ settings, canEdit }: { settings: BlockSettings; canEdit: boolean }) {
  const { t } = useTranslation();
  const { add, remove } = useEditBlockSettings();
  const [form] = Form.useForm<{ code: string; blockSize?: string }>();
  const submit = (values: { code: string; blockSize?: string }) =>
    add
      .mutateAsync({ code: values.code.trim(), ...(values.blockSize?.trim() ? { blockSize: values.blockSize.trim() } : {}) })
      .then(() => form.resetFields())
      .catch(() => undefined);
  return (
    <Card title={t('blocktrade.instruments')}>
      {canEdit ? (
        <Form form={form} layout="inline" onFinish={submit}>
          <Form.Item name="code" rules={[{ required: true, message: t('blocktrade.codeRequired') }]}>
            <Input placeholder={t('blocktrade.code')} aria-label={t('blocktrade.code')} />
          </Form.Item>
          <Form.Item name="blockSize">
            <Input placeholder={t('blocktrade.blockSizeOptional')} aria-label={t('blocktrade.blockSizeOptional')} />
          </Form.Item>
          <Button htmlType="submit" loading={add.isPending}>
            {t('blocktrade.add')}
          </Button>
        </Form>
      ) : null}
      <Table
        rowKey="code"
        size="small"
        pagination={false}
        dataSource={settings.instruments}
        columns={[
          { title: t('blocktrade.code'), dataIndex: 'code' },
          { title: t('blocktrade.name'), dataIndex: 'name' },
          { title: t('blocktrade.blockSize'), dataIndex: 'blockSize' },
          {
            title: t('reviews.actions'),
            key: 'actions',
            render: (_value, row) =>
              canEdit ? (
                <Popconfirm title={t('blocktrade.removeConfirm', { code: row.code })} onConfirm={() => remove.mutateAsync(row.code)}>
                  <Button size="small">{t('blocktrade.remove')}</Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
    </Card>
  );
}

function PermissionsCard({ canSuspend }: { canSuspend: boolean }) {
  const { t } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const permissions = useBlockPermissions(pageNum);
  const suspend = useSuspendBlockPermission();
  const [suspending, setSuspending] = useState<BlockPermissionRow>();
  const [reason, setReason] = useState('');
  const confirm = () =>
    suspending &&
    suspend
      .mutateAsync({ userId: suspending.userId, reason: reason.trim() })
      .then(() => {
        showSuccess(t('blocktrade.suspended'));
        setSuspending(undefined);
        setReason('');
      })
      .catch(() => undefined);
  return (
    <Card title={t('blocktrade.permissions')}>
      <Table
        rowKey="userId"
        size="small"
        loading={permissions.isPending}
        dataSource={permissions.data?.list}
        pagination={{ current: pageNum, pageSize: 20, total: permissions.data?.total, onChange: setPageNum }}
        columns={[
          { title: t('reviews.user'), dataIndex: 'userEmail', render: (email: string, row) => email || `#${row.userId}` },
          { title: t('reviews.status'), dataIndex: 'status', render: (status: string) => <StatusTag status={status} /> },
          { title: t('reviews.reason'), dataIndex: 'reason' },
          { title: t('blocktrade.updatedAt'), dataIndex: 'updatedAtTimestamp', render: (value: number) => formatDateTime(value) },
          {
            title: t('reviews.actions'),
            key: 'actions',
            render: (_value, row) =>
              canSuspend && row.status === 'active' ? (
                <Button danger size="small" onClick={() => setSuspending(row)}>
                  {t('blocktrade.suspend')}
                </Button>
              ) : null,
          },
        ]}
      />
      <Modal
        open={suspending !== undefined}
        title={t('blocktrade.suspendTitle', { user: suspending?.userEmail ?? '' })}
        okText={t('blocktrade.suspend')}
        okButtonProps={{ danger: true, disabled: reason.trim() === '', loading: suspend.isPending }}
        onOk={confirm}
        onCancel={() => setSuspending(undefined)}
        destroyOnHidden
      >
        <Input.TextArea
          maxLength={200}
          value={reason}
          aria-label={t('reviews.reason')}
          onChange={(event) => setReason(event.target.value)}
        />
      </Modal>
    </Card>
  );
}

function OrdersCard() {
  const { t } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const orders = useBlockOrders(pageNum);
  return (
    <Card title={t('blocktrade.orders')}>
      <OrdersTable
        page={orders.data}
        isLoading={orders.isPending}
        pageNum={pageNum}
        onPageChange={setPageNum}
        columns={[
          { title: t('blocktrade.quantity'), dataIndex: 'quantity' },
          { title: t('blocktrade.price'), dataIndex: 'price' },
          { title: t('blocktrade.midAtQuote'), dataIndex: 'midAtQuote' },
          { title: t('blocktrade.midAtFill'), dataIndex: 'midAtFill' },
          { title: t('blocktrade.priceVsMid'), dataIndex: 'priceVsMid' },
          { title: t('blocktrade.bandRate'), dataIndex: 'bandRate' },
          { title: t('blocktrade.fee'), dataIndex: 'fee', render: (fee: string, row) => `${fee} ${row.currency}` },
          {
            title: t('blocktrade.filledAt'),
            dataIndex: 'filledAtTimestamp',
            render: (value: number | null) => (value === null ? '–' : formatDateTime(value)),
          },
        ]}
      />
    </Card>
  );
}

/** Block trading (issue 19): requirements and bands, eligible instruments, permissions and their suspension, and the block orders' reports. */
export function BlockTradePage() {
  const { t } = useTranslation();
  const settings = useBlockSettings();
  const canManage = useCan('blocktrade.manage');
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <PageTitle title={t('nav.blockTrade')} />
      {canManage && settings.data ? (
        <>
          <RequirementsCard settings={settings.data} canEdit={canManage} />
          <InstrumentsCard settings={settings.data} canEdit={canManage} />
        </>
      ) : null}
      <PermissionsCard canSuspend={canManage} />
      <OrdersCard />
    </Space>
  );
}
