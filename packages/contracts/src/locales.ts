/** The eight locales of the product. Spanish is the default, English the fallback. */
export const locales = ['es', 'en', 'de', 'hi', 'ja', 'th', 'zh-CN', 'zh-TW'] as const;
export type Locale = (typeof locales)[number];

export const defaultLocale: Locale = 'es';
export const fallbackLocale: Locale = 'en';

/** Names shown in the language dialog, each in its own language. */
export const localeNames: Record<Locale, string> = {
  es: 'Español (Argentina)',
  en: 'English',
  de: 'Deutsch',
  hi: 'हिन्दी',
  ja: '日本語',
  th: 'ไทย',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文',
};

/** The spec sends Spanish as `ar` in the `languages` header; every other locale goes as its own code. */
export function toWireLanguage(locale: Locale): string {
  return locale === 'es' ? 'ar' : locale;
}

/** Maps one language tag (from a header or a browser) to a supported locale, or undefined. */
export function matchLocale(tag: string | undefined | null): Locale | undefined {
  if (!tag) return undefined;
  const value = tag.trim().toLowerCase().replace('_', '-');
  if (value === '') return undefined;
  if (value === 'ar' || value === 'es' || value.startsWith('es-')) return 'es';
  if (value === 'zh-tw' || value === 'zh-hant' || value.startsWith('zh-hant') || value === 'zh-hk' || value === 'zh-mo') {
    return 'zh-TW';
  }
  if (value === 'zh' || value.startsWith('zh-')) return 'zh-CN';
  const primary = value.split('-')[0];
  return locales.find((locale) => locale === primary);
}

/**
 * Picks the locale of a request: the app's `languages` header first, then each tag of
 * `accept-language` in order of quality; anything unknown falls back to English.
 */
export function resolveRequestLocale(languagesHeader: string | undefined, acceptLanguage: string | undefined): Locale {
  const fromApp = matchLocale(languagesHeader);
  if (fromApp) return fromApp;
  if (acceptLanguage) {
    const ranked = acceptLanguage
      .split(',')
      .map((part, index) => {
        const [tag = '', ...parameters] = part.trim().split(';');
        const quality = parameters.map((p) => p.trim()).find((p) => p.startsWith('q='));
        return { tag, quality: quality ? Number(quality.slice(2)) || 0 : 1, index };
      })
      .filter((entry) => entry.quality > 0)
      .sort((a, b) => b.quality - a.quality || a.index - b.index);
    for (const entry of ranked) {
      const locale = matchLocale(entry.tag);
      if (locale) return locale;
    }
  }
  return fallbackLocale;
}
