import type { MessageLoaders } from '@bolsa/client-kit/i18n';

/**
 * Two-factor sign-in and devices (issue 25 §1), the auth feature's own catalogue: loaded with the pages that ask for a code or show them (see
 * `app/page-loaders.ts`), and by the login page only when a sign-in needs its second step.
 */
export const twoFactorMessages: MessageLoaders = {
  es: () => import('./locales/es.json'),
  en: () => import('./locales/en.json'),
  de: () => import('./locales/de.json'),
  hi: () => import('./locales/hi.json'),
  ja: () => import('./locales/ja.json'),
  th: () => import('./locales/th.json'),
  'zh-CN': () => import('./locales/zh-CN.json'),
  'zh-TW': () => import('./locales/zh-TW.json'),
};
