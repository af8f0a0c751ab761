import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from '@bolsa/client-kit/i18n';
import { Alert, Button, Card, DatePicker, Form, Input, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { PageTitle } from '../../../components/page-title.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { AUDIT_PAGE_SIZE, type AuditEntry, type AuditFilters, useAuditSearch } from '../api/search-audit.ts';

type FilterForm = Omit<AuditFilters, 'from' | 'to'> & { days?: unknown };

function json(value: unknown): string {
  return value === null || value === undefined ? '—' : JSON.stringify(value, null, 2);
}

/** Every operator action, newest first: who, what, on what, before and after, when, from where. Read-only. */
export function AuditPage() {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<AuditFilters>({});
  const [days, setDays] = useState<[string, string]>();
  const [pageNum, setPageNum] = useState(1);
  const audit = useAuditSearch(filters, pageNum);

  const apply = (values: FilterForm) => {
    const trimmed = (text: string | undefined) => text?.trim() || undefined;
    setFilters({
      operatorId: trimmed(values.operatorId),
      action: trimmed(values.action),
      targetType: trimmed(values.targetType),
      targetId: trimmed(values.targetId),
      from: days?.[0] || undefined,
      to: days?.[1] || undefined,
    });
    setPageNum(1);
  };

  return (
    <>
      <PageTitle title={t('nav.audit')} />
      <Card style={{ marginBottom: 16 }}>
        <Form<FilterForm> layout="inline" onFinish={apply} style={{ rowGap: 12 }}>
          <Form.Item name="operatorId" label={t('audit.operatorId')} rules={[{ pattern: /^\s*\d*\s*$/, message: t('audit.idInvalid') }]}>
            <Input inputMode="numeric" style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="action" label={t('audit.action')} tooltip={t('audit.actionHint')}>
            <Input placeholder="kyc.approve" style={{ width: 170 }} />
          </Form.Item>
          <Form.Item name="targetType" label={t('audit.targetType')}>
            <Input placeholder="kyc" style={{ width: 120 }} />
          </Form.Item>
          <Form.Item name="targetId" label={t('audit.targetId')}>
            <Input style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="days" label={t('audit.days')}>
            <DatePicker.RangePicker
              allowEmpty={[true, true]}
              onChange={(_dates, strings) => setDays(strings[0] || strings[1] ? strings : undefined)}
              aria-label={t('audit.days')}
            />
          </Form.Item>
          <Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                {t('audit.search')}
              </Button>
            </Space>
          </Form.Item>
        </Form>
      </Card>
      {audit.isError ? <Alert type="error" showIcon title={audit.error.message} style={{ marginBottom: 16 }} /> : null}
      <Table<AuditEntry>
        rowKey="id"
        size="middle"
        loading={audit.isLoading}
        dataSource={audit.data?.list ?? []}
        scroll={{ x: 'max-content' }}
        expandable={{
          expandedRowRender: (entry) => (
            <Space align="start" wrap size={24}>
              <div>
                <Typography.Text strong>{t('audit.before')}</Typography.Text>
                <pre style={{ margin: 0 }}>{json(entry.before)}</pre>
              </div>
              <div>
                <Typography.Text strong>{t('audit.after')}</Typography.Text>
                <pre style={{ margin: 0 }}>{json(entry.after)}</pre>
              </div>
            </Space>
          ),
        }}
        pagination={{
          current: pageNum,
          pageSize: AUDIT_PAGE_SIZE,
          total: audit.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPageNum,
        }}
        columns={[
          { title: t('audit.when'), dataIndex: 'createdAtTimestamp', render: (value: number) => formatDateTime(value) },
          {
            title: t('audit.operator'),
            key: 'operator',
            render: (_value, entry) => (entry.operatorEmail ? `${entry.operatorEmail} (#${entry.operatorId})` : t('audit.system')),
          },
          { title: t('audit.action'), dataIndex: 'action', render: (action: string) => <Typography.Text code>{action}</Typography.Text> },
          { title: t('audit.target'), key: 'target', render: (_value, entry) => `${entry.targetType} #${entry.targetId}` },
          { title: t('audit.address'), dataIndex: 'ipAddress' },
        ]}
      />
    </>
  );
}
