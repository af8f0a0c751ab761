import { createI18n } from '@bolsa/client-kit/i18n';

/**
 * The customer app's languages: the shared set-up of @bolsa/client-kit with this app's own catalogues.
 * The loaders are written here, with literal paths, so Vite splits each locale into its own chunk.
 */
export const { initI18n, setLocale } = createI18n({
  appMessages: {
    es: () => import('../locales/es.json'),
    en: () => import('../locales/en.json'),
    de: () => import('../locales/de.json'),
    hi: () => import('../locales/hi.json'),
    ja: () => import('../locales/ja.json'),
    th: () => import('../locales/th.json'),
    'zh-CN': () => import('../locales/zh-CN.json'),
    'zh-TW': () => import('../locales/zh-TW.json'),
  },
});

export {
  currentLocale,
  i18next,
  type LocalePreferences,
  readLocalePreferences,
  resolveLocale,
  translate,
} from '@bolsa/client-kit/i18n';
