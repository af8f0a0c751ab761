import { useTranslation } from '@bolsa/client-kit/i18n';
import type { ReferralReward } from '@bolsa/contracts';
import { Descriptions, Space } from 'antd';
import { type Tone, ToneTag } from '../../../components/tone-tag.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { ReviewQueue } from '../components/review-queue.tsx';

const stateTones: Record<ReferralReward['state'], Tone> = {
  waiting: 'default',
  held: 'gold',
  paid: 'green',
  refused: 'red',
  capped: 'blue',
};

/** Who the reward is for and who it is about, as the API gives them. */
const party = (email: string, id: string) => `${email} (#${id})`;

function RewardDetail({ row }: { row: ReferralReward }) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" column={1} bordered styles={{ label: { width: 200 } }}>
      {row.signals.map((signal) => (
        <Descriptions.Item key={signal} label={t(`referral.signals.${signal}`)}>
          {t(`referral.signalHints.${signal}`)}
        </Descriptions.Item>
      ))}
      {row.reason ? <Descriptions.Item label={t('reviews.reason')}>{row.reason}</Descriptions.Item> : null}
      {row.decidedBy ? <Descriptions.Item label={t('referral.decidedBy')}>#{row.decidedBy}</Descriptions.Item> : null}
      {row.paidAtTimestamp ? (
        <Descriptions.Item label={t('referral.paidAt')}>{formatDateTime(row.paidAtTimestamp)}</Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}

/** Referral rewards an abuse signal held: both parties, what held it; paying or refusing tells the referrer. */
export function ReferralRewardsPage() {
  const { t } = useTranslation();
  return (
    <ReviewQueue
      resource="referrals"
      title={t('nav.referralRewards')}
      approveLabel={t('referral.pay')}
      approveConfirm={t('referral.payConfirm')}
      approvedMessage={t('referral.paid')}
      rejectedMessage={t('referral.rejected')}
      isDecidable={(row) => row.state === 'held'}
      columns={[
        { title: t('reviews.id'), dataIndex: 'id' },
        { title: t('referral.referrer'), key: 'referrer', render: (_value, row) => party(row.referrerEmail, row.referrerId) },
        { title: t('referral.invitee'), key: 'invitee', render: (_value, row) => party(row.inviteeEmail, row.inviteeId) },
        { title: t('reviews.amount'), key: 'amount', align: 'right', render: (_value, row) => `${row.amount} ${row.currency}` },
        {
          title: t('referral.signal'),
          dataIndex: 'signals',
          render: (signals: ReferralReward['signals']) => (
            <Space wrap size={4}>
              {signals.map((signal) => (
                <ToneTag key={signal} tone="gold">
                  {t(`referral.signals.${signal}`)}
                </ToneTag>
              ))}
            </Space>
          ),
        },
        {
          title: t('reviews.status'),
          dataIndex: 'state',
          render: (state: ReferralReward['state']) => <ToneTag tone={stateTones[state]}>{t(`referral.states.${state}`)}</ToneTag>,
        },
        { title: t('referral.heldAt'), dataIndex: 'createdAtTimestamp', render: (value: number) => formatDateTime(value) },
      ]}
      renderDetail={(row) => <RewardDetail row={row} />}
    />
  );
}
