import { useTranslation } from '@bolsa/client-kit/i18n';
import { Descriptions } from 'antd';
import { StatusTag } from '../../../components/status-tag.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { RevealAccount } from '../components/reveal-account.tsx';
import { ReviewQueue } from '../components/review-queue.tsx';

/** Withdrawals waiting to be paid; paying posts the hold, rejecting voids it and says why. */
export function WithdrawalsPage() {
  const { t } = useTranslation();
  return (
    <ReviewQueue
      resource="withdrawals"
      title={t('nav.withdrawals')}
      approveLabel={t('reviews.pay')}
      approveConfirm={t('reviews.withdrawalPayConfirm')}
      approvedMessage={t('reviews.withdrawalPaid')}
      rejectedMessage={t('reviews.withdrawalRejected')}
      isDecidable={(row) => row.status === 'pending'}
      columns={[
        { title: t('reviews.id'), dataIndex: 'id' },
        { title: t('reviews.user'), dataIndex: 'userEmail' },
        { title: t('reviews.method'), dataIndex: 'method', render: (method: string) => t(`reviews.methods.${method}`) },
        {
          title: t('reviews.amount'),
          key: 'amount',
          align: 'right',
          // A yen withdrawal holds dollars and pays the quoted yen: the operator pays the yen.
          render: (_value, row) =>
            row.payout ? `${row.amount} ${row.currency} → ${row.payout.amount} ${row.payout.currency}` : `${row.amount} ${row.currency}`,
        },
        { title: t('reviews.destination'), dataIndex: 'destination' },
        { title: t('reviews.status'), dataIndex: 'status', render: (status: string) => <StatusTag status={status} /> },
        { title: t('reviews.submittedAt'), dataIndex: 'createTimeTimestamp', render: (value: number) => formatDateTime(value) },
      ]}
      renderDetail={(row) => (
        <Descriptions size="small" column={1} bordered styles={{ label: { width: 180 } }}>
          {row.timeline.map((entry) => (
            <Descriptions.Item key={entry.step} label={t(`reviews.timeline.${entry.step}`)}>
              {formatDateTime(entry.timeTimestamp)}
            </Descriptions.Item>
          ))}
          {row.reason ? <Descriptions.Item label={t('reviews.reason')}>{row.reason}</Descriptions.Item> : null}
          {row.payout ? (
            <Descriptions.Item label={t('reviews.payout')}>
              {t('reviews.payoutText', { amount: row.payout.amount, currency: row.payout.currency, rate: row.payout.rate })}
            </Descriptions.Item>
          ) : null}
          <Descriptions.Item label={t('reviews.destination')}>
            <RevealAccount withdrawalId={row.id} />
          </Descriptions.Item>
        </Descriptions>
      )}
    />
  );
}
