import type { MessageLoaders } from '@bolsa/client-kit/i18n';

/** The notices, articles and web pages' strings, and the content rows of the account page: loaded with the pages that show them (see `app/page-loaders.ts`), not with the first screen. */
export const contentMessages: MessageLoaders = {
  es: () => import('./locales/es.json'),
  en: () => import('./locales/en.json'),
  de: () => import('./locales/de.json'),
  hi: () => import('./locales/hi.json'),
  ja: () => import('./locales/ja.json'),
  th: () => import('./locales/th.json'),
  'zh-CN': () => import('./locales/zh-CN.json'),
  'zh-TW': () => import('./locales/zh-TW.json'),
};
