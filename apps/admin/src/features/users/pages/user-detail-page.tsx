import { useTranslation } from '@bolsa/client-kit/i18n';
import { type RestrictionKind, restrictionKinds, tradeDirections } from '@bolsa/contracts';
import { Button, Card, Col, Descriptions, Form, Input, Modal, Row, Space, Table, type TableColumnsType, Tabs, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useParams } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { ToneTag } from '../../../components/tone-tag.tsx';
import { useCan } from '../../../lib/session-store.ts';
import { useFreezeUser } from '../api/freeze-user.ts';
import { type UserDetail, useUser } from '../api/get-user.ts';
import { type OrderPage, type PositionPage, type StatementPage, useUserActivity } from '../api/get-user-activity.ts';
import { useRevokeSessions } from '../api/revoke-sessions.ts';

const PAGE_SIZE = 10;
const time = (timestamp: number | null) => (timestamp === null ? '—' : new Date(timestamp).toLocaleString());

type ReasonDialog = { action: 'freeze' | 'unfreeze'; kind: RestrictionKind } | { action: 'revoke' } | undefined;

/** Asks the reason every freeze, unfreeze and session revocation is recorded with. */
function ReasonModal({ dialog, onClose, userId }: { dialog: ReasonDialog; onClose: () => void; userId: string }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const freeze = useFreezeUser();
  const revoke = useRevokeSessions();
  if (!dialog) return null;
  const title =
    dialog.action === 'revoke'
      ? t('users.revokeSessions')
      : t(dialog.action === 'freeze' ? 'users.freezeTitle' : 'users.unfreezeTitle', { kind: t(`users.kind.${dialog.kind}`) });
  const submit = async ({ reason }: { reason: string }) => {
    if (dialog.action === 'revoke') await revoke.mutateAsync({ userId, reason });
    else await freeze.mutateAsync({ userId, kind: dialog.kind, reason, isFreezing: dialog.action === 'freeze' });
    form.resetFields();
    onClose();
  };
  return (
    <Modal
      open
      title={title}
      okText={t('users.confirm')}
      cancelText={t('users.cancel')}
      confirmLoading={freeze.isPending || revoke.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => submit(values).catch(() => undefined)}>
        <Form.Item
          name="reason"
          label={t('users.reason')}
          rules={[{ required: true, whitespace: true, max: 200, message: t('users.reasonRequired') }]}
        >
          <Input.TextArea rows={3} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

function Restrictions({ detail, onAction }: { detail: UserDetail; onAction: (dialog: ReasonDialog) => void }) {
  const { t } = useTranslation();
  const canFreeze = useCan('users.freeze');
  const canRevoke = useCan('users.sessions');
  return (
    <Card title={t('users.restrictions')}>
      <Space direction="vertical" style={{ width: '100%' }}>
        {restrictionKinds.map((kind) => {
          const restriction = detail.restrictions.find((row) => row.kind === kind);
          return (
            <Space key={kind} wrap style={{ justifyContent: 'space-between', width: '100%' }}>
              <span>
                <Typography.Text strong>{t(`users.kind.${kind}`)}</Typography.Text>{' '}
                {restriction ? (
                  <>
                    <ToneTag tone="red">{t('users.frozen')}</ToneTag>
                    <br />
                    <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                      {t('users.frozenSince', { time: time(restriction.createdAtTimestamp) })}: {restriction.reason}
                    </Typography.Text>
                  </>
                ) : (
                  <ToneTag tone="green">{t('users.active')}</ToneTag>
                )}
              </span>
              {canFreeze &&
                (restriction ? (
                  <Button onClick={() => onAction({ action: 'unfreeze', kind })}>{t('users.unfreeze')}</Button>
                ) : (
                  <Button danger onClick={() => onAction({ action: 'freeze', kind })}>
                    {t('users.freeze')}
                  </Button>
                ))}
            </Space>
          );
        })}
        {canRevoke && (
          <Button danger onClick={() => onAction({ action: 'revoke' })}>
            {t('users.revokeSessions')}
          </Button>
        )}
      </Space>
    </Card>
  );
}

const statementColumns = (t: TFunction): TableColumnsType<StatementPage['list'][number]> => [
  { title: t('users.time'), dataIndex: 'createTimeTimestamp', render: time },
  { title: t('users.wallet'), dataIndex: 'walletType' },
  {
    title: t('users.amount'),
    dataIndex: 'amount',
    align: 'right',
    render: (amount: string, row) => `${amount} ${row.currency}`,
  },
  { title: t('users.balanceAfter'), dataIndex: 'balanceAfter', align: 'right' },
  { title: t('users.ledgerReason'), dataIndex: 'reason' },
  { title: t('users.memo'), dataIndex: 'memo' },
];

const orderColumns = (t: TFunction): TableColumnsType<OrderPage['list'][number]> => [
  { title: t('users.time'), dataIndex: 'createTimeTimestamp', render: time },
  { title: t('users.instrument'), dataIndex: 'stockCode' },
  {
    title: t('users.side'),
    dataIndex: 'direction',
    render: (direction: number) => t(direction === tradeDirections.buy ? 'users.buy' : 'users.sell'),
  },
  { title: t('users.quantity'), dataIndex: 'quantity', align: 'right' },
  { title: t('users.fillPrice'), dataIndex: 'fillPrice', align: 'right', render: (price: string | null) => price ?? '—' },
  { title: t('users.fee'), dataIndex: 'fee', align: 'right', render: (fee: string | null) => fee ?? '—' },
  { title: t('users.orderStatus'), dataIndex: 'status', render: (status: number) => t(`users.orderStatuses.${status}`) },
];

const positionColumns = (t: TFunction): TableColumnsType<PositionPage['list'][number]> => [
  { title: t('users.time'), dataIndex: 'createTimeTimestamp', render: time },
  { title: t('users.instrument'), dataIndex: 'stockCode' },
  {
    title: t('users.side'),
    dataIndex: 'direction',
    render: (direction: number) => t(direction === tradeDirections.buy ? 'users.buy' : 'users.sell'),
  },
  { title: t('users.quantity'), dataIndex: 'positionNum', align: 'right' },
  { title: t('users.openPrice'), dataIndex: 'openPrice', align: 'right' },
  { title: t('users.margin'), dataIndex: 'margin', align: 'right' },
  { title: t('users.profit'), dataIndex: 'profit', align: 'right' },
];

function Activity({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const [statementPage, setStatementPage] = useState(1);
  const [ordersPage, setOrdersPage] = useState(1);
  const [positionStatus, setPositionStatus] = useState<'open' | 'closed'>('open');
  const [positionsPage, setPositionsPage] = useState(1);
  const statement = useUserActivity(userId, 'statement', { pageNum: statementPage, pageSize: PAGE_SIZE });
  const orders = useUserActivity(userId, 'orders', { pageNum: ordersPage, pageSize: PAGE_SIZE });
  const positions = useUserActivity(userId, 'positions', { pageNum: positionsPage, pageSize: PAGE_SIZE, status: positionStatus });
  const pagination = (current: number, total: number, onChange: (page: number) => void) => ({
    current,
    pageSize: PAGE_SIZE,
    total,
    onChange,
    showSizeChanger: false,
  });
  return (
    <Tabs
      items={[
        {
          key: 'statement',
          label: t('users.statement'),
          children: (
            <Table
              rowKey="id"
              size="small"
              scroll={{ x: 'max-content' }}
              loading={statement.isFetching}
              dataSource={statement.data?.list ?? []}
              pagination={pagination(statementPage, statement.data?.total ?? 0, setStatementPage)}
              columns={statementColumns(t)}
            />
          ),
        },
        {
          key: 'orders',
          label: t('users.orders'),
          children: (
            <Table
              rowKey="id"
              size="small"
              scroll={{ x: 'max-content' }}
              loading={orders.isFetching}
              dataSource={orders.data?.list ?? []}
              pagination={pagination(ordersPage, orders.data?.total ?? 0, setOrdersPage)}
              columns={orderColumns(t)}
            />
          ),
        },
        {
          key: 'positions',
          label: t('users.positions'),
          children: (
            <>
              <Space style={{ marginBottom: 8 }}>
                {(['open', 'closed'] as const).map((status) => (
                  <Button
                    key={status}
                    type={status === positionStatus ? 'primary' : 'default'}
                    onClick={() => {
                      setPositionStatus(status);
                      setPositionsPage(1);
                    }}
                  >
                    {t(`users.positionStatus.${status}`)}
                  </Button>
                ))}
              </Space>
              <Table
                rowKey="id"
                size="small"
                scroll={{ x: 'max-content' }}
                loading={positions.isFetching}
                dataSource={positions.data?.list ?? []}
                pagination={pagination(positionsPage, positions.data?.total ?? 0, setPositionsPage)}
                columns={positionColumns(t)}
              />
            </>
          ),
        },
      ]}
    />
  );
}

/** One user: identity, wallets from the ledger, freezes, sessions and devices, and their activity. */
export function UserDetailPage() {
  const { t } = useTranslation();
  const userId = useParams().id ?? '';
  const user = useUser(userId);
  const [dialog, setDialog] = useState<ReasonDialog>();
  const detail = user.data;
  return (
    <>
      <PageTitle title={detail ? detail.user.email : t('users.detailTitle')} />
      {detail && (
        <Row gutter={[16, 16]}>
          <Col xs={24} lg={12}>
            <Card title={t('users.identity')}>
              <Descriptions column={1} size="small">
                <Descriptions.Item label={t('users.id')}>{detail.user.id}</Descriptions.Item>
                <Descriptions.Item label={t('users.name')}>{detail.user.name ?? '—'}</Descriptions.Item>
                <Descriptions.Item label={t('users.kyc')}>{t(`users.kycStatus.${detail.kyc.status}`)}</Descriptions.Item>
                <Descriptions.Item label={t('users.registered')}>{time(detail.user.createdAtTimestamp)}</Descriptions.Item>
              </Descriptions>
            </Card>
          </Col>
          <Col xs={24} lg={12}>
            <Restrictions detail={detail} onAction={setDialog} />
          </Col>
          <Col xs={24}>
            <Card title={t('users.wallets')}>
              <Table
                rowKey="walletType"
                size="small"
                scroll={{ x: 'max-content' }}
                pagination={false}
                dataSource={detail.wallets}
                columns={[
                  { title: t('users.wallet'), dataIndex: 'walletType' },
                  { title: t('users.currency'), dataIndex: 'currency' },
                  { title: t('users.balance'), dataIndex: 'balance', align: 'right' },
                  { title: t('users.held'), dataIndex: 'usedBalance', align: 'right' },
                  { title: t('users.available'), dataIndex: 'availableBalance', align: 'right' },
                ]}
              />
            </Card>
          </Col>
          <Col xs={24} lg={14}>
            <Card title={t('users.sessions')}>
              <Table
                rowKey="id"
                size="small"
                pagination={false}
                dataSource={detail.sessions}
                columns={[
                  { title: t('users.ipAddress'), dataIndex: 'ipAddress' },
                  { title: t('users.userAgent'), dataIndex: 'userAgent', ellipsis: true },
                  { title: t('users.lastSeen'), dataIndex: 'lastSeenAtTimestamp', render: time },
                  {
                    title: t('users.sessionState'),
                    dataIndex: 'isLive',
                    render: (isLive: boolean) => (
                      <ToneTag tone={isLive ? 'green' : 'default'}>{t(isLive ? 'users.live' : 'users.ended')}</ToneTag>
                    ),
                  },
                ]}
              />
            </Card>
          </Col>
          <Col xs={24} lg={10}>
            <Card title={t('users.devices')}>
              <Table
                rowKey={(row) => row.userAgent ?? ''}
                size="small"
                pagination={false}
                dataSource={detail.devices}
                columns={[
                  { title: t('users.userAgent'), dataIndex: 'userAgent', ellipsis: true },
                  { title: t('users.ipAddress'), dataIndex: 'lastIpAddress' },
                  { title: t('users.lastSeen'), dataIndex: 'lastSeenAtTimestamp', render: time },
                ]}
              />
            </Card>
          </Col>
          <Col xs={24}>
            <Card>
              <Activity userId={userId} />
            </Card>
          </Col>
        </Row>
      )}
      <ReasonModal dialog={dialog} onClose={() => setDialog(undefined)} userId={userId} />
    </>
  );
}
