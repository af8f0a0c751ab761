import { useTranslation } from '@bolsa/client-kit/i18n';
import { paymentRiskOf } from '@bolsa/contracts';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Input,
  List,
  Radio,
  Row,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  Upload,
} from 'antd';
import { useEffect, useState } from 'react';
import { AuthorizedImage } from '../../../components/authorized-image.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useCan } from '../../../lib/session-store.ts';
import {
  QUEUE_PAGE_SIZE,
  type QueueStatus,
  type SupportDetail,
  useCannedReplies,
  useConversationSocket,
  useQueueSocket,
  useSendImage,
  useSupportAction,
  useSupportConversation,
  useSupportQueue,
} from '../api/support-api.ts';
import { CannedRepliesCard } from './canned-replies-card.tsx';

/** Minutes since a moment, re-rendered every 10 s so waiting times grow on screen without a reload. */
function useMinutesSince() {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 10_000);
    return () => clearInterval(timer);
  }, []);
  return (timestamp: number) => Math.max(0, Math.floor((now - timestamp) / 60_000));
}

function Queue({ selected, onSelect }: { selected: string | undefined; onSelect: (id: string) => void }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<QueueStatus>('open');
  const [pageNum, setPageNum] = useState(1);
  const queue = useSupportQueue(status, pageNum);
  const isLive = useQueueSocket();
  const minutesSince = useMinutesSince();
  return (
    <Card
      title={t('support.queue')}
      size="small"
      extra={<Tag color={isLive ? 'green' : 'default'}>{isLive ? t('support.queueLive') : t('support.queueOffline')}</Tag>}
    >
      <Radio.Group
        value={status}
        onChange={(event) => setStatus(event.target.value)}
        options={(['open', 'closed', 'all'] as const).map((value) => ({ value, label: t(`support.status.${value}`) }))}
        style={{ marginBottom: 8 }}
      />
      <Table
        size="small"
        rowKey="id"
        loading={queue.isPending}
        dataSource={queue.data?.list ?? []}
        onRow={(row) => ({
          onClick: () => onSelect(row.id),
          style: { cursor: 'pointer', fontWeight: row.id === selected ? 600 : undefined },
        })}
        pagination={{ current: pageNum, pageSize: QUEUE_PAGE_SIZE, total: queue.data?.total ?? 0, onChange: setPageNum }}
        columns={[
          { title: t('support.who'), key: 'who', render: (_value, row) => row.userEmail ?? t('support.visitor') },
          { title: t('support.language'), dataIndex: 'language' },
          {
            title: t('support.waiting'),
            key: 'waiting',
            render: (_value, row) =>
              row.waitingSinceTimestamp === null ? (
                '–'
              ) : (
                <Tag color="orange">{t('support.minutes', { count: minutesSince(row.waitingSinceTimestamp) })}</Tag>
              ),
          },
          { title: t('support.assigned'), key: 'assigned', render: (_value, row) => row.assignedOperatorEmail ?? '–' },
          { title: t('support.lastMessage'), dataIndex: 'lastMessageText', ellipsis: true },
        ]}
      />
    </Card>
  );
}

function Messages({ detail, isUserTyping }: { detail: SupportDetail; isUserTyping: boolean }) {
  const { t } = useTranslation();
  return (
    <List
      size="small"
      dataSource={detail.messages}
      locale={{ emptyText: t('support.noMessages') }}
      footer={isUserTyping ? <Typography.Text type="secondary">{t('support.userTyping')}</Typography.Text> : null}
      renderItem={(message) => (
        <List.Item style={{ justifyContent: message.author === 'agent' ? 'flex-end' : 'flex-start' }}>
          <div style={{ maxWidth: '80%' }}>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {message.author === 'agent' ? message.agentName : t(`support.author.${message.author}`)} ·{' '}
              {formatDateTime(message.createTimeTimestamp)}
              {message.author === 'user' && detail.agentReadUpTo !== null && Number(detail.agentReadUpTo) >= Number(message.id)
                ? ` · ${t('support.readByAgent')}`
                : ''}
              {message.author === 'agent' && detail.userReadUpTo !== null && Number(detail.userReadUpTo) >= Number(message.id)
                ? ` · ${t('support.readByUser')}`
                : ''}
            </Typography.Text>
            <div>
              {message.systemEvent ? t(`support.system.${message.systemEvent}`, { rating: message.text ?? '' }) : message.text}
              {message.imageUrl ? <AuthorizedImage url={message.imageUrl} alt={t('support.image')} /> : null}
            </div>
          </div>
        </List.Item>
      )}
    />
  );
}

