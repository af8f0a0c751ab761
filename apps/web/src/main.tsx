import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
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
});
