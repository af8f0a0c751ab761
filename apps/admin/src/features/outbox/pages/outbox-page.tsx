import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from '@bolsa/client-kit/i18n';
import { Alert, Button, Table, Typography } from 'antd';
import { PageTitle } from '../../../components/page-title.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { type OutboxEntry, useOutbox } from '../api/get-outbox.ts';

/** The mails the server would have sent, when it runs without SMTP (development, demos). */
export function OutboxPage() {
  const { t } = useTranslation();
  const outbox = useOutbox();
  return (
    <>
      <PageTitle
        title={t('nav.outbox')}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void outbox.refetch()} loading={outbox.isFetching}>
            {t('common.refresh')}
          </Button>
        }
      />
      <Alert type="info" showIcon title={t('outbox.explanation')} style={{ marginBottom: 16 }} />
      {outbox.isError ? <Alert type="error" showIcon title={outbox.error.message} style={{ marginBottom: 16 }} /> : null}
      <Table<OutboxEntry>
        rowKey={(entry) => `${entry.sentAtTimestamp}-${entry.to}-${entry.subject}`}
        loading={outbox.isLoading}
        dataSource={[...(outbox.data ?? [])].reverse()}
        scroll={{ x: 'max-content' }}
        expandable={{
          expandedRowRender: (entry) => (
            <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{entry.text}</Typography.Paragraph>
          ),
        }}
        columns={[
          { title: t('outbox.sentAt'), dataIndex: 'sentAtTimestamp', render: (value: number) => formatDateTime(value) },
          { title: t('outbox.to'), dataIndex: 'to' },
          { title: t('outbox.subject'), dataIndex: 'subject' },
        ]}
      />
    </>
  );
}
