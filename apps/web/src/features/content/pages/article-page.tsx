import { useTranslation } from '@bolsa/client-kit/i18n';
import { FileOutline } from 'antd-mobile-icons';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ListSkeleton } from '../../../components/list-skeleton.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { formatDate } from '../../../lib/format.ts';
import { pagePath } from '../../../lib/pages.ts';
import { useArticle } from '../api/articles.ts';
import { MarkdownText } from '../components/markdown-text.tsx';
import '../content.css';

/** One article (`?id=`), in the app's language or the fallback the server chose, marked with its language. */
function ArticlePage({ kind }: { kind: 'news' | 'notice' }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const id = searchParams.get('id') ?? '';
  const article = useArticle(id);
  const isMissing = !/^\d{1,15}$/.test(id) || article.isError;

  return (
    <>
      <NavBar title={t(kind === 'notice' ? 'content.noticeTitle' : 'content.newsTitle')} />
      <div className="page-body">
        {isMissing ? (
          <EmptyState icon={<FileOutline />} title={article.error?.message ?? t('content.notFound')}>
            <Link className="button button-primary" to={pagePath('notices', { tab: kind })}>
              {t(kind === 'notice' ? 'content.allNotices' : 'content.allNews')}
            </Link>
          </EmptyState>
        ) : !article.data ? (
          <ListSkeleton rows={3} />
        ) : (
          <article className="article" lang={article.data.language}>
            <h2 className="article-heading">{article.data.title}</h2>
            <p className="article-meta">
              <time dateTime={new Date(article.data.publishTimestamp).toISOString()}>{formatDate(article.data.publishTimestamp)}</time>
              {article.data.tags.map((tag) => (
                <span key={tag.dictValue} className="article-tag">
                  {tag.dictLabel}
                </span>
              ))}
            </p>
            <MarkdownText source={article.data.body} />
          </article>
        )}
      </div>
    </>
  );
}

/** /pages/notice/detail?id= */
export function NoticeDetailPage() {
  return <ArticlePage kind="notice" />;
}

/** /pages/news/detail?id=: a news article opened from the home page or the news list. */
export function NewsDetailPage() {
  return <ArticlePage kind="news" />;
}
