import { useTranslation } from '@bolsa/client-kit/i18n';
import { Alert, Descriptions, Skeleton, Table, Timeline } from 'antd';
import { useParams } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { percent, useLoanHistory } from '../api/loans-api.ts';
import { LoanStatusTag } from './loan-book-page.tsx';

/** One loan from application to today: the applicant's facts, the stored terms, where it stands, and every event in order. */
export function LoanHistoryPage() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const history = useLoanHistory(id);
  if (history.isPending) return <Skeleton active />;
  if (history.isError) return <Alert type="error" showIcon title={history.error.message} />;
  const { loan, events } = history.data;
  const facts: Array<[string, string]> = [
    [t('loans.user'), loan.userEmail],
    [t('loans.amount'), `${loan.amount} USD`],
    [t('loans.period'), String(loan.periodDays)],
    [t('loans.dailyRate'), percent(loan.dailyRate)],
    [t('loans.apr'), percent(loan.apr)],
    [t('loans.totalRepay'), `${loan.terms.totalRepay} USD`],
    [t('loans.maxPenalty'), `${loan.terms.maxPenalty} USD`],
    [t('loans.principalOutstanding'), `${loan.principalOutstanding} USD`],
    [t('loans.interestCharged'), `${loan.interestCharged} USD`],
    [t('loans.penaltyCharged'), `${loan.penaltyCharged} USD`],
    [t('loans.totalDebt'), `${loan.totalDebt} USD`],
    [t('loans.repaidTotal'), `${loan.repaidTotal} USD`],
    [t('loans.score'), `${loan.creditScore} (${t('loans.scoreNow')}: ${loan.credit.score})`],
    [t('loans.dueAt'), loan.expireTime ? formatDateTime(loan.expireTime) : '–'],
  ];
  return (
    <>
      <PageTitle title={t('loans.historyTitle', { id: loan.id })} extra={<LoanStatusTag row={loan} />} />
      <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered style={{ marginBottom: 16 }}>
        {facts.map(([label, value]) => (
          <Descriptions.Item key={label} label={label}>
            {value}
          </Descriptions.Item>
        ))}
        {loan.rejectReason ? <Descriptions.Item label={t('loans.rejectReason')}>{loan.rejectReason}</Descriptions.Item> : null}
      </Descriptions>
      <Table
        size="small"
        rowKey="name"
        pagination={false}
        dataSource={loan.credit.factors}
        style={{ marginBottom: 16 }}
        columns={[
          { title: t('loans.factor'), dataIndex: 'name', render: (name: string) => t(`loans.factors.${name}`) },
          { title: t('loans.factorValue'), dataIndex: 'value' },
          { title: t('loans.points'), key: 'points', render: (_value, factor) => `${factor.points} / ${factor.weight}` },
        ]}
      />
      <Timeline
        items={events.map((event) => ({
          key: event.id,
          content: (
            <>
              <strong>{t(`loans.events.${event.kind}`)}</strong>
              {event.day !== null ? ` · ${t('loans.day', { day: event.day })}` : ''}
              {event.amount !== null ? ` · ${event.amount} USD` : ''}
              {event.operatorId !== null ? ` · ${t('loans.byOperator', { id: event.operatorId })}` : ''}
              {event.journalId !== null ? ` · ${t('loans.journal', { id: event.journalId })}` : ''}
              {event.note ? ` · ${event.note}` : ''}
              <br />
              <span style={{ color: '#595959' }}>{formatDateTime(event.atTimestamp)}</span>
            </>
          ),
        }))}
      />
    </>
  );
}
