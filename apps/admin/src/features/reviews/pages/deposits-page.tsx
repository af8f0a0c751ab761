import { useTranslation } from '@bolsa/client-kit/i18n';
import { Descriptions, Typography } from 'antd';
import { AuthorizedImage } from '../../../components/authorized-image.tsx';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { ReviewQueue } from '../components/review-queue.tsx';

/** Deposits waiting for review, with the transfer screenshot and the deposit's reference to match; approving credits the chosen wallet. */
export function DepositsPage() {
  const { t } = useTranslation();
  return (
    <ReviewQueue
      resource="deposits"
      title={t('nav.deposits')}
      approveLabel={t('reviews.approve')}
      approveConfirm={t('reviews.depositApproveConfirm')}
      approvedMessage={t('reviews.depositApproved')}
      rejectedMessage={t('reviews.depositRejected')}
      isDecidable={(row) => row.status === 'pending'}
      columns={[
        { title: t('reviews.id'), dataIndex: 'id' },
        { title: t('reviews.user'), dataIndex: 'userEmail' },
        { title: t('reviews.method'), dataIndex: 'method', render: (method: string) => t(`reviews.methods.${method}`) },
        {
          title: t('reviews.depositWallet'),
          dataIndex: 'walletType',
          render: (walletType: string) => t(`reviews.depositFor.${walletType}`),
        },
        { title: t('reviews.reference'), dataIndex: 'reference', render: (reference: string | null) => reference ?? '–' },
        {
          title: t('reviews.amount'),
          key: 'amount',
          align: 'right',
          render: (_value, row) => `${row.amount} ${row.currency}`,
        },
        { title: t('reviews.status'), dataIndex: 'status', render: (status: string) => <StatusTag status={status} /> },
        { title: t('reviews.submittedAt'), dataIndex: 'createTimeTimestamp', render: (value: number) => formatDateTime(value) },
      ]}
      renderDetail={(row) => (
        <Descriptions size="small" column={1} bordered styles={{ label: { width: 180 } }}>
          <Descriptions.Item label={t('reviews.screenshot')}>
            {row.screenshotUrl ? (
              <AuthorizedImage url={row.screenshotUrl} alt={t('reviews.screenshotOf', { id: row.id })} />
            ) : (
              <Typography.Text type="secondary">{t('reviews.noScreenshot')}</Typography.Text>
            )}
          </Descriptions.Item>
          {row.reference ? (
            <Descriptions.Item label={t('reviews.reference')}>
              <Typography.Text copyable strong>
                {row.reference}
              </Typography.Text>
              <br />
              <Typography.Text type="secondary">{t('reviews.referenceHint')}</Typography.Text>
            </Descriptions.Item>
          ) : null}
          {row.txHash ? <Descriptions.Item label={t('reviews.txHash')}>{row.txHash}</Descriptions.Item> : null}
          {row.reason ? <Descriptions.Item label={t('reviews.reason')}>{row.reason}</Descriptions.Item> : null}
        </Descriptions>
      )}
    />
  );
}
