import { useTranslation } from '@bolsa/client-kit/i18n';
import { LeftOutline } from 'antd-mobile-icons';
import { type ReactNode, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { hasHistory } from '../lib/navigation.ts';
import { pagePath } from '../lib/pages.ts';
import './nav-bar.css';

type NavBarProps = {
  title: string;
  /** Tab pages have no back button; pushed pages do. */
  hasBack?: boolean;
  right?: ReactNode;
};

/** The custom top bar: the page's one `<h1>`, and a back button that falls back to home. */
export function NavBar({ title, hasBack = true, right }: NavBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();

  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);

  const goBack = () => {
    if (hasHistory()) navigate(-1);
    else navigate(pagePath('home'), { replace: true });
  };

  return (
    <header className="nav-bar">
      <div className="nav-bar-side">
        {hasBack ? (
          <button type="button" className="nav-bar-back" onClick={goBack} aria-label={t('common.back')}>
            <LeftOutline aria-hidden="true" />
          </button>
        ) : null}
      </div>
      <h1 className="nav-bar-title">{title}</h1>
      <div className="nav-bar-side nav-bar-right">{right}</div>
    </header>
  );
}
