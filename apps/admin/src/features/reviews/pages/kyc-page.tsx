import { useTranslation } from '@bolsa/client-kit/i18n';
import { Descriptions, Flex } from 'antd';
import { AuthorizedImage } from '../../../components/authorized-image.tsx';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { ReviewQueue } from '../components/review-queue.tsx';

/** Identity verifications: the document's front and back beside the name and number typed in the app. */
export function KycPage() {
  const { t } = useTranslation();
  return (
    <ReviewQueue
      resource="kyc"
      title={t('nav.kyc')}
      approveLabel={t('reviews.verify')}
      approveConfirm={t('reviews.kycApproveConfirm')}
      approvedMessage={t('reviews.kycApproved')}
      rejectedMessage={t('reviews.kycRejected')}
      isDecidable={(row) => row.status === 'pending'}
      columns={[
        { title: t('reviews.id'), dataIndex: 'id' },
        { title: t('reviews.user'), dataIndex: 'userEmail' },
        { title: t('reviews.name'), key: 'name', render: (_value, row) => `${row.firstName} ${row.lastName}` },
        { title: t('reviews.document'), dataIndex: 'documentType', render: (type: string) => t(`reviews.documents.${type}`) },
        { title: t('reviews.country'), dataIndex: 'countryCode' },
        { title: t('reviews.status'), dataIndex: 'status', render: (status: string) => <StatusTag status={status} /> },
        { title: t('reviews.submittedAt'), dataIndex: 'submittedAtTimestamp', render: (value: number) => formatDateTime(value) },
      ]}
      renderDetail={(row) => (
        <Descriptions size="small" column={1} bordered styles={{ label: { width: 180 } }}>
          <Descriptions.Item label={t('reviews.documentNumber')}>{row.idNumber}</Descriptions.Item>
          <Descriptions.Item label={t('reviews.images')}>
            <Flex wrap gap={12}>
              <AuthorizedImage url={row.frontImageUrl} alt={t('reviews.frontOf', { name: `${row.firstName} ${row.lastName}` })} />
              {row.backImageUrl ? (
                <AuthorizedImage url={row.backImageUrl} alt={t('reviews.backOf', { name: `${row.firstName} ${row.lastName}` })} />
              ) : null}
            </Flex>
          </Descriptions.Item>
          {row.reason ? <Descriptions.Item label={t('reviews.reason')}>{row.reason}</Descriptions.Item> : null}
        </Descriptions>
      )}
    />
  );
}
