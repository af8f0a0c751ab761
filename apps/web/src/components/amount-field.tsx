import type { Locale } from '@bolsa/contracts';
import { type ComponentProps, useState } from 'react';
import { amountInput, amountPlaceholder, amountText } from '../lib/parse-amount.ts';
import { FormField } from './form-field.tsx';

type AmountFieldProps = Omit<ComponentProps<typeof FormField>, 'inputMode' | 'placeholder'> & {
  locale: Locale;
  /** Instead of "0,00" / "0.00" (e.g. "Optional"). */
  placeholder?: string;
};

/**
 * A field for an amount, price or quantity, typed as the locale writes it (issue 15 §9). The phone offers
 * its decimal keypad; `value` and `onValueChange` carry the plain decimal ("1.5") while the field keeps
 * what the user typed ("1,5" in Spanish), so the next keystroke is read with the user's own separators:
 * rewriting "1,5" as "1.5" on screen would make "1.500", one thousand five hundred in Spanish, of "1,500".
 * A value set from outside (the "All" button, a reset) is shown in the locale's writing.
 */
export function AmountField({ value, onValueChange, locale, placeholder, ...props }: AmountFieldProps) {
  const [typed, setTyped] = useState(() => amountText(value, locale));
  const shown = amountInput(typed, locale) === value ? typed : amountText(value, locale);
  return (
    <FormField
      autoComplete="off"
      {...props}
      inputMode="decimal"
      placeholder={placeholder ?? amountPlaceholder(locale)}
      value={shown}
      onValueChange={(next) => {
        setTyped(next.replace(/[^\d.,\s\u00a0\u202f]/g, ''));
        onValueChange(amountInput(next, locale));
      }}
    />
  );
}
