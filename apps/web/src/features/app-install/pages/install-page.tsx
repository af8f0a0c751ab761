import '../../../lib/antd-mobile-setup.ts';
import { useTranslation } from '@bolsa/client-kit/i18n';
import { APP_VERSION } from '@bolsa/contracts';
import { useSyncExternalStore } from 'react';
import { NavBar } from '../../../components/nav-bar.tsx';
import { showToast } from '../../../lib/toast.ts';
import { installOffer, isInstalled } from '../components/install-prompt.ts';
import '../app-install.css';

function Steps({ title, keys }: { title: string; keys: string[] }) {
  const { t } = useTranslation();
  return (
    <section className="install-card">
      <h2 className="install-card-title">{title}</h2>
      <ol className="install-steps">
        {keys.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ol>
    </section>
  );
}

/** The spec's app download: install the web app on the home screen, the browser's offer where it has one, else the steps. */
export function InstallPage() {
  const { t } = useTranslation();
  const isOffered = useSyncExternalStore(installOffer.subscribe, installOffer.isAvailable);
  const install = async () => {
    if (await installOffer.prompt()) showToast(t('install.installed'), 'success');
  };
  return (
    <>
      <NavBar title={t('install.title')} />
      <div className="page-body">
        <section className="install-card">
          <img className="install-icon" src="./icons/icon-192.png" alt="" width={64} height={64} />
          <p>{t('install.intro')}</p>
          {isInstalled() ? <p className="install-done">{t('install.installed')}</p> : null}
          {isOffered ? (
            <button type="button" className="button button-primary" onClick={() => void install()}>
              {t('install.installNow')}
            </button>
          ) : null}
          <p className="install-muted">{t('install.version', { version: APP_VERSION })}</p>
        </section>
        <Steps title={t('install.androidTitle')} keys={['install.android1', 'install.android2', 'install.android3', 'install.android4']} />
        <Steps title={t('install.iosTitle')} keys={['install.ios1', 'install.ios2', 'install.ios3', 'install.ios4']} />
      </div>
    </>
  );
}
