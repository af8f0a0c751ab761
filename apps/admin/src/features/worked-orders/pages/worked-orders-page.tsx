import { useTranslation } from '@bolsa/client-kit/i18n';
import { type TwapStatus, twapStatuses } from '@bolsa/contracts';
import { Card, Segmented, Space } from 'antd';
import { useState } from 'react';
import { OrdersTable } from '../../../components/orders-table.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useWorkedOrders, type WorkedOrderRow } from '../api/worked-orders.ts';

const progressOf = (row: WorkedOrderRow) => `${row.filledQuantity} / ${row.quantity} (${row.slicesFilled}/${row.slices})`;

/** Worked orders (issue 19 §3, TWAP) of every user: plan, progress, average price, fees and why one waits or stopped. */
export function WorkedOrdersPage() {
  const { t } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const [status, setStatus] = useState<TwapStatus | 'all'>('working');
  const orders = useWorkedOrders(pageNum, status === 'all' ? undefined : status);
  const state = (row: WorkedOrderRow) =>
    row.waitReason
      ? `${t(`workedOrders.status.${row.status}`)} · ${t(`workedOrders.wait.${row.waitReason}`)}`
      : row.stopMessage
        ? `${t(`workedOrders.status.${row.status}`)} · ${row.stopMessage}`
        : t(`workedOrders.status.${row.status}`);
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <PageTitle title={t('nav.workedOrders')} />
      <Card>
        <Segmented
          value={status}
          onChange={(value) => {
            setStatus(value as TwapStatus | 'all');
            setPageNum(1);
          }}
          options={[...twapStatuses, 'all' as const].map((value) => ({ value, label: t(`workedOrders.status.${value}`) }))}
        />
        <OrdersTable
          page={orders.data}
          isLoading={orders.isPending}
          pageNum={pageNum}
          onPageChange={setPageNum}
          columns={[
            { title: t('workedOrders.progress'), key: 'progress', render: (_: unknown, row) => progressOf(row) },
            { title: t('workedOrders.averagePrice'), dataIndex: 'averagePrice', render: (value: string | null) => value ?? '–' },
            { title: t('workedOrders.limitPrice'), dataIndex: 'limitPrice', render: (value: string | null) => value ?? '–' },
            { title: t('blocktrade.fee'), dataIndex: 'fees', render: (fees: string, row) => `${fees} ${row.currency}` },
            { title: t('workedOrders.state'), key: 'state', render: (_: unknown, row) => state(row) },
            {
              title: t('workedOrders.period'),
              key: 'period',
              render: (_: unknown, row) => `${formatDateTime(row.startedAtTimestamp)} – ${formatDateTime(row.endsAtTimestamp)}`,
            },
          ]}
        />
      </Card>
    </Space>
  );
}
