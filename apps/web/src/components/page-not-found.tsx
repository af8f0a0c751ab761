import { useTranslation } from '@bolsa/client-kit/i18n';
import { QuestionCircleOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { pagePath } from '../lib/pages.ts';
import { EmptyState } from './empty-state.tsx';
import { NavBar } from './nav-bar.tsx';

/** Any route the app does not know. The nav bar holds the one heading with the page title. */
export function PageNotFound() {
  const { t } = useTranslation();
  return (
    <>
      <NavBar title={t('notFound.title')} />
      <EmptyState icon={<QuestionCircleOutline />} title={t('notFound.description')}>
        <Link className="button button-primary" to={pagePath('home')} replace>
          {t('common.goHome')}
        </Link>
      </EmptyState>
    </>
  );
}
