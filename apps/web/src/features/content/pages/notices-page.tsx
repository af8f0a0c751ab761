import { useTranslation } from '@bolsa/client-kit/i18n';
import type { ArticleKind } from '@bolsa/contracts';
import { PullToRefresh } from 'antd-mobile';
import { FileOutline } from 'antd-mobile-icons';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListEnd } from '../../../components/list-end.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { useArticles, useArticleTags } from '../api/articles.ts';
import { ArticleList } from '../components/article-list.tsx';
import '../content.css';

const kinds: ArticleKind[] = ['notice', 'news'];

/**
 * /pages/notice/index: notices, and news on the second tab (`?tab=news`), newest first, filterable by
 * tag (`&tag=`). The choice lives in the query string so back and reload keep it.
 */
export function NoticesPage() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const kind: ArticleKind = searchParams.get('tab') === 'news' ? 'news' : 'notice';
  const tags = useArticleTags();
  const tag = tags.data?.some((item) => item.dictValue === searchParams.get('tag')) ? (searchParams.get('tag') ?? undefined) : undefined;
  const articles = useArticles(kind, tag);
  const rows = articles.data?.pages.flatMap((page) => page.list) ?? [];

  const choose = (next: { tab?: ArticleKind; tag?: string | undefined }) => {
    const query = new URLSearchParams();
    query.set('tab', next.tab ?? kind);
    const nextTag = 'tag' in next ? next.tag : tag;
    if (nextTag) query.set('tag', nextTag);
    setSearchParams(query, { replace: true });
  };

  return (
    <>
      <NavBar title={t(`content.kinds.${kind}`)} />
      <div className="page-body">
        <nav className="segmented-nav" aria-label={t('content.kindsLabel')}>
          {kinds.map((candidate) => (
            <button
              key={candidate}
              type="button"
              className={`segmented-option${candidate === kind ? ' is-selected' : ''}`}
              aria-pressed={candidate === kind}
              onClick={() => choose({ tab: candidate })}
            >
              {t(`content.kinds.${candidate}`)}
            </button>
          ))}
        </nav>
        {tags.data && tags.data.length > 0 ? (
          <ul className="chips article-tags" aria-label={t('content.tagsLabel')}>
            {[{ dictValue: '', dictLabel: t('content.allTags') }, ...tags.data].map((item) => {
              const isSelected = (tag ?? '') === item.dictValue;
              return (
                <li key={item.dictValue || 'all'}>
                  <button
                    type="button"
                    className={`chip${isSelected ? ' is-selected' : ''}`}
                    aria-pressed={isSelected}
                    onClick={() => choose({ tag: item.dictValue || undefined })}
                  >
                    {item.dictLabel}
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}
        <PullToRefresh onRefresh={async () => void (await articles.refetch())}>
          {articles.isPending ? (
            <ListSkeleton rows={4} />
          ) : articles.isError && rows.length === 0 ? (
            <EmptyState title={t('content.loadFailed')} description={articles.error.message}>
              <button type="button" className="button button-primary" onClick={() => void articles.refetch()}>
                {t('common.retry')}
              </button>
            </EmptyState>
          ) : rows.length === 0 ? (
            <EmptyState icon={<FileOutline />} title={t(`content.empty.${kind}`)} />
          ) : (
            <>
              <ArticleList articles={rows} label={t(`content.kinds.${kind}`)} />
              <ListEnd
                hasMore={articles.hasNextPage}
                loadMore={async () => {
                  const result = await articles.fetchNextPage();
                  if (result.isError) throw result.error;
                }}
              />
            </>
          )}
        </PullToRefresh>
      </div>
    </>
  );
}
