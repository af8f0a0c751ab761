import { storageKeys } from '@bolsa/contracts';
import { describe, expect, it } from 'vitest';
import { i18next, initI18n, readLocalePreferences, resolveLocale, setLocale } from './i18n.ts';

describe('resolveLocale (local storage, then configuration, then the browser)', () => {
  it('prefers the stored choice over configuration and browser', () => {
    expect(resolveLocale({ stored: 'ja', configured: 'es', browser: ['de-DE'] })).toBe('ja');
  });

  it('uses the configuration when nothing is stored', () => {
    expect(resolveLocale({ stored: null, configured: 'es', browser: ['de-DE'] })).toBe('es');
    expect(resolveLocale({ stored: null, configured: 'zh-TW', browser: ['en-US'] })).toBe('zh-TW');
  });

  it('uses the browser when neither is set or usable, in the browser order', () => {
    expect(resolveLocale({ stored: null, configured: '', browser: ['fr-FR', 'de-AT', 'en'] })).toBe('de');
    expect(resolveLocale({ stored: 'xx', configured: undefined, browser: ['zh-Hant-TW'] })).toBe('zh-TW');
  });

  it('falls back to English when nothing matches', () => {
    expect(resolveLocale({ stored: undefined, configured: '', browser: ['fr-FR'] })).toBe('en');
  });
});

describe('readLocalePreferences', () => {
  it('reads the stored locale, and Spanish as the default configuration', () => {
    window.localStorage.setItem(storageKeys.locale, 'th');
    const preferences = readLocalePreferences();
    expect(preferences.stored).toBe('th');
    expect(preferences.configured).toBe('es');
    expect(resolveLocale(preferences)).toBe('th');
  });

  it('resolves to Spanish by default', () => {
    expect(resolveLocale(readLocalePreferences())).toBe('es');
  });
});

describe('initI18n and setLocale', () => {
  it('merges the app strings with the shared contracts messages', async () => {
    await initI18n('es');
    expect(i18next.t('auth.loginButton')).toBe('Iniciar sesión');
    expect(i18next.t('validation.passwordsMismatch')).toBe('Las dos contraseñas no coinciden');
    expect(i18next.t('fields.email')).toBe('Correo');
    expect(document.documentElement.lang).toBe('es');
  });

  it('switches language at once, persists it and sets <html lang>', async () => {
    await initI18n('es');
    await setLocale('de');
    expect(i18next.t('auth.sendCode')).toBe('Code senden');
    expect(window.localStorage.getItem(storageKeys.locale)).toBe('de');
    expect(document.documentElement.lang).toBe('de');
  });
});
