import { useTranslation } from '@bolsa/client-kit/i18n';
import { Descriptions, Table } from 'antd';
import { Link } from 'react-router';
import { ToneTag } from '../../../components/tone-tag.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import type { OperatorLoanApplication } from '../api/review-queue.ts';
import { ReviewQueue } from '../components/review-queue.tsx';

/** A fraction ("0.0003") as a percentage ("0.03 %"), moving the point in the text: no float. */
function percent(fraction: string): string {
  const [whole = '0', decimals = ''] = fraction.split('.');
  const padded = decimals.padEnd(2, '0');
  const integer = `${whole}${padded.slice(0, 2)}`.replace(/^0+(?=\d)/, '');
  const rest = padded.slice(2).replace(/0+$/, '');
  return `${rest === '' ? integer : `${integer}.${rest}`} %`;
}

function LoanStatus({ row }: { row: OperatorLoanApplication }) {
  const { t } = useTranslation();
  if (row.isOverdue) return <ToneTag tone="red">{t('loans.overdue')}</ToneTag>;
  if (row.awaitsSecondApproval) return <ToneTag tone="blue">{t('loans.awaitsSecond')}</ToneTag>;
  const tones = { pending: 'gold', rejected: 'red', in_use: 'blue', repaid: 'green' } as const;
  return <ToneTag tone={tones[row.status]}>{t(`loans.status.${row.status}`)}</ToneTag>;
}

/** The applicant's facts behind the score, and the terms shown and stored with the application. */
function ApplicationDetail({ row }: { row: OperatorLoanApplication }) {
  const { t } = useTranslation();
  return (
    <>
      <Table
        size="small"
        rowKey="name"
        pagination={false}
        dataSource={row.credit.factors}
        columns={[
          { title: t('loans.factor'), dataIndex: 'name', render: (name: string) => t(`loans.factors.${name}`) },
          { title: t('loans.factorValue'), dataIndex: 'value' },
          { title: t('loans.points'), key: 'points', render: (_value, factor) => `${factor.points} / ${factor.weight}` },
        ]}
        style={{ marginBottom: 12 }}
      />
      <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
        <Descriptions.Item label={t('loans.score')}>{row.credit.score}</Descriptions.Item>
        <Descriptions.Item label={t('loans.limit')}>
          {row.credit.limit} USD ({t('loans.used')}: {row.credit.used})
        </Descriptions.Item>
        <Descriptions.Item label={t('loans.totalInterest')}>{row.terms.totalInterest} USD</Descriptions.Item>
        <Descriptions.Item label={t('loans.totalRepay')}>{row.terms.totalRepay} USD</Descriptions.Item>
        <Descriptions.Item label={t('loans.maxPenalty')}>{row.terms.maxPenalty} USD</Descriptions.Item>
        <Descriptions.Item label={t('loans.apr')}>{percent(row.terms.apr)}</Descriptions.Item>
        <Descriptions.Item label={t('loans.wallet')}>{row.walletType}</Descriptions.Item>
        <Descriptions.Item label={t('loans.history')}>
          <Link to={`/loans/${row.id}`}>{t('loans.openHistory')}</Link>
        </Descriptions.Item>
      </Descriptions>
    </>
  );
}

const loanColumns = (t: (key: string) => string) => [
  { title: t('loans.id'), dataIndex: 'id' },
  { title: t('loans.user'), dataIndex: 'userEmail' },
  {
    title: t('loans.amount'),
    key: 'amount',
    align: 'right' as const,
    render: (_: unknown, row: OperatorLoanApplication) => `${row.amount} USD`,
  },
  { title: t('loans.period'), dataIndex: 'periodDays' },
  { title: t('loans.dailyRate'), dataIndex: 'dailyRate', render: (rate: string) => percent(rate) },
  { title: t('loans.score'), key: 'score', render: (_: unknown, row: OperatorLoanApplication) => row.credit.score },
  { title: t('loans.statusTitle'), key: 'status', render: (_: unknown, row: OperatorLoanApplication) => <LoanStatus row={row} /> },
  { title: t('loans.appliedAt'), dataIndex: 'createTime', render: (value: number) => formatDateTime(value) },
];

/** Loan applications: the applicant's facts and score, the stored terms; above the product's threshold two operators approve. */
export function LoansPage() {
  const { t } = useTranslation();
  return (
    <ReviewQueue
      resource="loans"
      title={t('nav.loanApplications')}
      approveLabel={t('reviews.approve')}
      approveConfirm={t('loans.approveConfirm')}
      approvedMessage={t('loans.approved')}
      rejectedMessage={t('loans.rejected')}
      isDecidable={(row) => row.status === 'pending'}
      columns={loanColumns(t)}
      renderDetail={(row) => <ApplicationDetail row={row} />}
    />
  );
}
