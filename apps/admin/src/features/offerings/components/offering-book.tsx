import { useTranslation } from '@bolsa/client-kit/i18n';
import { Button, Descriptions, Popconfirm, Table, Tag } from 'antd';
import { formatDateTime } from '../../../lib/format.ts';
import { type Offering, useAllotOffering, useBook, usePreview } from '../api/offerings.ts';

/** The allotment preview in totals, and the run (once the window has closed and only once). */
function Allotment({ offering }: { offering: Offering }) {
  const { t } = useTranslation();
  const preview = usePreview(offering.id);
  const allot = useAllotOffering();
  const data = preview.data;
  const canRun = offering.status === 'published' && offering.phase === 'closed';
  return (
    <>
      <Descriptions size="small" column={2} bordered title={t(data?.isFinal ? 'offerings.result' : 'offerings.preview')}>
        <Descriptions.Item label={t('offerings.totalLots')}>{data?.totalLots}</Descriptions.Item>
        <Descriptions.Item label={t('offerings.demandLots')}>{data?.demandLots}</Descriptions.Item>
        <Descriptions.Item label={t('offerings.allottedLots')}>{data?.allottedLots}</Descriptions.Item>
        <Descriptions.Item label={t('offerings.winners')}>{data?.winners}</Descriptions.Item>
        <Descriptions.Item label={t('offerings.oversubscription')}>{data ? `${data.oversubscription}×` : ''}</Descriptions.Item>
        <Descriptions.Item label={t('offerings.oneLotRate')}>{data?.oneLotSuccessRate}</Descriptions.Item>
        <Descriptions.Item label={t('offerings.posted')}>{data?.posted}</Descriptions.Item>
        <Descriptions.Item label={t('offerings.returned')}>{data?.returned}</Descriptions.Item>
        <Descriptions.Item label={t('offerings.seedHash')} span={2}>
          <code style={{ wordBreak: 'break-all' }}>{offering.seedHash ?? '—'}</code>
        </Descriptions.Item>
        {offering.seed ? (
          <Descriptions.Item label={t('offerings.seed')} span={2}>
            <code style={{ wordBreak: 'break-all' }}>{offering.seed}</code>
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      {canRun ? (
        <Popconfirm title={t('offerings.allotConfirm')} onConfirm={() => allot.mutate(offering.id)}>
          <Button type="primary" loading={allot.isPending} style={{ marginTop: 12 }}>
            {t('offerings.allot')}
          </Button>
        </Popconfirm>
      ) : null}
    </>
  );
}

/** The live subscription book: every application, what it holds and (once drawn) what it received. */
export function OfferingBook({ offering }: { offering: Offering }) {
  const { t } = useTranslation();
  const book = useBook(offering.id);
  return (
    <>
      <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('offerings.applications')}>{offering.applications}</Descriptions.Item>
        <Descriptions.Item label={t('offerings.heldAmount')}>{book.data?.heldAmount}</Descriptions.Item>
      </Descriptions>
      <Allotment offering={offering} />
      <Table
        rowKey="applicationNo"
        size="small"
        style={{ marginTop: 16 }}
        loading={book.isFetching && !book.data}
        dataSource={book.data?.applications ?? []}
        pagination={{ pageSize: 20 }}
        columns={[
          { title: t('offerings.applicationNo'), dataIndex: 'applicationNo' },
          { title: t('offerings.userId'), dataIndex: 'userId' },
          { title: t('offerings.lots'), dataIndex: 'lots' },
          { title: t('offerings.held'), dataIndex: 'held' },
          {
            title: t('offerings.allottedLots'),
            key: 'allotted',
            render: (_value, row) => (row.allottedLots === null ? <Tag>{t('offerings.waiting')}</Tag> : row.allottedLots),
          },
          { title: t('offerings.appliedAt'), key: 'at', render: (_value, row) => formatDateTime(row.createdTimestamp) },
        ]}
      />
    </>
  );
}
