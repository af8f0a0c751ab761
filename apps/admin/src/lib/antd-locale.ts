import type { Locale } from '@bolsa/contracts';
import type { Locale as AntdLocale } from 'antd/es/locale';

/** antd's own strings (pagination, empty states, date pickers) per product locale, loaded on demand. */
const antdLocales: Record<Locale, () => Promise<{ default: AntdLocale }>> = {
  es: () => import('antd/es/locale/es_ES'),
  en: () => import('antd/es/locale/en_US'),
  de: () => import('antd/es/locale/de_DE'),
  hi: () => import('antd/es/locale/hi_IN'),
  ja: () => import('antd/es/locale/ja_JP'),
  th: () => import('antd/es/locale/th_TH'),
  'zh-CN': () => import('antd/es/locale/zh_CN'),
  'zh-TW': () => import('antd/es/locale/zh_TW'),
};

export async function loadAntdLocale(locale: Locale): Promise<AntdLocale> {
  return (await antdLocales[locale]()).default;
}
