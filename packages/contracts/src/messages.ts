import de from './locales/de.json' with { type: 'json' };
import en from './locales/en.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import hi from './locales/hi.json' with { type: 'json' };
import ja from './locales/ja.json' with { type: 'json' };
import th from './locales/th.json' with { type: 'json' };
import zhCN from './locales/zh-CN.json' with { type: 'json' };
import zhTW from './locales/zh-TW.json' with { type: 'json' };
import type { Locale } from './locales.ts';

/**
 * Messages the server speaks (result codes, validation, field names, mail) in every locale.
 * The app loads these per locale from ./locales/*.json instead, so its first bundle stays small.
 */
export const messageCatalog: Record<Locale, typeof en> = {
  es,
  en,
  de,
  hi,
  ja,
  th,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
};
