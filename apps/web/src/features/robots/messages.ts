import type { MessageLoaders } from '@bolsa/client-kit/i18n';

/** The strategy robots' strings (and the Account tab's row to them): loaded with those pages (see `app/page-loaders.ts`), not with the first screen. */
export const robotMessages: MessageLoaders = {
  es: () => import('./locales/es.json'),
  en: () => import('./locales/en.json'),
  de: () => import('./locales/de.json'),
  hi: () => import('./locales/hi.json'),
  ja: () => import('./locales/ja.json'),
  th: () => import('./locales/th.json'),
  'zh-CN': () => import('./locales/zh-CN.json'),
  'zh-TW': () => import('./locales/zh-TW.json'),
};
