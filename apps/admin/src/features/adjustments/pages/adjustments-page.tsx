import { useTranslation } from '@bolsa/client-kit/i18n';
import { adjustmentReasonCodes, walletTypes } from '@bolsa/contracts';
import { Button, Card, Form, Input, Modal, Popconfirm, Segmented, Select, Space, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { PageTitle } from '../../../components/page-title.tsx';
import { ToneTag } from '../../../components/tone-tag.tsx';
import { useCan, useOperator } from '../../../lib/session-store.ts';
import { useDecideAdjustment } from '../api/decide-adjustment.ts';
import { type AdjustmentRow, useAdjustments } from '../api/list-adjustments.ts';
import { type AdjustmentRequestInput, useRequestAdjustment } from '../api/request-adjustment.ts';

const PAGE_SIZE = 20;
const statusColors = { pending: 'gold', approved: 'green', rejected: 'default' } as const;

/** Asks for a balance adjustment: it changes nothing until a second operator approves it. */
function RequestForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<AdjustmentRequestInput>();
  const request = useRequestAdjustment();
  return (
    <Card title={t('adjustments.requestTitle')} style={{ marginBottom: 16 }}>
      <Form
        form={form}
        layout="inline"
        initialValues={{ walletType: 'BALANCE', direction: 'credit', reasonCode: 'goodwill' }}
        onFinish={(values) =>
          request
            .mutateAsync(values)
            .then(() => form.resetFields())
            .catch(() => undefined)
        }
        style={{ rowGap: 12 }}
      >
        <Form.Item
          name="userId"
          label={t('adjustments.userId')}
          rules={[{ required: true, pattern: /^\d{1,15}$/, message: t('adjustments.userIdRequired') }]}
        >
          <Input inputMode="numeric" style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="walletType" label={t('adjustments.wallet')}>
          <Select style={{ width: 150 }} options={walletTypes.map((walletType) => ({ value: walletType, label: walletType }))} />
        </Form.Item>
        <Form.Item name="direction" label={t('adjustments.direction')}>
          <Select
            style={{ width: 120 }}
            options={[
              { value: 'credit', label: t('adjustments.credit') },
              { value: 'debit', label: t('adjustments.debit') },
            ]}
          />
        </Form.Item>
        <Form.Item
          name="amount"
          label={t('adjustments.amount')}
          rules={[{ required: true, pattern: /^\d+(\.\d{1,2})?$/, message: t('adjustments.amountRequired') }]}
        >
          <Input inputMode="decimal" style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="reasonCode" label={t('adjustments.reasonCode')}>
          <Select
            style={{ width: 190 }}
            options={adjustmentReasonCodes.map((code) => ({ value: code, label: t(`adjustments.reasons.${code}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="note"
          label={t('adjustments.note')}
          rules={[{ required: true, whitespace: true, max: 500, message: t('adjustments.noteRequired') }]}
        >
          <Input style={{ width: 320 }} maxLength={500} />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" loading={request.isPending}>
            {t('adjustments.submit')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}

type Decide = ReturnType<typeof useDecideAdjustment>;
type DecisionButtonsProps = { row: AdjustmentRow; operatorId: string | undefined; decide: Decide; onReject: () => void };

/** Approve (after a confirmation) or reject a pending request; never one's own. */
function DecisionButtons({ row, operatorId, decide, onReject }: DecisionButtonsProps) {
  const { t } = useTranslation();
  // The server refuses it too (four eyes); the console says why instead of offering the buttons.
  if (row.requestedBy === operatorId) return <ToneTag tone="default">{t('adjustments.ownRequest')}</ToneTag>;
  return (
    <Space>
      <Popconfirm
        title={t('adjustments.approveConfirm')}
        okText={t('adjustments.approve')}
        cancelText={t('adjustments.cancel')}
        onConfirm={() => decide.mutateAsync({ id: row.id, decision: 'approve' }).catch(() => undefined)}
      >
        <Button type="primary" size="small">
          {t('adjustments.approve')}
        </Button>
      </Popconfirm>
      <Button size="small" danger onClick={onReject}>
        {t('adjustments.reject')}
      </Button>
    </Space>
  );
}

/** The reason a request is rejected with (kept if the rejection fails). */
function RejectModal({ rejecting, decide, onClose }: { rejecting: AdjustmentRow | undefined; decide: Decide; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  return (
    <Modal
      open={rejecting !== undefined}
      title={t('adjustments.rejectTitle')}
      okText={t('adjustments.reject')}
      cancelText={t('adjustments.cancel')}
      okButtonProps={{ danger: true, disabled: reason.trim() === '' }}
      confirmLoading={decide.isPending}
      onCancel={onClose}
      onOk={() =>
        rejecting &&
        decide
          .mutateAsync({ id: rejecting.id, decision: 'reject', reason: reason.trim() })
          .then(() => {
            onClose();
            setReason('');
          })
          .catch(() => undefined)
      }
    >
      <Input.TextArea
        aria-label={t('adjustments.rejectReason')}
        placeholder={t('adjustments.rejectReason')}
        value={reason}
        maxLength={200}
        onChange={(event) => setReason(event.target.value)}
      />
    </Modal>
  );
}

/** Four eyes: requests wait here; another operator with the approve permission decides them. */
export function AdjustmentsPage() {
  const { t } = useTranslation();
  const operator = useOperator();
  const canApprove = useCan('adjustments.approve');
  const [status, setStatus] = useState<'pending' | 'all'>('pending');
  const [pageNum, setPageNum] = useState(1);
  const [rejecting, setRejecting] = useState<AdjustmentRow>();
  const adjustments = useAdjustments({ status, pageNum, pageSize: PAGE_SIZE });
  const decide = useDecideAdjustment();
  return (
    <>
      <PageTitle title={t('adjustments.title')} />
      <RequestForm />
      <Segmented
        value={status}
        onChange={(value) => {
          setStatus(value as 'pending' | 'all');
          setPageNum(1);
        }}
        options={[
          { value: 'pending', label: t('adjustments.pending') },
          { value: 'all', label: t('adjustments.all') },
        ]}
        style={{ marginBottom: 12 }}
      />
      <Table<AdjustmentRow>
        rowKey="id"
        scroll={{ x: 'max-content' }}
        loading={adjustments.isFetching}
        dataSource={adjustments.data?.list ?? []}
        pagination={{
          current: pageNum,
          pageSize: PAGE_SIZE,
          total: adjustments.data?.total ?? 0,
          onChange: setPageNum,
          showSizeChanger: false,
        }}
        columns={[
          {
            title: t('adjustments.requestedAt'),
            dataIndex: 'requestedAtTimestamp',
            render: (timestamp: number) => new Date(timestamp).toLocaleString(),
          },
          { title: t('adjustments.user'), dataIndex: 'userEmail', render: (email: string, row) => `${email} (#${row.userId})` },
          { title: t('adjustments.wallet'), dataIndex: 'walletType' },
          {
            title: t('adjustments.amount'),
            dataIndex: 'amount',
            align: 'right',
            render: (amount: string, row) => `${row.direction === 'credit' ? '+' : '−'}${amount} ${row.currency}`,
          },
          { title: t('adjustments.reasonCode'), dataIndex: 'reasonCode', render: (code: string) => t(`adjustments.reasons.${code}`) },
          { title: t('adjustments.note'), dataIndex: 'note' },
          {
            title: t('adjustments.status'),
            dataIndex: 'status',
            render: (value: AdjustmentRow['status'], row) => (
              <Tooltip title={row.decisionReason ?? undefined}>
                <ToneTag tone={statusColors[value]}>{t(`adjustments.statuses.${value}`)}</ToneTag>
              </Tooltip>
            ),
          },
          {
            title: t('adjustments.actions'),
            key: 'actions',
            render: (_value, row) =>
              row.status !== 'pending' || !canApprove ? null : (
                <DecisionButtons row={row} operatorId={operator?.id} decide={decide} onReject={() => setRejecting(row)} />
              ),
          },
        ]}
      />
      <RejectModal rejecting={rejecting} decide={decide} onClose={() => setRejecting(undefined)} />
    </>
  );
}
