// @vitest-environment jsdom
import { storageKeys } from '@bolsa/contracts';
import { act, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { createI18n, currentLocale, i18next, loadFeatureMessages, type MessageLoaders, translate, useTranslation } from './i18n.ts';

/** A tiny app catalogue per locale: `app.name` differs, and `fields.email` overrides the shared word in Spanish. */
function catalogue(name: string, extra: Record<string, unknown> = {}) {
  return async () => ({ default: { app: { name }, ...extra } });
}
const appMessages: MessageLoaders = {
  es: catalogue('Prueba', { fields: { email: 'Correo propio' } }),
  en: catalogue('Test'),
  de: catalogue('Probe'),
  hi: catalogue('परीक्षण'),
  ja: catalogue('テスト'),
  th: catalogue('ทดสอบ'),
  'zh-CN': catalogue('测试'),
  'zh-TW': catalogue('測試'),
};

describe('createI18n', () => {
  const { initI18n, setLocale } = createI18n({ appMessages });

  it('merges the app catalogue over the shared contracts messages, the app winning', async () => {
    await initI18n('es');
    expect(translate('app.name')).toBe('Prueba');
    expect(translate('fields.email')).toBe('Correo propio');
    expect(translate('validation.passwordsMismatch')).toBe('Las dos contraseñas no coinciden');
    expect(currentLocale()).toBe('es');
    expect(document.documentElement.lang).toBe('es');
  });

  it('falls back to English for a key a locale lacks', async () => {
    await initI18n('es');
    i18next.addResource('en', 'translation', 'only.english', 'Only English');
    expect(translate('only.english')).toBe('Only English');
  });

  it('switches language, persists the choice and sets <html lang>', async () => {
    await initI18n('es');
    await setLocale('ja');
    expect(translate('app.name')).toBe('テスト');
    expect(window.localStorage.getItem(storageKeys.locale)).toBe('ja');
    expect(document.documentElement.lang).toBe('ja');
  });

  it('renders a component again in the new language when it switches', async () => {
    await initI18n('es');
    function AppName() {
      const { t, i18n } = useTranslation();
      return createElement('p', null, `${t('app.name')} (${i18n.language})`);
    }
    const view = render(createElement(AppName));
    expect(screen.getByText('Prueba (es)')).toBeTruthy();
    await act(() => setLocale('de'));
    expect(screen.getByText('Probe (de)')).toBeTruthy();
    view.unmount();
  });
});

describe('loadFeatureMessages', () => {
  const { initI18n, setLocale } = createI18n({ appMessages });
  const asked: string[] = [];
  const featureMessages = Object.fromEntries(
    Object.entries({
      es: 'Préstamos',
      en: 'Loans',
      de: 'Kredite',
      hi: 'ऋण',
      ja: 'ローン',
      th: 'สินเชื่อ',
      'zh-CN': '贷款',
      'zh-TW': '貸款',
    }).map(([locale, title]) => [
      locale,
      async () => {
        asked.push(locale);
        return { default: { feature: { title } } };
      },
    ]),
  ) as unknown as MessageLoaders;

  it("adds a feature's strings in the language in use, beside the app's, and follows a later switch", async () => {
    await initI18n('es');
    expect(i18next.exists('feature.title')).toBe(false);
    await loadFeatureMessages(featureMessages);
    expect(translate('feature.title')).toBe('Préstamos');
    expect(translate('app.name')).toBe('Prueba');
    await setLocale('ja');
    expect(translate('feature.title')).toBe('ローン');
    // Only languages the app has loaded (this file switched to some): Thai never was, so it is not fetched.
    expect(asked).not.toContain('th');
  });

  it('fetches each language of a feature once, however often its pages load', async () => {
    const before = asked.length;
    await Promise.all([loadFeatureMessages(featureMessages), loadFeatureMessages(featureMessages)]);
    await setLocale('es');
    expect(asked.length).toBe(before);
  });
});
