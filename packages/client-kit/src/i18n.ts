import { defaultLocale, fallbackLocale, type Locale, locales, matchLocale, storageKeys } from '@bolsa/contracts';
import i18next from 'i18next';
import { useMemo, useSyncExternalStore } from 'react';

/**
 * One i18next instance holds, per locale, the app's own strings (its src/locales) merged with the
 * shared messages of the contracts package (errors.*, validation.*, fields.*), because forms show
 * the contracts' zod issue messages, which are keys. Only the chosen locale is fetched before the
 * first render, as its own lazily loaded chunk; the English fallback only if a key is ever missing.
 * Both front ends use this; each passes its own catalogue loaders to `createI18n`.
 */

type Messages = Record<string, unknown>;
type JsonModule = { default: Messages };

/**
 * One lazy loader per locale. They stay in each app (`() => import('../locales/es.json')`) because
 * the bundler splits only imports whose path it can see in the app's own source.
 */
export type MessageLoaders = Record<Locale, () => Promise<JsonModule>>;

const sharedMessages: MessageLoaders = {
  es: () => import('@bolsa/contracts/locales/es.json'),
  en: () => import('@bolsa/contracts/locales/en.json'),
  de: () => import('@bolsa/contracts/locales/de.json'),
  hi: () => import('@bolsa/contracts/locales/hi.json'),
  ja: () => import('@bolsa/contracts/locales/ja.json'),
  th: () => import('@bolsa/contracts/locales/th.json'),
  'zh-CN': () => import('@bolsa/contracts/locales/zh-CN.json'),
  'zh-TW': () => import('@bolsa/contracts/locales/zh-TW.json'),
};

export type LocalePreferences = {
  /** What the user chose before, from local storage. */
  stored: string | null | undefined;
  /** The deployment's choice (`VITE_DEFAULT_LOCALE`); Spanish unless configured otherwise. */
  configured: string | null | undefined;
  /** The browser's languages, most preferred first. */
  browser: readonly string[];
};

/** The spec's order: local storage, then configuration, then the browser; English when none is supported. */
export function resolveLocale({ stored, configured, browser }: LocalePreferences): Locale {
  const candidates = [stored, configured, ...browser];
  for (const candidate of candidates) {
    const locale = matchLocale(candidate);
    if (locale) return locale;
  }
  return fallbackLocale;
}

function readStoredLocale(): string | null {
  try {
    return window.localStorage.getItem(storageKeys.locale);
  } catch {
    return null;
  }
}

export function readLocalePreferences(): LocalePreferences {
  const configured = import.meta.env.VITE_DEFAULT_LOCALE;
  return {
    stored: readStoredLocale(),
    configured: typeof configured === 'string' ? configured : defaultLocale,
    browser: typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language],
  };
}

/** Deep merge of two message trees; the app's own strings win over the shared ones. */
function mergeMessages(base: Messages, override: Messages): Messages {
  const result: Messages = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const existing = result[key];
    result[key] =
      existing && typeof existing === 'object' && value && typeof value === 'object'
        ? mergeMessages(existing as Messages, value as Messages)
        : value;
  }
  return result;
}

