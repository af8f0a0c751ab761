import { useTranslation } from '@bolsa/client-kit/i18n';
import { Input, Table } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { ToneTag } from '../../../components/tone-tag.tsx';
import { type UserRow, useUsers } from '../api/search-users.ts';

const PAGE_SIZE = 20;

/** Users found by email, id or verified name, with their identity state and what is frozen. */
export function UsersPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const users = useUsers({ query, pageNum, pageSize: PAGE_SIZE });
  return (
    <>
      <PageTitle title={t('users.title')} />
      <Input.Search
        aria-label={t('users.search')}
        placeholder={t('users.searchPlaceholder')}
        allowClear
        enterButton={t('users.searchButton')}
        onSearch={(value) => {
          setQuery(value.trim());
          setPageNum(1);
        }}
        style={{ maxWidth: 480, marginBottom: 16 }}
      />
      <Table<UserRow>
        rowKey="id"
        scroll={{ x: 'max-content' }}
        loading={users.isFetching}
        dataSource={users.data?.list ?? []}
        pagination={{ current: pageNum, pageSize: PAGE_SIZE, total: users.data?.total ?? 0, onChange: setPageNum, showSizeChanger: false }}
        columns={[
          { title: t('users.id'), dataIndex: 'id', width: 90 },
          { title: t('users.email'), dataIndex: 'email', render: (email: string, row) => <Link to={`/users/${row.id}`}>{email}</Link> },
          { title: t('users.name'), dataIndex: 'name', render: (name: string | null) => name ?? '—' },
          { title: t('users.kyc'), dataIndex: 'kycStatus', render: (status: string) => t(`users.kycStatus.${status}`) },
          {
            title: t('users.restrictions'),
            dataIndex: 'restrictions',
            render: (kinds: UserRow['restrictions']) =>
              kinds.length === 0
                ? t('users.none')
                : kinds.map((kind) => (
                    <ToneTag key={kind} tone="red">
                      {t(`users.kind.${kind}`)}
                    </ToneTag>
                  )),
          },
          {
            title: t('users.registered'),
            dataIndex: 'createdAtTimestamp',
            render: (timestamp: number) => new Date(timestamp).toLocaleString(),
          },
        ]}
      />
    </>
  );
}
