import { type Locale, matchLocale } from '@bolsa/contracts';
import { setDefaultConfig, unstableSetRender } from 'antd-mobile';
import type { Locale as AntdLocale } from 'antd-mobile/es/locales/base';
import { createRoot, type Root } from 'react-dom/client';
import { i18next } from './i18n.ts';

/**
 * antd-mobile 5 renders Toast and Dialog with the legacy `ReactDOM.render`, which React 19 removed;
 * without this shim they fail silently. Each container keeps its own root. Only the modules that
 * use antd-mobile import this file, so neither it nor antd-mobile is in the first bundle.
 */
const roots = new WeakMap<Element | DocumentFragment, Root>();

unstableSetRender((node, container) => {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
  return async () => {
    // Unmount after the current render settles, as the antd-mobile guide does.
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    roots.delete(container);
  };
});

/** antd-mobile's own strings (masks, clear buttons) follow the app's language; Hindi has none, so English. */
const antdLocales: Record<Locale, () => Promise<{ default: AntdLocale }>> = {
  es: () => import('antd-mobile/es/locales/es-ES'),
  en: () => import('antd-mobile/es/locales/en-US'),
  de: () => import('antd-mobile/es/locales/de-DE'),
  hi: () => import('antd-mobile/es/locales/en-US'),
  ja: () => import('antd-mobile/es/locales/ja-JP'),
  th: () => import('antd-mobile/es/locales/th-TH'),
  'zh-CN': () => import('antd-mobile/es/locales/zh-CN'),
  'zh-TW': () => import('antd-mobile/es/locales/zh-TW'),
};

function applyAntdLocale(language: string | undefined): void {
  const locale = matchLocale(language) ?? 'en';
  void antdLocales[locale]().then((module) => setDefaultConfig({ locale: module.default }));
}

applyAntdLocale(i18next.resolvedLanguage ?? i18next.language);
i18next.on('languageChanged', applyAntdLocale);
