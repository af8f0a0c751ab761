// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { createI18n, i18next, type MessageLoaders, translate } from './i18n.ts';

function catalogue(messages: Record<string, unknown>) {
  return vi.fn(async () => ({ default: messages }));
}

const appMessages = {
  es: catalogue({ app: { name: 'Prueba' } }),
  en: catalogue({ app: { name: 'Test', onlyEnglish: 'Only in English' } }),
  de: catalogue({}),
  hi: catalogue({}),
  ja: catalogue({}),
  th: catalogue({}),
  'zh-CN': catalogue({}),
  'zh-TW': catalogue({}),
} satisfies MessageLoaders;

describe('the first screen loads one language', () => {
  const { initI18n } = createI18n({ appMessages });

  it('fetches only the chosen locale at start, and English the first time a key is missing', async () => {
    await initI18n('es');
    expect(translate('app.name')).toBe('Prueba');
    expect(appMessages.es).toHaveBeenCalledTimes(1);
    expect(appMessages.en).not.toHaveBeenCalled();

    expect(translate('app.onlyEnglish')).toBe('app.onlyEnglish');
    await vi.waitFor(() => expect(translate('app.onlyEnglish')).toBe('Only in English'));
    expect(appMessages.en).toHaveBeenCalledTimes(1);
    expect(i18next.language).toBe('es');
  });
});
