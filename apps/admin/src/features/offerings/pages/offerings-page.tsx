import { useTranslation } from '@bolsa/client-kit/i18n';
import { Button, Card, Drawer, Input, Modal, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { PageTitle } from '../../../components/page-title.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useOperator } from '../../../lib/session-store.ts';
import { type Offering, useOfferings, usePublishOffering, useRejectOffering } from '../api/offerings.ts';
import { OfferingBook } from '../components/offering-book.tsx';
import { OfferingForm } from '../components/offering-form.tsx';

const statusColors: Record<Offering['status'], string> = {
  pending: 'gold',
  published: 'blue',
  allotted: 'purple',
  listed: 'green',
  rejected: 'default',
};

/** What an operator may do with an offering now: edit or decide a pending one (not their own), watch the book. */
function Actions({ offering, onEdit, onBook }: { offering: Offering; onEdit: () => void; onBook: () => void }) {
  const { t } = useTranslation();
  const publish = usePublishOffering();
  const reject = useRejectOffering();
  const [reason, setReason] = useState('');
  const operator = useOperator();
  const isOwn = operator?.id === offering.createdBy;
  const askReason = () =>
    Modal.confirm({
      title: t('offerings.rejectTitle'),
      content: <Input.TextArea maxLength={200} onChange={(event) => setReason(event.target.value)} />,
      onOk: () => reject.mutateAsync({ id: offering.id, reason: reason.trim() || t('offerings.rejectDefault') }),
    });
  if (offering.status !== 'pending')
    return (
      <Button size="small" onClick={onBook}>
        {t('offerings.book')}
      </Button>
    );
  return (
    <Space wrap>
      <Button size="small" onClick={onEdit}>
        {t('offerings.edit')}
      </Button>
      <Button
        size="small"
        type="primary"
        disabled={isOwn}
        title={isOwn ? t('offerings.ownRequest') : undefined}
        loading={publish.isPending}
        onClick={() => publish.mutate(offering.id)}
      >
        {t('offerings.publish')}
      </Button>
      <Button size="small" danger disabled={isOwn} onClick={askReason}>
        {t('offerings.reject')}
      </Button>
    </Space>
  );
}

/** New-share offerings (issue 18 §5): create and edit, publish under four eyes, the live book, the allotment preview and run. */
export function OfferingsPage() {
  const { t } = useTranslation();
  const offerings = useOfferings();
  const [editing, setEditing] = useState<Offering | null | undefined>(undefined);
  const [bookOf, setBookOf] = useState<Offering | null>(null);
  const current = bookOf ? (offerings.data?.find((row) => row.id === bookOf.id) ?? bookOf) : null;
  return (
    <>
      <PageTitle title={t('nav.offerings')} />
      <Card style={{ marginBottom: 16 }}>
        <p>{t('offerings.intro')}</p>
        <Button type="primary" onClick={() => setEditing(null)}>
          {t('offerings.add')}
        </Button>
      </Card>
      <Table<Offering>
        rowKey="id"
        scroll={{ x: 'max-content' }}
        loading={offerings.isPending}
        dataSource={offerings.data ?? []}
        pagination={false}
        columns={[
          { title: t('offerings.fields.kind'), key: 'kind', render: (_value, row) => <Tag>{t(`offerings.kinds.${row.kind}`)}</Tag> },
          { title: t('offerings.fields.code'), dataIndex: 'code' },
          { title: t('offerings.fields.name'), dataIndex: 'name' },
          {
            title: t('offerings.status'),
            key: 'status',
            render: (_value, row) => (
              <Space size={4}>
                <Tag color={statusColors[row.status]}>{t(`offerings.statuses.${row.status}`)}</Tag>
                {row.status === 'published' ? <Tag>{t(`offerings.phases.${row.phase}`)}</Tag> : null}
              </Space>
            ),
          },
          { title: t('offerings.fields.price'), dataIndex: 'price' },
          {
            title: t('offerings.discount'),
            key: 'discount',
            render: (_value, row) =>
              row.discountRate === null ? '—' : `${(Number(row.discountRate) * 100).toFixed(2)} % (${row.referenceClose ?? ''})`,
          },
          {
            title: t('offerings.window'),
            key: 'window',
            render: (_value, row) => `${formatDateTime(row.openTimestamp)} – ${formatDateTime(row.purchaseEndDate)}`,
          },
          { title: t('offerings.fields.listAt'), key: 'list', render: (_value, row) => formatDateTime(row.listDate) },
          {
            title: t('offerings.demand'),
            key: 'demand',
            render: (_value, row) => t('offerings.demandValue', { applications: row.applications, lots: row.appliedLots }),
          },
          {
            title: '',
            key: 'actions',
            render: (_value, row) => <Actions offering={row} onEdit={() => setEditing(row)} onBook={() => setBookOf(row)} />,
          },
        ]}
      />
      <Modal
        open={editing !== undefined}
        width={760}
        title={t(editing ? 'offerings.edit' : 'offerings.add')}
        footer={null}
        destroyOnHidden
        onCancel={() => setEditing(undefined)}
      >
        {editing !== undefined ? <OfferingForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(undefined)} /> : null}
      </Modal>
      <Drawer
        open={current !== null}
        width={720}
        title={current ? `${current.code} · ${current.name}` : ''}
        onClose={() => setBookOf(null)}
        destroyOnHidden
      >
        {current ? <OfferingBook offering={current} /> : null}
      </Drawer>
    </>
  );
}