function applyDocumentLanguage(locale: Locale): void {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

/**
 * The strings of a product line the first screen does not show (loans, block trades, new shares) live in
 * that feature's own catalogues and arrive with its pages (`loadFeatureMessages` in the page loader), so
 * each new product does not add its strings to every first screen. Once asked for, a feature's strings
 * follow every language the app loads afterwards.
 */
const featureCatalogues = new Set<MessageLoaders>();
const featureLocalesLoaded = new Map<MessageLoaders, Set<Locale>>();

async function addFeatureMessages(loaders: MessageLoaders, locale: Locale): Promise<void> {
  const done = featureLocalesLoaded.get(loaders) ?? new Set<Locale>();
  featureLocalesLoaded.set(loaders, done);
  if (done.has(locale)) return;
  const messages = await loaders[locale]();
  i18next.addResourceBundle(locale, 'translation', messages.default, true, true);
  done.add(locale);
}

/** Loads a feature's strings in every language already loaded (the current one, and English if it came). */
export async function loadFeatureMessages(loaders: MessageLoaders): Promise<void> {
  featureCatalogues.add(loaders);
  const loadedLocales = locales.filter((locale) => i18next.hasResourceBundle(locale, 'translation'));
  await Promise.all(loadedLocales.map((locale) => addFeatureMessages(loaders, locale)));
}

export type I18nOptions = {
  /** The app's own catalogues, one lazy loader per locale. */
  appMessages: MessageLoaders;
};

/**
 * The app's language functions: `initI18n` before the first render, `setLocale` for the switcher.
 * Call it once per app; every call shares the one i18next instance.
 */
export function createI18n(options: I18nOptions) {
  const loaded = new Set<Locale>();
  /** One fetch per locale, however many callers ask for it at once. */
  const loading = new Map<Locale, Promise<void>>();

  function ensureLoaded(locale: Locale): Promise<void> {
    if (loaded.has(locale)) return Promise.resolve();
    let pending = loading.get(locale);
    if (!pending) {
      pending = Promise.all([sharedMessages[locale](), options.appMessages[locale]()])
        .then(([shared, app]) => {
          i18next.addResourceBundle(locale, 'translation', mergeMessages(shared.default, app.default), true, true);
        })
        .then(() => Promise.all([...featureCatalogues].map((loaders) => addFeatureMessages(loaders, locale))))
        .then(() => {
          loaded.add(locale);
        })
        .finally(() => loading.delete(locale));
      loading.set(locale, pending);
    }
    return pending;
  }

  /** Starts i18next with the resolved locale; the app renders after this settles. */
  async function initI18n(locale: Locale = resolveLocale(readLocalePreferences())): Promise<typeof i18next> {
    if (!i18next.isInitialized) {
      await i18next.init({
        lng: locale,
        fallbackLng: fallbackLocale,
        supportedLngs: [...locales],
        resources: {},
        partialBundledLanguages: true,
        interpolation: { escapeValue: false },
        returnNull: false,
        // No backend saves anything: this is only how a missing key is noticed.
        saveMissing: true,
        missingKeyHandler: loadFallbackOnMissingKey,
      });
    }
    await ensureLoaded(locale);
    await i18next.changeLanguage(locale);
    applyDocumentLanguage(locale);
    return i18next;
  }

  /**
   * English, the fallback, is not needed for the first screen: every locale has every key (the parity
   * tests), so it is a safety net only. It is fetched the first time a key is missing, and the page
   * then renders again with it; until then the first screen carries the strings of one language.
   */
  function loadFallbackOnMissingKey(): void {
    if (loaded.has(fallbackLocale)) return;
    ensureLoaded(fallbackLocale)
      .then(() => i18next.changeLanguage(i18next.language))
      .catch(() => undefined);
  }

  /** Switches the language: the page re-renders at once, the choice persists, `<html lang>` follows. */
  async function setLocale(locale: Locale): Promise<void> {
    await ensureLoaded(locale);
    await i18next.changeLanguage(locale);
    try {
      window.localStorage.setItem(storageKeys.locale, locale);
    } catch {
      // Private modes may refuse storage; the language still changes for this visit.
    }
    applyDocumentLanguage(locale);
  }

  return { initI18n, setLocale };
}

/** The locale in use now; Spanish before i18next has started. */
export function currentLocale(): Locale {
  return matchLocale(i18next.resolvedLanguage ?? i18next.language) ?? defaultLocale;
}

/**
 * A counter of language changes (a switch, or the English fallback arriving: `changeLanguage` is called
 * again then), which components subscribe to so they render again in the new strings.
 */
let languageRevision = 0;
const revisionListeners = new Set<() => void>();
i18next.on('languageChanged', () => {
  languageRevision += 1;
  for (const listener of revisionListeners) listener();
});
function subscribeToLanguage(listener: () => void): () => void {
  revisionListeners.add(listener);
  return () => revisionListeners.delete(listener);
}
const readLanguageRevision = () => languageRevision;

/**
 * The strings in components: `const { t, i18n } = useTranslation()`. What react-i18next's hook did for
 * these apps (one namespace, strings loaded before the first render), in a few lines instead of its
 * 2 KB on every first screen: the component renders again when the language changes, and `t` is a new
 * function then (so effects that depend on it run again).
 */
export function useTranslation() {
  const revision = useSyncExternalStore(subscribeToLanguage, readLanguageRevision, readLanguageRevision);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the revision is the reason to fix `t` to the language again.
  return useMemo(() => ({ t: i18next.getFixedT(i18next.language), i18n: i18next }), [revision]);
}

/** Translates outside React (the API client, toasts). */
export function translate(key: string, options?: Record<string, unknown>): string {
  return i18next.t(key, options);
}

export { i18next };
