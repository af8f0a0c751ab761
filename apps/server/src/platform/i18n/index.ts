import { fallbackLocale, type Locale } from '@bolsa/contracts';
import { messageCatalog } from '@bolsa/contracts/messages';

type Parameters = Record<string, string | number>;

function lookup(locale: Locale, key: string): string | undefined {
  let node: unknown = messageCatalog[locale];
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * Translates a message key of the shared catalog, falling back to English, then to the key itself. A
 * `$t(key)` in the translated text is replaced by that key's own translation with the same parameters,
 * so a message can carry a result code (`$t(errors.{{reason}})`) worded in its reader's language.
 */
export function translate(locale: Locale, key: string, parameters: Parameters = {}): string {
  const template = lookup(locale, key) ?? lookup(fallbackLocale, key) ?? key;
  const text = template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(parameters[name] ?? ''));
  return text.replace(/\$t\(([\w.]+)\)/g, (whole, nested: string) =>
    nested !== key && hasMessage(nested) ? translate(locale, nested, parameters) : whole,
  );
}

export function hasMessage(key: string): boolean {
  return lookup(fallbackLocale, key) !== undefined;
}

export { dayIn, formatDateTime } from './format-time.ts';
