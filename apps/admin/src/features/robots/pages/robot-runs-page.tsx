import { useTranslation } from '@bolsa/client-kit/i18n';
import { type RobotRunStatus, robotRunStatuses } from '@bolsa/contracts';
import { Alert, Button, Card, Descriptions, Drawer, Form, Input, Modal, Segmented, Space, Table } from 'antd';
import { useState } from 'react';
import { PageTitle } from '../../../components/page-title.tsx';
import { type Tone, ToneTag } from '../../../components/tone-tag.tsx';
import { showError, showSuccess } from '../../../lib/feedback.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useCan } from '../../../lib/session-store.ts';
import { type OperatorRobotRun, useKillAll, useKillRun, useRobotRun, useRobotRuns } from '../api/robots-api.ts';

const tones: Record<RobotRunStatus, Tone> = { in_progress: 'blue', successful: 'green', failed: 'red' };

/** A run's state with why it ended: the server's own wording of a trading refusal, in the operator's language. */
function RunState({ run }: { run: OperatorRobotRun }) {
  const { t } = useTranslation();
  const reason = run.endReason ? ` · ${t(`robots.endReason.${run.endReason}`)}${run.failMessage ? `: ${run.failMessage}` : ''}` : '';
  return (
    <span>
      <ToneTag tone={tones[run.status]}>{t(`robots.status.${run.status}`)}</ToneTag>
      {reason}
    </span>
  );
}

/** Asks the note every kill is audited with (3 to 500 characters, as the server allows). */
function KillModal({
  title,
  warning,
  isSubmitting,
  onSubmit,
  onCancel,
}: {
  title: string;
  warning: string;
  isSubmitting: boolean;
  onSubmit: (note: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ note: string }>();
  return (
    <Modal
      open
      title={title}
      okText={t('robots.kill.confirm')}
      okButtonProps={{ danger: true, loading: isSubmitting, htmlType: 'submit' }}
      cancelText={t('common.cancel')}
      onCancel={onCancel}
      destroyOnHidden
      modalRender={(content) => (
        <Form form={form} layout="vertical" onFinish={(values) => onSubmit(values.note.trim())} clearOnDestroy>
          {content}
        </Form>
      )}
    >
      <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={warning} />
      <Form.Item
        name="note"
        label={t('robots.kill.note')}
        rules={[
          { required: true, whitespace: true, message: t('robots.kill.noteRequired') },
          { min: 3, message: t('robots.kill.noteRequired') },
          { max: 500, message: t('robots.kill.noteTooLong') },
        ]}
      >
        <Input.TextArea rows={3} maxLength={500} showCount autoFocus />
      </Form.Item>
    </Modal>
  );
}

/** One run's orders (each a market order of its owner) and daily output. */
function RunDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const run = useRobotRun(id);
  return (
    <Drawer open width={720} title={t('robots.runTitle', { id })} onClose={onClose}>
      {run.isError ? <Alert type="error" showIcon title={run.error.message} /> : null}
      {run.data ? (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('robots.columns.user')}>{run.data.userEmail}</Descriptions.Item>
            <Descriptions.Item label={t('robots.columns.state')}>
              <RunState run={run.data} />
            </Descriptions.Item>
            <Descriptions.Item label={t('robots.columns.allocated')}>{run.data.allocatedAmount} USD</Descriptions.Item>
            <Descriptions.Item label={t('robots.columns.value')}>{run.data.value} USD</Descriptions.Item>
            <Descriptions.Item label={t('robots.columns.cash')}>{run.data.cash} USD</Descriptions.Item>
            <Descriptions.Item label={t('robots.columns.quantity')}>{run.data.quantity}</Descriptions.Item>
            <Descriptions.Item label={t('robots.columns.income')}>{run.data.income} USD</Descriptions.Item>
            <Descriptions.Item label={t('robots.columns.fees')}>{run.data.fees} USD</Descriptions.Item>
            <Descriptions.Item label={t('robots.columns.maxDrawdown')}>{run.data.maxDrawdownPercent} %</Descriptions.Item>
            <Descriptions.Item label={t('robots.columns.energyUsed')}>{run.data.energyUsed}</Descriptions.Item>
          </Descriptions>
          <Table
            rowKey="orderId"
            size="small"
            pagination={false}
            title={() => t('robots.orders')}
            dataSource={run.data.orders}
            columns={[
              { title: t('robots.columns.orderId'), dataIndex: 'orderId' },
              { title: t('robots.columns.time'), dataIndex: 'filledAtTimestamp', render: (value: number) => formatDateTime(value) },
              {
                title: t('robots.columns.side'),
                dataIndex: 'direction',
                render: (value: number) => t(value === 1 ? 'robots.sell' : 'robots.buy'),
              },
              { title: t('robots.columns.quantity'), dataIndex: 'quantity', align: 'right' },
              { title: t('robots.columns.price'), dataIndex: 'price', align: 'right' },
              { title: t('robots.columns.fees'), dataIndex: 'fee', align: 'right' },
              { title: t('robots.columns.realised'), dataIndex: 'realised', align: 'right' },
            ]}
          />
          <Table
            rowKey="date"
            size="small"
            pagination={false}
            title={() => t('robots.dailyOutput')}
            dataSource={run.data.days}
            columns={[
              { title: t('robots.columns.date'), dataIndex: 'date' },
              { title: t('robots.columns.output'), dataIndex: 'output', align: 'right' },
              { title: t('robots.columns.fees'), dataIndex: 'fees', align: 'right' },
              { title: t('robots.columns.trades'), dataIndex: 'trades', align: 'right' },
            ]}
          />
        </Space>
      ) : null}
    </Drawer>
  );
}

