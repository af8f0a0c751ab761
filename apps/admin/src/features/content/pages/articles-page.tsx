import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from '@bolsa/client-kit/i18n';
import { type ArticleKind, articleLanguageOrder, type OperatorArticle } from '@bolsa/contracts';
import { Button, Segmented, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageTitle } from '../../../components/page-title.tsx';
import { showSuccess } from '../../../lib/feedback.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useArticles } from '../api/get-articles.ts';
import { useSetArticlePublished } from '../api/set-article-published.ts';

const PAGE_SIZE = 20;

/** antd's green tag is 3.4:1; a darker green on the same tint passes AA. */
export const publishedTagStyle = { color: '#135200', background: '#f6ffed', borderColor: '#95de64' };

/** The title an operator reads in the list: in the console's language, else through the app's fallback. */
export function displayTitle(article: OperatorArticle): string {
  for (const locale of articleLanguageOrder(currentLocale())) {
    const title = article.translations[locale]?.title;
    if (title) return title;
  }
  return '';
}

export const editRouteOf = (article: { id: string }) => `/articles/edit?id=${encodeURIComponent(article.id)}`;

type ToolbarProps = {
  fixedKind: ArticleKind | undefined;
  kindFilter: ArticleKind | 'all';
  onKindFilter: (kind: ArticleKind | 'all') => void;
};

/** The kind filter (on the all-articles page) and the button to write a new one. */
function ArticlesToolbar({ fixedKind, kindFilter, onKindFilter }: ToolbarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Space wrap>
      {fixedKind ? null : (
        <Segmented
          aria-label={t('content.kind')}
          value={kindFilter}
          onChange={(value) => onKindFilter(value as ArticleKind | 'all')}
          options={[
            { value: 'all', label: t('content.allKinds') },
            { value: 'news', label: t('content.kinds.news') },
            { value: 'notice', label: t('content.kinds.notice') },
          ]}
        />
      )}
      <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`/articles/edit${fixedKind ? `?kind=${fixedKind}` : ''}`)}>
        {t(fixedKind === 'notice' ? 'content.newNotice' : 'content.newArticle')}
      </Button>
    </Space>
  );
}

function ArticlesTable({ fixedKind }: { fixedKind?: ArticleKind }) {
  const { t } = useTranslation();
  const [kindFilter, setKindFilter] = useState<ArticleKind | 'all'>('all');
  const [pageNum, setPageNum] = useState(1);
  const kind = fixedKind ?? (kindFilter === 'all' ? undefined : kindFilter);
  const articles = useArticles({ ...(kind ? { kind } : {}), pageNum, pageSize: PAGE_SIZE });
  const setPublished = useSetArticlePublished();

  const toggle = (article: OperatorArticle) =>
    setPublished.mutate(
      { id: article.id, isPublished: !article.isPublished },
      { onSuccess: (saved) => showSuccess(t(saved.isPublished ? 'content.published' : 'content.unpublished')) },
    );

  return (
    <>
      <PageTitle
        title={t(fixedKind === 'notice' ? 'nav.notices' : 'nav.articles')}
        extra={
          <ArticlesToolbar
            fixedKind={fixedKind}
            kindFilter={kindFilter}
            onKindFilter={(value) => {
              setKindFilter(value);
              setPageNum(1);
            }}
          />
        }
      />
      <Table<OperatorArticle>
        rowKey="id"
        loading={articles.isFetching}
        dataSource={articles.data?.list ?? []}
        // antd's own empty state is too light for AA contrast; plain text in the page's colour.
        locale={{ emptyText: <span className="content-empty">{t('content.noArticles')}</span> }}
        pagination={{
          current: pageNum,
          pageSize: PAGE_SIZE,
          total: articles.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPageNum,
        }}
        columns={[
          {
            title: t('content.title'),
            key: 'title',
            render: (_, article) => <Link to={editRouteOf(article)}>{displayTitle(article) || `#${article.id}`}</Link>,
          },
          { title: t('content.kind'), dataIndex: 'kind', render: (value: ArticleKind) => t(`content.kinds.${value}`) },
          {
            title: t('content.languages'),
            key: 'languages',
            render: (_, article) => Object.keys(article.translations).join(', '),
          },
          {
            title: t('content.tags'),
            dataIndex: 'tags',
            render: (tags: string[]) => tags.map((tag) => <Tag key={tag}>{tag}</Tag>),
          },
          {
            title: t('content.status'),
            key: 'status',
            render: (_, article) =>
              article.isPublished ? (
                <Tag style={publishedTagStyle}>{t('content.statusPublished')}</Tag>
              ) : (
                <Tag>{t('content.statusDraft')}</Tag>
              ),
          },
          {
            title: t('content.publishedAt'),
            dataIndex: 'publishTimestamp',
            render: (value: number | null) => (value ? new Date(value).toLocaleString(currentLocale()) : '—'),
          },
          {
            title: t('content.actions'),
            key: 'actions',
            render: (_, article) => (
              <Space>
                <Link to={editRouteOf(article)}>{t('content.edit')}</Link>
                <Button
                  size="small"
                  onClick={() => toggle(article)}
                  loading={setPublished.isPending && setPublished.variables?.id === article.id}
                >
                  {t(article.isPublished ? 'content.unpublish' : 'content.publish')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}

/** #/articles: news and notices, drafts included, with publish and unpublish. */
export function ArticlesPage() {
  return <ArticlesTable />;
}

/** #/notices: the same list, notices only (a notice is an article of the kind `notice`). */
export function NoticesPage() {
  return <ArticlesTable fixedKind="notice" />;
}
