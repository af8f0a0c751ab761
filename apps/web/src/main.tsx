import { loadFeatureMessages, translate } from '@bolsa/client-kit/i18n';
import { APP_VERSION } from '@bolsa/contracts';
import { accountRoutes } from '@bolsa/contracts/routes';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { callApi } from './lib/api-client.ts';
import { initI18n } from './lib/i18n.ts';
import './app/styles.css';
import './components/shared-ui.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The first paint waits for the chosen locale's strings (and English), so no key ever flashes.
void initI18n().then(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  // The service worker and the new-version check load once the first screen is up, in their own chunk.
  const kit = {
    runningVersion: APP_VERSION,
    publishedVersion: () => callApi(accountRoutes.appVersion, {}),
    loadFeatureMessages,
    translate,
  };
  const startUpdates = () => void import('./features/app-install/components/app-updates.ts').then((module) => module.startAppUpdates(kit));
  if (document.readyState === 'complete') setTimeout(startUpdates, 0);
  else window.addEventListener('load', startUpdates, { once: true });
});
