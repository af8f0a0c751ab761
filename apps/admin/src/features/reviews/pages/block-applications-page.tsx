import { useTranslation } from '@bolsa/client-kit/i18n';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { ReviewQueue } from '../components/review-queue.tsx';

/** Block-trading applications (issue 19): where the applicant stood against the requirements when applying. */
export function BlockApplicationsPage() {
  const { t } = useTranslation();
  return (
    <ReviewQueue
      resource="blocktrade"
      title={t('nav.blockApplications')}
      approveLabel={t('blocktrade.activate')}
      approveConfirm={t('blocktrade.activateConfirm')}
      approvedMessage={t('blocktrade.activated')}
      rejectedMessage={t('blocktrade.refused')}
      isDecidable={(row) => row.status === 'pending'}
      columns={[
        { title: t('reviews.id'), dataIndex: 'id' },
        { title: t('reviews.user'), dataIndex: 'userEmail' },
        {
          title: t('blocktrade.identity'),
          dataIndex: 'identityVerified',
          render: (value: boolean) => (value ? t('blocktrade.yes') : t('blocktrade.no')),
        },
        { title: t('blocktrade.accountValue'), dataIndex: 'accountValueUsd', render: (value: string) => `US$ ${value}` },
        { title: t('blocktrade.filledOrders'), dataIndex: 'filledOrders' },
        { title: t('reviews.status'), dataIndex: 'status', render: (status: string) => <StatusTag status={status} /> },
        { title: t('reviews.submittedAt'), dataIndex: 'appliedAtTimestamp', render: (value: number) => formatDateTime(value) },
        { title: t('reviews.reason'), dataIndex: 'reason' },
      ]}
    />
  );
}