type Killing = { kind: 'one'; run: OperatorRobotRun } | { kind: 'all' };

/** Every user's robot runs with their figures and orders; a kill switch per run and for all, each audited with a note. */
export function RobotRunsPage() {
  const { t } = useTranslation();
  const canKill = useCan('robots.manage');
  const [pageNum, setPageNum] = useState(1);
  const [status, setStatus] = useState<RobotRunStatus | 'all'>('in_progress');
  const [opened, setOpened] = useState<string>();
  const [killing, setKilling] = useState<Killing>();
  const runs = useRobotRuns(pageNum, status === 'all' ? undefined : status);
  const killRun = useKillRun();
  const killAll = useKillAll();
  const kill = (note: string) => {
    const done = (result: { stopped: number }) => {
      showSuccess(t('robots.kill.done', { count: result.stopped }));
      setKilling(undefined);
    };
    if (killing?.kind === 'one') killRun.mutate({ id: killing.run.id, note }, { onSuccess: done, onError: showError });
    else killAll.mutate(note, { onSuccess: done, onError: showError });
  };
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <PageTitle
        title={t('nav.robotRuns')}
        extra={
          canKill ? (
            <Button danger onClick={() => setKilling({ kind: 'all' })}>
              {t('robots.kill.all')}
            </Button>
          ) : null
        }
      />
      <Card>
        <Segmented
          value={status}
          onChange={(value) => {
            setStatus(value as RobotRunStatus | 'all');
            setPageNum(1);
          }}
          options={[...robotRunStatuses, 'all' as const].map((value) => ({ value, label: t(`robots.status.${value}`) }))}
        />
        {runs.isError ? <Alert type="error" showIcon title={runs.error.message} style={{ margin: '12px 0' }} /> : null}
        <Table<OperatorRobotRun>
          rowKey="id"
          size="small"
          scroll={{ x: true }}
          loading={runs.isPending}
          dataSource={runs.data?.list}
          pagination={{ current: pageNum, pageSize: 20, total: runs.data?.total, onChange: setPageNum }}
          columns={[
            { title: t('robots.columns.id'), dataIndex: 'id' },
            { title: t('robots.columns.user'), dataIndex: 'userEmail' },
            {
              title: t('robots.columns.template'),
              key: 'template',
              render: (_value, run) => `${run.templateName} · ${t(`robots.kind.${run.kind}`)}`,
            },
            { title: t('robots.columns.stock'), dataIndex: 'stockCode' },
            { title: t('robots.columns.state'), key: 'state', render: (_value, run) => <RunState run={run} /> },
            { title: t('robots.columns.allocated'), dataIndex: 'allocatedAmount', align: 'right' },
            { title: t('robots.columns.income'), dataIndex: 'income', align: 'right' },
            { title: t('robots.columns.profitLoss'), dataIndex: 'profitLoss', align: 'right' },
            { title: t('robots.columns.trades'), dataIndex: 'tradesCount', align: 'right' },
            { title: t('robots.columns.started'), dataIndex: 'startedAtTimestamp', render: (value: number) => formatDateTime(value) },
            {
              title: t('robots.actions'),
              key: 'actions',
              render: (_value, run) => (
                <Space>
                  <Button size="small" onClick={() => setOpened(run.id)}>
                    {t('robots.orders')}
                  </Button>
                  {canKill && run.status === 'in_progress' ? (
                    <Button size="small" danger onClick={() => setKilling({ kind: 'one', run })}>
                      {t('robots.kill.one')}
                    </Button>
                  ) : null}
                </Space>
              ),
            },
          ]}
        />
      </Card>
      {opened ? <RunDrawer id={opened} onClose={() => setOpened(undefined)} /> : null}
      {killing ? (
        <KillModal
          title={
            killing.kind === 'one'
              ? t('robots.kill.oneTitle', { id: killing.run.id, user: killing.run.userEmail })
              : t('robots.kill.allTitle')
          }
          warning={t(killing.kind === 'one' ? 'robots.kill.oneWarning' : 'robots.kill.allWarning')}
          isSubmitting={killRun.isPending || killAll.isPending}
          onSubmit={kill}
          onCancel={() => setKilling(undefined)}
        />
      ) : null}
    </Space>
  );
}
