import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from '@bolsa/client-kit/i18n';
import { Alert, Button, Popconfirm, Segmented, Space, Table, type TableColumnsType } from 'antd';
import { type ReactNode, useState } from 'react';
import { PageTitle } from '../../../components/page-title.tsx';
import { ReasonModal } from '../../../components/reason-modal.tsx';
import { showSuccess } from '../../../lib/feedback.ts';
import {
  REVIEW_PAGE_SIZE,
  type ReviewResource,
  type ReviewRow,
  type ReviewStatusFilter,
  useReviewDecision,
  useReviewQueue,
} from '../api/review-queue.ts';

type ReviewQueueProps<Resource extends ReviewResource, Row = ReviewRow<Resource>> = {
  resource: Resource;
  title: string;
  columns: TableColumnsType<Row>;
  /** The row's documents or screenshot, shown when the row is opened. */
  renderDetail?: (row: Row) => ReactNode;
  approveLabel: string;
  approveConfirm: string;
  approvedMessage: string;
  rejectedMessage: string;
  /** Only rows waiting for a decision offer the buttons. */
  isDecidable: (row: Row) => boolean;
};

/** A review queue: pending first (or everything), open a row to see its documents, decide with a reason. */
export function ReviewQueue<Resource extends ReviewResource>(props: ReviewQueueProps<Resource>) {
  type Row = ReviewRow<Resource>;
  const { t } = useTranslation();
  const [status, setStatus] = useState<ReviewStatusFilter>('pending');
  const [pageNum, setPageNum] = useState(1);
  const [rejecting, setRejecting] = useState<Row>();
  const queue = useReviewQueue(props.resource, status, pageNum);
  const { approve, reject } = useReviewDecision(props.resource);

  const actions: TableColumnsType<Row>[number] = {
    title: t('reviews.actions'),
    key: 'actions',
    fixed: 'right',
    render: (_value, row) =>
      props.isDecidable(row) ? (
        <Space wrap>
          <Popconfirm
            title={props.approveConfirm}
            okText={props.approveLabel}
            cancelText={t('common.cancel')}
            onConfirm={() => approve.mutateAsync(row.id).then(() => showSuccess(props.approvedMessage))}
          >
            <Button type="primary" size="small" loading={approve.isPending && approve.variables === row.id}>
              {props.approveLabel}
            </Button>
          </Popconfirm>
          <Button danger size="small" onClick={() => setRejecting(row)}>
            {t('reviews.reject')}
          </Button>
        </Space>
      ) : null,
  };

  return (
    <>
      <PageTitle
        title={props.title}
        extra={
          <Space wrap>
            <Segmented<ReviewStatusFilter>
              value={status}
              onChange={(value) => {
                setStatus(value);
                setPageNum(1);
              }}
              options={[
                { value: 'pending', label: t('reviews.pending') },
                { value: 'all', label: t('reviews.all') },
              ]}
            />
            <Button icon={<ReloadOutlined />} onClick={() => void queue.refetch()} loading={queue.isFetching}>
              {t('common.refresh')}
            </Button>
          </Space>
        }
      />
      {queue.isError ? <Alert type="error" showIcon title={queue.error.message} style={{ marginBottom: 16 }} /> : null}
      <Table<Row>
        rowKey="id"
        size="middle"
        loading={queue.isLoading}
        dataSource={queue.data?.list ?? []}
        columns={[...props.columns, actions]}
        scroll={{ x: 'max-content' }}
        expandable={props.renderDetail ? { expandedRowRender: props.renderDetail } : undefined}
        pagination={{
          current: pageNum,
          pageSize: REVIEW_PAGE_SIZE,
          total: queue.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPageNum,
        }}
      />
      <ReasonModal
        isOpen={rejecting !== undefined}
        title={t('reviews.rejectTitle', { id: rejecting?.id ?? '' })}
        isSubmitting={reject.isPending}
        onCancel={() => setRejecting(undefined)}
        onSubmit={(reason) => {
          if (!rejecting) return;
          reject.mutate(
            { id: rejecting.id, reason },
            {
              onSuccess: () => {
                setRejecting(undefined);
                showSuccess(props.rejectedMessage);
              },
            },
          );
        }}
      />
    </>
  );
}
