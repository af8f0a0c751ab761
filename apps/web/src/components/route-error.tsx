import { useTranslation } from '@bolsa/client-kit/i18n';
import { EmptyState } from './empty-state.tsx';

/** Shown when a page fails to load or render (for example a chunk missing after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <main className="app-main">
      <header className="nav-bar">
        <div className="nav-bar-side" />
        <h1 className="nav-bar-title">{t('common.pageLoadError')}</h1>
        <div className="nav-bar-side" />
      </header>
      <EmptyState title={t('common.pageLoadErrorDescription')}>
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          {t('common.retry')}
        </button>
      </EmptyState>
    </main>
  );
}
