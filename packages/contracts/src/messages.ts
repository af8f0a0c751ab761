import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import hi from './locales/hi.json' with { type: 'json' };
import ja from './locales/ja.json' with { type: 'json' };
import deServer from './locales/server/de.json' with { type: 'json' };
import enServer from './locales/server/en.json' with { type: 'json' };
import esServer from './locales/server/es.json' with { type: 'json' };
import hiServer from './locales/server/hi.json' with { type: 'json' };
import jaServer from './locales/server/ja.json' with { type: 'json' };
import thServer from './locales/server/th.json' with { type: 'json' };
import zhCNServer from './locales/server/zh-CN.json' with { type: 'json' };
import zhTWServer from './locales/server/zh-TW.json' with { type: 'json' };
import th from './locales/th.json' with { type: 'json' };
import zhCN from './locales/zh-CN.json' with { type: 'json' };
import zhTW from './locales/zh-TW.json' with { type: 'json' };
import type { Locale } from './locales.ts';

/**
 * Messages the server speaks in every locale. The apps load ./locales/*.json per locale: validation, field
 * names and the few result messages they show on their own (a session ended, a file refused before sending);
 * every other result message (the server words it in the envelope's `msg`), the mails and the inbox's system
 * messages are in ./locales/server/*.json, which only the server reads, so they never weigh on a first screen.
 */
type Catalog = typeof en & typeof enServer;
function merged(app: typeof en, server: typeof enServer): Catalog {
  return { ...app, ...server, errors: { ...app.errors, ...server.errors } } as Catalog;
}

export const messageCatalog: Record<Locale, Catalog> = {
  es: merged(es, esServer),
  en: merged(en, enServer),
  de: merged(de, deServer),
  hi: merged(hi, hiServer),
  ja: merged(ja, jaServer),
  th: merged(th, thServer),
  'zh-CN': merged(zhCN, zhCNServer),
  'zh-TW': merged(zhTW, zhTWServer),
};
