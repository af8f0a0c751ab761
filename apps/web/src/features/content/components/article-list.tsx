import type { ArticleSummary } from '@bolsa/contracts';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format.ts';
import { articleRouteOf } from '../../../lib/navigation.ts';
import '../content.css';

/** Articles as rows that open their page: title, summary, tags and publication date. */
export function ArticleList({ articles, label }: { articles: ArticleSummary[]; label: string }) {
  return (
    <ul className="article-list" aria-label={label}>
      {articles.map((article) => (
        <li key={article.id} className="article-item">
          <Link to={articleRouteOf(article)} className="article-link" lang={article.language}>
            <span className="article-title">{article.title}</span>
            {article.summary ? <span className="article-summary">{article.summary}</span> : null}
            <span className="article-meta">
              <time dateTime={new Date(article.publishTimestamp).toISOString()}>{formatDate(article.publishTimestamp)}</time>
              {article.tags.map((tag) => (
                <span key={tag.dictValue} className="article-tag">
                  {tag.dictLabel}
                </span>
              ))}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
