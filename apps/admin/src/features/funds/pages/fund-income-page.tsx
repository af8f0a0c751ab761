import { useTranslation } from '@bolsa/client-kit/i18n';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Popconfirm, Row, Select, Space, Statistic, Table, Tag } from 'antd';
import { useState } from 'react';
import { PageTitle } from '../../../components/page-title.tsx';
import { showError, showSuccess } from '../../../lib/feedback.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useCan } from '../../../lib/session-store.ts';
import {
  bps,
  type FundRate,
  type IncomeReport,
  useFundProducts,
  useFundRates,
  useIncomeReport,
  usePublishRate,
  useRunIncome,
} from '../api/funds-api.ts';

const dayOf = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function RatesCard({ productId }: { productId: string }) {
  const { t } = useTranslation();
  const rates = useFundRates(productId);
  const publish = usePublishRate(productId);
  const canEdit = useCan('funds.manage');
  const [form] = Form.useForm<{ date: string; rateBps: number }>();
  return (
    <Card size="small" title={t('funds.rates')} style={{ marginBottom: 16 }}>
      <Alert type="info" showIcon title={t('funds.rateRule')} style={{ marginBottom: 12 }} />
      {canEdit ? (
        <Form
          form={form}
          layout="inline"
          initialValues={{ date: dayOf(1) }}
          onFinish={(values) => publish.mutate(values, { onSuccess: () => showSuccess(t('funds.ratePublished')), onError: showError })}
          style={{ marginBottom: 12 }}
        >
          <Form.Item name="date" label={t('funds.date')} rules={[{ required: true }]}>
            <Input placeholder="YYYY-MM-DD" />
          </Form.Item>
          <Form.Item name="rateBps" label={t('funds.fields.rateBps')} rules={[{ required: true }]}>
            <InputNumber min={0} max={5000} precision={0} />
          </Form.Item>
          <Button htmlType="submit" type="primary" loading={publish.isPending}>
            {t('funds.publishRate')}
          </Button>
        </Form>
      ) : null}
      <Table<FundRate>
        rowKey="date"
        size="small"
        loading={rates.isLoading}
        dataSource={rates.data?.list ?? []}
        pagination={false}
        columns={[
          { title: t('funds.date'), dataIndex: 'date' },
          { title: t('funds.rate'), dataIndex: 'rateBps', render: (value: number) => bps(value) },
          { title: t('funds.publishedAt'), dataIndex: 'publishedAtTimestamp', render: (value: number) => formatDateTime(value) },
          { title: t('funds.operator'), dataIndex: 'publishedBy' },
          {
            title: t('funds.posted'),
            dataIndex: 'isPosted',
            render: (value: boolean) => (value ? <Tag color="green">{t('funds.posted')}</Tag> : null),
          },
        ]}
      />
    </Card>
  );
}

function ReportFigures({ report }: { report: IncomeReport }) {
  const { t } = useTranslation();
  const stats: Array<[string, string | number]> = [
    [t('funds.rate'), bps(report.rateBps)],
    [t('funds.holders'), report.holders],
    [t('funds.totalBalance'), `${report.totalBalance} USD`],
    [t('funds.totalIncome'), `${report.totalIncome} USD`],
  ];
  return (
    <>
      <Alert
        type={report.isReconciled ? 'success' : 'error'}
        showIcon
        style={{ marginBottom: 12 }}
        title={t(report.isReconciled ? 'funds.reconciled' : 'funds.notReconciled', {
          held: report.fundsHeldBalance,
          holdings: report.holdingsTotal,
          pending: report.pendingRedemptions,
          income: report.incomeAccountBalance,
          paid: report.incomePaidTotal,
        })}
      />
      <Row gutter={[12, 12]} style={{ marginBottom: 12 }}>
        {stats.map(([label, value]) => (
          <Col key={label} xs={12} md={6}>
            <Card size="small">
              <Statistic title={label} value={value} />
            </Card>
          </Col>
        ))}
      </Row>
      <p>
        {report.isPosted && report.postedAtTimestamp
          ? t('funds.closedAt', { time: formatDateTime(report.postedAtTimestamp), by: t(`funds.trigger.${report.trigger ?? 'job'}`) })
          : t('funds.notPosted')}
      </p>
    </>
  );
}

/** The income job's report of a day: what was posted, to whom, and that the ledger reconciles; and the rates. */
export function FundIncomePage() {
  const { t } = useTranslation();
  const products = useFundProducts();
  const currents = (products.data ?? []).filter((product) => product.kind === 'current');
  const [chosen, setChosen] = useState<string>();
  const productId = chosen ?? currents[0]?.id;
  const [date, setDate] = useState(dayOf(-1));
  const report = useIncomeReport(productId, date);
  const run = useRunIncome(productId);
  const canRun = useCan('funds.manage');
  return (
    <>
      <PageTitle title={t('nav.fundIncome')} />
      <Space style={{ marginBottom: 16 }} wrap>
        <Select
          style={{ minWidth: 220 }}
          value={productId}
          onChange={setChosen}
          options={currents.map((product) => ({ value: product.id, label: product.name }))}
          aria-label={t('funds.fields.name')}
        />
        <Input value={date} onChange={(event) => setDate(event.target.value)} aria-label={t('funds.date')} style={{ width: 140 }} />
        {canRun ? (
          <Popconfirm
            title={t('funds.runConfirm', { date })}
            okText={t('funds.run')}
            cancelText={t('common.cancel')}
            onConfirm={() => run.mutate(date, { onSuccess: () => showSuccess(t('funds.ran')), onError: showError })}
          >
            <Button type="primary" loading={run.isPending}>
              {t('funds.run')}
            </Button>
          </Popconfirm>
        ) : null}
      </Space>
      {report.isError ? <Alert type="error" showIcon title={report.error.message} style={{ marginBottom: 16 }} /> : null}
      {report.data ? <ReportFigures report={report.data} /> : null}
      <Table
        rowKey="userId"
        size="middle"
        loading={report.isLoading}
        dataSource={report.data?.lines ?? []}
        pagination={false}
        style={{ marginBottom: 16 }}
        columns={[
          { title: t('funds.user'), dataIndex: 'userEmail' },
          { title: t('funds.balanceAtClose'), dataIndex: 'balance', align: 'right' },
          { title: t('funds.income'), dataIndex: 'amount', align: 'right' },
          { title: t('funds.journal'), dataIndex: 'journalId' },
        ]}
      />
      {productId ? <RatesCard productId={productId} /> : null}
    </>
  );
}
