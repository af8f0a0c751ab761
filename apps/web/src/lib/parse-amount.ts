import type { Locale } from '@bolsa/contracts';

/** The locale's decimal and group separators, as Intl writes numbers in the app (Spanish as in Argentina). */
export function separatorsOf(locale: Locale): { decimal: string; group: string } {
  const parts = new Intl.NumberFormat(locale === 'es' ? 'es-AR' : locale, { useGrouping: true }).formatToParts(12345.6);
  return {
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * An amount typed as the locale writes it, as a plain decimal string ("10.000,50" in Spanish is "10000.50",
 * "5.000" is "5000"); null when it is not a number. Spaces (and the no-break spaces some locales group
 * with) are ignored. Without the locale's decimal separator, the other mark is a thousands separator only
 * where the groups after it read as thousands ("5.000", Hindi "1,00,000"); otherwise it is read as the decimal point ("10.5").
 */
export function parseAmount(text: string, locale: Locale): string | null {
  const { decimal, group } = separatorsOf(locale);
  const other = decimal === ',' ? '.' : ',';
  let value = text.replace(/[\s\u00a0\u202f]/g, '');
  if (value === '') return null;
  if (!value.includes(decimal)) {
    const marks = [group, other].filter((mark) => mark !== ' ' && mark !== '\u00a0' && mark !== '\u202f');
    for (const mark of marks) {
      if (!value.includes(mark)) continue;
      // Groups of three, or the Indian 2-2-3 (1,00,000): the last group always has three digits.
      const isGrouping = new RegExp(`^\\d{1,3}(?:${escapeRegExp(mark)}\\d{2,3})*${escapeRegExp(mark)}\\d{3}$`).test(value);
      value = isGrouping ? value.split(mark).join('') : value.split(mark).join(decimal);
    }
  } else if (group !== '\u00a0' && group !== '\u202f') {
    value = value.split(group).join('');
  }
  const normalised = value.replace(decimal, '.');
  return /^\d+(\.\d+)?$/.test(normalised) ? normalised : null;
}

/** What an amount field keeps as the user types: the parsed amount when the text reads as one, else the text. */
export function amountInput(text: string, locale: Locale): string {
  return parseAmount(text, locale) ?? text.replace(/[^\d.,]/g, '');
}

/** An amount field's placeholder in the locale's own writing ("0,00" in Spanish), as the field reads it. */
export function amountPlaceholder(locale: Locale): string {
  return `0${separatorsOf(locale).decimal}00`;
}

/** A plain decimal ("1.5") as the locale writes it in a field ("1,5" in Spanish); any other text as it is. */
export function amountText(value: string, locale: Locale): string {
  return /^\d+(\.\d+)?$/.test(value) ? value.replace('.', separatorsOf(locale).decimal) : value;
}