function Composer({ detail, onTyping }: { detail: SupportDetail; onTyping: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const action = useSupportAction();
  const sendImage = useSendImage();
  const canned = useCannedReplies();
  const risks = paymentRiskOf(draft);
  const id = detail.conversation.id;
  const replies = (canned.data ?? []).filter((reply) => reply.language === detail.conversation.language);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Select
        style={{ width: '100%' }}
        placeholder={t('support.cannedPlaceholder')}
        aria-label={t('support.cannedPlaceholder')}
        value={null}
        options={replies.map((reply) => ({ value: reply.text, label: reply.title }))}
        onChange={(text: string) => setDraft(text)}
      />
      <Input.TextArea
        rows={3}
        value={draft}
        maxLength={2000}
        aria-label={t('support.replyLabel')}
        placeholder={t('support.replyLabel')}
        onChange={(event) => {
          setDraft(event.target.value);
          onTyping();
        }}
      />
      {risks.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('support.heldWarning', { reasons: risks.map((risk) => t(`support.risk.${risk}`)).join(', ') })}
        />
      )}
      <Space>
        <Button
          type="primary"
          disabled={draft.trim() === '' || risks.length > 0}
          loading={action.isPending}
          onClick={() =>
            action.mutate({ id, kind: 'reply', text: draft.trim(), clientKey: crypto.randomUUID() }, { onSuccess: () => setDraft('') })
          }
        >
          {t('support.send')}
        </Button>
        <Upload
          accept="image/png,image/jpeg,image/webp"
          showUploadList={false}
          beforeUpload={(file) => {
            sendImage.mutate({ id, file });
            return false;
          }}
        >
          <Button loading={sendImage.isPending}>{t('support.sendImage')}</Button>
        </Upload>
      </Space>
      {sendImage.isError && <Alert type="error" title={sendImage.error.message} />}
    </Space>
  );
}

function Notes({ detail }: { detail: SupportDetail }) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  const action = useSupportAction();
  return (
    <Card size="small" title={t('support.notes')}>
      <List size="small" dataSource={detail.notes} renderItem={(item) => <List.Item>{`${item.operatorEmail}: ${item.text}`}</List.Item>} />
      <Space.Compact style={{ width: '100%' }}>
        <Input
          value={note}
          aria-label={t('support.noteLabel')}
          placeholder={t('support.noteLabel')}
          onChange={(event) => setNote(event.target.value)}
        />
        <Button
          disabled={note.trim() === ''}
          onClick={() => action.mutate({ id: detail.conversation.id, kind: 'note', text: note.trim() }, { onSuccess: () => setNote('') })}
        >
          {t('support.addNote')}
        </Button>
      </Space.Compact>
    </Card>
  );
}

function Context({ detail }: { detail: SupportDetail }) {
  const { t } = useTranslation();
  const context = detail.context;
  if (!context) return <Alert type="info" title={t('support.visitorContext')} />;
  // Identity, deposit and withdrawal states in the console's words; open orders are all in progress.
  const state = (status: string) => t(`status.${status}`, { defaultValue: status });
  const money = (list: Array<{ id: string; amount: string; currency: string; status: string }>) =>
    list.length === 0 ? '–' : list.map((row) => `#${row.id} ${row.amount} ${row.currency} (${state(row.status)})`).join(' · ');
  const orders =
    context.openOrders.length === 0 ? '–' : context.openOrders.map((row) => `#${row.id} ${row.code} × ${row.quantity}`).join(' · ');
  return (
    <Descriptions size="small" column={1} bordered title={t('support.context')}>
      <Descriptions.Item
        label={t('support.identity')}
      >{`${state(context.identity.status)}${context.identity.name ? ` · ${context.identity.name}` : ''}`}</Descriptions.Item>
      <Descriptions.Item label={t('support.deposits')}>{money(context.deposits)}</Descriptions.Item>
      <Descriptions.Item label={t('support.withdrawals')}>{money(context.withdrawals)}</Descriptions.Item>
      <Descriptions.Item label={t('support.openOrders')}>{orders}</Descriptions.Item>
    </Descriptions>
  );
}

function Conversation({ id }: { id: string }) {
  const { t } = useTranslation();
  const detail = useSupportConversation(id);
  const { isUserTyping, typing } = useConversationSocket(id);
  const action = useSupportAction();
  const lastUserId = detail.data?.messages.filter((message) => message.author === 'user').at(-1)?.id;
  const agentReadUpTo = detail.data?.agentReadUpTo ?? null;
  // The agent has the conversation open: the user's newest message counts as read (a receipt the user sees).
  useEffect(() => {
    if (lastUserId && (agentReadUpTo === null || Number(agentReadUpTo) < Number(lastUserId)))
      action.mutate({ id, kind: 'read', upToId: lastUserId });
  }, [id, lastUserId, agentReadUpTo, action.mutate]);
  if (!detail.data) return detail.isError ? <Alert type="error" title={detail.error.message} /> : <Card loading />;
  const { conversation } = detail.data;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card
        size="small"
        title={`${conversation.userEmail ?? t('support.visitor')} · ${t(`support.status.${conversation.status}`)}`}
        extra={
          <Space>
            <Button onClick={() => action.mutate({ id, kind: 'assign' })}>{t('support.assignToMe')}</Button>
            <Button danger disabled={conversation.status === 'closed'} onClick={() => action.mutate({ id, kind: 'close' })}>
              {t('support.close')}
            </Button>
          </Space>
        }
      >
        <Messages detail={detail.data} isUserTyping={isUserTyping} />
        <Composer detail={detail.data} onTyping={typing} />
      </Card>
      <Context detail={detail.data} />
      <Notes detail={detail.data} />
    </Space>
  );
}

/** The agent console: the queue beside one conversation, its user's context and the agents' notes. */
export function SupportPage() {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<string>();
  const canEditReplies = useCan('support.replies');
  return (
    <>
      <PageTitle title={t('nav.support')} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Queue selected={selected} onSelect={setSelected} />
          {canEditReplies && <CannedRepliesCard />}
        </Col>
        <Col xs={24} lg={14}>
          {selected ? <Conversation id={selected} /> : <Empty description={t('support.pick')} />}
        </Col>
      </Row>
    </>
  );
}
