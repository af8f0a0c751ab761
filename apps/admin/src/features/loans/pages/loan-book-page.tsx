import { ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from '@bolsa/client-kit/i18n';
import { Alert, Button, Card, Col, Row, Segmented, Space, Statistic, Table } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { ToneTag } from '../../../components/tone-tag.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { BOOK_PAGE_SIZE, type BookStatus, type LoanBookRow, percent, useLoanBook } from '../api/loans-api.ts';

const statuses = ['all', 'pending', 'in_use', 'overdue', 'repaid', 'rejected'] as const;

export function LoanStatusTag({ row }: { row: Pick<LoanBookRow, 'status' | 'isOverdue' | 'awaitsSecondApproval'> }) {
  const { t } = useTranslation();
  if (row.isOverdue) return <ToneTag tone="red">{t('loans.overdue')}</ToneTag>;
  if (row.awaitsSecondApproval) return <ToneTag tone="blue">{t('loans.awaitsSecond')}</ToneTag>;
  const tones = { pending: 'gold', rejected: 'red', in_use: 'blue', repaid: 'green' } as const;
  return <ToneTag tone={tones[row.status]}>{t(`loans.status.${row.status}`)}</ToneTag>;
}

/** The loan book: what users owe (principal, interest, penalty), what was earned, what is overdue, and the ledger beside it. */
export function LoanBookPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<NonNullable<BookStatus>>('all');
  const [pageNum, setPageNum] = useState(1);
  const book = useLoanBook(status, pageNum);
  const data = book.data;
  const stats: Array<[string, string | number]> = data
    ? [
        [t('loans.principalOutstanding'), `${data.principalOutstanding} USD`],
        [t('loans.interestOutstanding'), `${data.interestOutstanding} USD`],
        [t('loans.penaltyOutstanding'), `${data.penaltyOutstanding} USD`],
        [t('loans.interestEarned'), `${data.interestEarned} USD`],
        [t('loans.penaltyEarned'), `${data.penaltyEarned} USD`],
        [t('loans.overdueDebt'), `${data.overdueDebt} USD (${data.overdueCount})`],
        [t('loans.inUse'), data.inUseCount],
        [t('loans.pending'), data.pendingCount],
      ]
    : [];
  return (
    <>
      <PageTitle
        title={t('nav.loanBook')}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void book.refetch()} loading={book.isFetching}>
            {t('common.refresh')}
          </Button>
        }
      />
      {book.isError ? <Alert type="error" showIcon title={book.error.message} style={{ marginBottom: 16 }} /> : null}
      {data ? (
        <Alert
          type={data.isReconciled ? 'success' : 'error'}
          showIcon
          style={{ marginBottom: 16 }}
          title={t(data.isReconciled ? 'loans.reconciled' : 'loans.notReconciled', { amount: data.receivableBalance })}
        />
      ) : null}
      <Row gutter={[12, 12]} style={{ marginBottom: 16 }}>
        {stats.map(([label, value]) => (
          <Col key={label} xs={12} md={6}>
            <Card size="small">
              <Statistic title={label} value={value} />
            </Card>
          </Col>
        ))}
      </Row>
      <Space style={{ marginBottom: 12 }} wrap>
        <Segmented<NonNullable<BookStatus>>
          value={status}
          onChange={(value) => {
            setStatus(value);
            setPageNum(1);
          }}
          options={statuses.map((value) => ({ value, label: t(`loans.filter.${value}`) }))}
        />
      </Space>
      <Table<LoanBookRow>
        rowKey="id"
        size="middle"
        loading={book.isLoading}
        dataSource={data?.loans.list ?? []}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('loans.id'), dataIndex: 'id', render: (id: string) => <Link to={`/loans/${id}`}>{id}</Link> },
          { title: t('loans.user'), dataIndex: 'userEmail' },
          { title: t('loans.amount'), dataIndex: 'amount', align: 'right' },
          { title: t('loans.period'), dataIndex: 'periodDays' },
          { title: t('loans.dailyRate'), dataIndex: 'dailyRate', render: (rate: string) => percent(rate) },
          { title: t('loans.principalOutstanding'), dataIndex: 'principalOutstanding', align: 'right' },
          { title: t('loans.interestCharged'), dataIndex: 'interestCharged', align: 'right' },
          { title: t('loans.penaltyCharged'), dataIndex: 'penaltyCharged', align: 'right' },
          { title: t('loans.totalDebt'), dataIndex: 'totalDebt', align: 'right' },
          { title: t('loans.statusTitle'), key: 'status', render: (_value, row) => <LoanStatusTag row={row} /> },
          { title: t('loans.dueAt'), dataIndex: 'expireTime', render: (value: number | null) => (value ? formatDateTime(value) : '–') },
        ]}
        pagination={{
          current: pageNum,
          pageSize: BOOK_PAGE_SIZE,
          total: data?.loans.total ?? 0,
          showSizeChanger: false,
          onChange: setPageNum,
        }}
      />
    </>
  );
}
