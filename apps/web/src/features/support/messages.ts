import type { MessageLoaders } from '@bolsa/client-kit/i18n';

/** The support chat's strings: loaded by its button after the first screen, never with it. */
export const supportMessages: MessageLoaders = {
  es: () => import('./locales/es.json'),
  en: () => import('./locales/en.json'),
  de: () => import('./locales/de.json'),
  hi: () => import('./locales/hi.json'),
  ja: () => import('./locales/ja.json'),
  th: () => import('./locales/th.json'),
  'zh-CN': () => import('./locales/zh-CN.json'),
  'zh-TW': () => import('./locales/zh-TW.json'),
};
