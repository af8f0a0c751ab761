import { useTranslation } from '@bolsa/client-kit/i18n';
import { type TableColumnsType as ColumnsType, Table } from 'antd';

type OrderRow = { id: string; userEmail: string; code: string; direction: number };

/**
 * A page of users' orders (block orders, worked orders): who, which instrument and which side first,
 * then the columns of the line; 20 a page, the server's paging.
 */
export function OrdersTable<Row extends OrderRow>(props: {
  page: { list: Row[]; total: number } | undefined;
  isLoading: boolean;
  pageNum: number;
  onPageChange(pageNum: number): void;
  columns: ColumnsType<Row>;
}) {
  const { t } = useTranslation();
  const identity: ColumnsType<Row> = [
    { title: t('reviews.id'), dataIndex: 'id' },
    { title: t('reviews.user'), dataIndex: 'userEmail' },
    { title: t('blocktrade.code'), dataIndex: 'code' },
    {
      title: t('workedOrders.direction'),
      dataIndex: 'direction',
      render: (direction: number) => t(direction === 1 ? 'workedOrders.sell' : 'workedOrders.buy'),
    },
  ];
  return (
    <Table<Row>
      rowKey="id"
      size="small"
      scroll={{ x: true }}
      loading={props.isLoading}
      dataSource={props.page?.list}
      pagination={{ current: props.pageNum, pageSize: 20, total: props.page?.total, onChange: props.onPageChange }}
      columns={[...identity, ...props.columns]}
    />
  );
}
