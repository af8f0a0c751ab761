import { AuditOutlined } from '@ant-design/icons';
import { useTranslation } from '@bolsa/client-kit/i18n';
import { MISSING_ACCOUNT_CURRENCY } from '@bolsa/contracts';
import { Alert, Button, Card, Descriptions, Empty, Space, Table, Tag } from 'antd';
import { PageTitle } from '../../../components/page-title.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { type ReconciliationReport, useReconciliation, useReconciliationRuns } from '../api/get-reconciliation.ts';

type Difference = { key: string; kind: string; subject: string; expected: string; found: string };

/** Every difference the report found, as one list: what the operator must look at before anything else. */
function differencesOf(report: ReconciliationReport, t: (key: string, options?: Record<string, unknown>) => string): Difference[] {
  return [
    ...report.balanceMismatches.map((row) => ({
      key: `balance-${row.accountId}`,
      kind: t('ledger.kinds.balance'),
      subject: t('ledger.account', { id: row.accountId }),
      expected: row.entries,
      found: row.stored,
    })),
    ...report.heldMismatches.map((row) => ({
      key: `held-${row.accountId}`,
      kind: t('ledger.kinds.held'),
      subject: t('ledger.account', { id: row.accountId }),
      expected: row.holds,
      found: row.stored,
    })),
    ...report.unbalancedJournals.map((row) => ({
      key: `journal-${row.journalId}-${row.currency}`,
      kind: t('ledger.kinds.journal'),
      subject: t('ledger.journal', {
        id: row.journalId,
        currency: row.currency === MISSING_ACCOUNT_CURRENCY ? t('ledger.missingAccount') : row.currency,
      }),
      expected: '0',
      found: row.total,
    })),
    ...report.negativeAvailable.map((row) => ({
      key: `negative-${row.accountId}`,
      kind: t('ledger.kinds.negative'),
      subject: t('ledger.account', { id: row.accountId }),
      expected: `≥ ${row.held}`,
      found: row.balance,
    })),
    ...report.currencyTotals
      .filter((row) => Number(row.total) !== 0)
      .map((row) => ({
        key: `currency-${row.currency}`,
        kind: t('ledger.kinds.currency'),
        subject: row.currency,
        expected: '0',
        found: row.total,
      })),
  ];
}

/** The ledger's reconciliation on demand; any difference comes first, then the totals that agree. */
export function ReconciliationPage() {
  const { t } = useTranslation();
  const reconciliation = useReconciliation();
  const runs = useReconciliationRuns();
  // The report on the page: the one just run on demand, else the latest daily one.
  const report = reconciliation.data ?? runs.data?.[0];
  const differences = report ? differencesOf(report, t) : [];
  return (
    <>
      <PageTitle
        title={t('nav.reconciliation')}
        extra={
          <Button type="primary" icon={<AuditOutlined />} loading={reconciliation.isFetching} onClick={() => void reconciliation.refetch()}>
            {t('ledger.run')}
          </Button>
        }
      />
      {reconciliation.isError ? <Alert type="error" showIcon title={reconciliation.error.message} style={{ marginBottom: 16 }} /> : null}
      {!report ? (
        <Card>
          <Empty description={t('ledger.notRun')} />
        </Card>
      ) : (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          {differences.length > 0 ? (
            <Card title={t('ledger.differences', { count: differences.length })} styles={{ header: { color: '#cf1322' } }}>
              <Alert type="error" showIcon title={t('ledger.unbalanced')} style={{ marginBottom: 16 }} />
              <Table<Difference>
                rowKey="key"
                size="small"
                pagination={false}
                dataSource={differences}
                scroll={{ x: 'max-content' }}
                columns={[
                  { title: t('ledger.kind'), dataIndex: 'kind' },
                  { title: t('ledger.subject'), dataIndex: 'subject' },
                  { title: t('ledger.expected'), dataIndex: 'expected', align: 'right' },
                  { title: t('ledger.found'), dataIndex: 'found', align: 'right' },
                ]}
              />
            </Card>
          ) : (
            <Alert type="success" showIcon title={t('ledger.balanced')} />
          )}
          <Card title={t('ledger.summary')}>
            <Descriptions size="small" column={{ xs: 1, md: 3 }}>
              <Descriptions.Item label={t('ledger.checkedAt')}>{formatDateTime(report.checkedAtTimestamp)}</Descriptions.Item>
              <Descriptions.Item label={t('ledger.accountsChecked')}>{report.accountsChecked}</Descriptions.Item>
              <Descriptions.Item label={t('ledger.entriesChecked')}>{report.entriesChecked}</Descriptions.Item>
            </Descriptions>
            <Table
              rowKey="currency"
              size="small"
              pagination={false}
              dataSource={report.currencyTotals}
              columns={[
                { title: t('ledger.currency'), dataIndex: 'currency' },
                { title: t('ledger.total'), dataIndex: 'total', align: 'right' },
              ]}
            />
          </Card>
          <DailyRuns runs={runs.data ?? []} />
        </Space>
      )}
    </>
  );
}

/** The scheduled reconciliations, newest first, each with its outcome. */
function DailyRuns({ runs }: { runs: ReconciliationReport[] }) {
  const { t } = useTranslation();
  return (
    <Card title={t('ledger.dailyRuns')}>
      <Table<ReconciliationReport>
        rowKey="checkedAtTimestamp"
        size="small"
        pagination={false}
        dataSource={runs}
        locale={{ emptyText: t('ledger.noDailyRuns') }}
        columns={[
          { title: t('ledger.checkedAt'), dataIndex: 'checkedAtTimestamp', render: (value: number) => formatDateTime(value) },
          {
            title: t('ledger.outcome'),
            dataIndex: 'isBalanced',
            render: (_value: boolean, run) =>
              run.isBalanced ? (
                <Tag color="green">{t('ledger.outcomeBalanced')}</Tag>
              ) : (
                <Tag color="red">{t('ledger.outcomeDifferences', { count: differencesOf(run, t).length })}</Tag>
              ),
          },
          { title: t('ledger.accountsChecked'), dataIndex: 'accountsChecked', align: 'right' },
        ]}
      />
    </Card>
  );
}
