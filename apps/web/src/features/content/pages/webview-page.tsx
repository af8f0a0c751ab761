import { useTranslation } from '@bolsa/client-kit/i18n';
import { type WebviewPage as WebviewPageName, webviewPages } from '@bolsa/contracts';
import { CloseCircleOutline } from 'antd-mobile-icons';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { NavBar } from '../../../components/nav-bar.tsx';
import { pagePath } from '../../../lib/pages.ts';
import { MarkdownText } from '../components/markdown-text.tsx';

/** Only the app's own pages: an exact name from the allow-list, never an address to load. */
export function allowedWebviewPage(url: string | null): WebviewPageName | undefined {
  return webviewPages.find((page) => page === url);
}

/**
 * /pages/webview/index?url=...: shows the terms, privacy or help page, translated in the app. Any other
 * `url` (an external address, a script URL, an unknown name) is refused with "The URL does not exist".
 */
export function WebviewPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const page = allowedWebviewPage(searchParams.get('url'));
  if (!page) {
    return (
      <>
        <NavBar title={t('content.webviewTitle')} />
        <div className="page-body">
          <EmptyState icon={<CloseCircleOutline />} title={t('content.urlNotFound')}>
            <Link className="button button-primary" to={pagePath('home')}>
              {t('common.goHome')}
            </Link>
          </EmptyState>
        </div>
      </>
    );
  }
  return (
    <>
      <NavBar title={t(`content.pages.${page}.title`)} />
      <div className="page-body">
        <article className="article">
          <MarkdownText source={t(`content.pages.${page}.body`)} />
        </article>
      </div>
    </>
  );
}
