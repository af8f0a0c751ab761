import { useTranslation } from '@bolsa/client-kit/i18n';
import type { OperatorDashboard } from '@bolsa/contracts';
import { Alert, Card, Col, Descriptions, Row, Space, Statistic, Tag } from 'antd';
import { Link } from 'react-router';
import { formatAgo, formatDateTime } from '../../../lib/format.ts';

const queuePaths: Record<OperatorDashboard['queues'][number]['queue'], string> = {
  kyc: '/kyc',
  deposits: '/deposits',
  withdrawals: '/withdrawals',
  adjustments: '/adjustments',
  blockApplications: '/block-applications',
  referrals: '/referral-rewards',
};

type Moved = Array<{ currency: string; count: number; amount: string }>;
const movedText = (moved: Moved) => moved.map((entry) => `${entry.amount} ${entry.currency} (${entry.count})`).join(' · ') || '0';

/** What an operator starts the day with: the queues and their oldest wait, today's users and money, the last reconciliation. */
export function DaySummary({ dashboard }: { dashboard: OperatorDashboard }) {
  const { t } = useTranslation();
  const { reconciliation } = dashboard;
  return (
    <Row gutter={[16, 16]}>
      {dashboard.queues.length > 0 ? (
        <Col xs={24} lg={12}>
          <Card title={t('dashboard.queues')}>
            <Descriptions column={1} size="small">
              {dashboard.queues.map((entry) => (
                <Descriptions.Item
                  key={entry.queue}
                  label={<Link to={queuePaths[entry.queue]}>{t(`dashboard.queue.${entry.queue}`)}</Link>}
                >
                  <Space>
                    <Tag color={entry.pending > 0 ? 'orange' : 'default'}>{entry.pending}</Tag>
                    {entry.oldestTimestamp === null
                      ? t('dashboard.nothingWaiting')
                      : t('dashboard.oldestWaiting', { ago: formatAgo(entry.oldestTimestamp), at: formatDateTime(entry.oldestTimestamp) })}
                  </Space>
                </Descriptions.Item>
              ))}
            </Descriptions>
          </Card>
        </Col>
      ) : null}
      <Col xs={24} lg={12}>
        <Card title={t('dashboard.today', { since: formatDateTime(dashboard.dayStartTimestamp) })}>
          {dashboard.newUsers !== null ? <Statistic title={t('dashboard.newUsers')} value={dashboard.newUsers} /> : null}
          <Descriptions column={1} size="small">
            {dashboard.deposits ? (
              <>
                <Descriptions.Item label={t('dashboard.depositsRequested')}>{dashboard.deposits.requested}</Descriptions.Item>
                <Descriptions.Item label={t('dashboard.depositsCredited')}>{movedText(dashboard.deposits.credited)}</Descriptions.Item>
              </>
            ) : null}
            {dashboard.withdrawals ? (
              <>
                <Descriptions.Item label={t('dashboard.withdrawalsRequested')}>{dashboard.withdrawals.requested}</Descriptions.Item>
                <Descriptions.Item label={t('dashboard.withdrawalsPaid')}>{movedText(dashboard.withdrawals.paid)}</Descriptions.Item>
              </>
            ) : null}
          </Descriptions>
        </Card>
      </Col>
      {reconciliation ? (
        <Col xs={24} lg={12}>
          <Alert
            showIcon
            type={reconciliation.isBalanced ? 'success' : 'error'}
            title={t(reconciliation.isBalanced ? 'dashboard.reconciliationBalanced' : 'dashboard.reconciliationUnbalanced')}
            description={
              <Link to="/reconciliation">{t('dashboard.reconciliationAt', { at: formatDateTime(reconciliation.checkedAtTimestamp) })}</Link>
            }
          />
        </Col>
      ) : null}
    </Row>
  );
}
