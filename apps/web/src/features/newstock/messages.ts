import type { MessageLoaders } from '@bolsa/client-kit/i18n';

/** The new-share pages' strings (the subscription tab of the Trade tab shows them too): loaded with those pages (see `app/page-loaders.ts`), not with the first screen. */
export const newstockMessages: MessageLoaders = {
  es: () => import('./locales/es.json'),
  en: () => import('./locales/en.json'),
  de: () => import('./locales/de.json'),
  hi: () => import('./locales/hi.json'),
  ja: () => import('./locales/ja.json'),
  th: () => import('./locales/th.json'),
  'zh-CN': () => import('./locales/zh-CN.json'),
  'zh-TW': () => import('./locales/zh-TW.json'),
};
