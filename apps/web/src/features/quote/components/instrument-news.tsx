import { useTranslation } from '@bolsa/client-kit/i18n';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format.ts';
import { pagePath } from '../../../lib/pages.ts';
import { useInstrumentNews } from '../api/get-instrument-news.ts';

/** News the operators tagged with this instrument (issue 17 §2), newest first; says so when there is none. */
export function InstrumentNews({ code }: { code: string }) {
  const { t } = useTranslation();
  const news = useInstrumentNews(code);
  if (news.isPending || news.isError) return null;
  return (
    <section className="instrument-news" aria-labelledby="instrument-news-title">
      <h2 id="instrument-news-title">{t('instrumentNews.title', { code })}</h2>
      {news.data.list.length === 0 ? (
        <p className="instrument-news-empty">{t('instrumentNews.empty', { code })}</p>
      ) : (
        <ul>
          {news.data.list.map((article) => (
            <li key={article.id}>
              <Link to={pagePath('newsDetail', { id: article.id })}>{article.title}</Link>
              <time dateTime={new Date(article.publishTimestamp).toISOString()}>{formatDate(article.publishTimestamp, 'DD/MM/YYYY')}</time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
