import type { MessageLoaders } from '@bolsa/client-kit/i18n';

/** The install page's and the new-version notice's strings: loaded with them (`app/page-loaders.ts`, `app/app-updates.ts`), never with the first screen. */
export const appInstallMessages: MessageLoaders = {
  es: () => import('./locales/es.json'),
  en: () => import('./locales/en.json'),
  de: () => import('./locales/de.json'),
  hi: () => import('./locales/hi.json'),
  ja: () => import('./locales/ja.json'),
  th: () => import('./locales/th.json'),
  'zh-CN': () => import('./locales/zh-CN.json'),
  'zh-TW': () => import('./locales/zh-TW.json'),
};
