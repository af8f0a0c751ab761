import type { Locale } from '@bolsa/contracts';
import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { AmountField } from './amount-field.tsx';

/** A form that keeps the plain amount, as the app's forms do, and shows it beside the field. */
function Form({ locale }: { locale: Locale }) {
  const [amount, setAmount] = useState('');
  return (
    <>
      <AmountField label="Monto" name="amount" locale={locale} value={amount} onValueChange={setAmount} />
      <output data-testid="kept">{amount}</output>
      <button type="button" onClick={() => setAmount('1234.5')}>
        Todo
      </button>
    </>
  );
}

/** Types `text` one keystroke at a time, each appended to what the field shows, as a keyboard does. */
function typeInto(field: HTMLInputElement, text: string) {
  for (const key of text) fireEvent.change(field, { target: { value: `${field.value}${key}` } });
}

describe('an amount field typed as the locale writes it (issue 15 §9)', () => {
  it('asks the phone for its decimal keypad and shows the placeholder in the locale', () => {
    render(<Form locale="es" />);
    const field = screen.getByLabelText<HTMLInputElement>('Monto');
    expect(field.inputMode).toBe('decimal');
    expect(field.placeholder).toBe('0,00');
  });

  it('keeps "1,500" as typed in Spanish and reads it as one and a half, keystroke by keystroke', () => {
    render(<Form locale="es" />);
    const field = screen.getByLabelText<HTMLInputElement>('Monto');
    typeInto(field, '1,500');
    expect(field.value).toBe('1,500');
    expect(screen.getByTestId('kept').textContent).toBe('1.500');
  });

  it('reads Spanish "10.000,50" and "5.000" as ten thousand and fifty cents, and five thousand', () => {
    render(<Form locale="es" />);
    const field = screen.getByLabelText<HTMLInputElement>('Monto');
    typeInto(field, '10.000,50');
    expect(field.value).toBe('10.000,50');
    expect(screen.getByTestId('kept').textContent).toBe('10000.50');
    fireEvent.change(field, { target: { value: '' } });
    typeInto(field, '5.000');
    expect(screen.getByTestId('kept').textContent).toBe('5000');
  });

  it('shows an amount set from outside (the "All" button) with the locale\'s decimal separator', () => {
    render(<Form locale="es" />);
    fireEvent.click(screen.getByRole('button', { name: 'Todo' }));
    expect(screen.getByLabelText<HTMLInputElement>('Monto').value).toBe('1234,5');
    expect(screen.getByTestId('kept').textContent).toBe('1234.5');
  });

  it('in English the point is the decimal separator, and letters are not kept', () => {
    render(<Form locale="en" />);
    const field = screen.getByLabelText<HTMLInputElement>('Monto');
    expect(field.placeholder).toBe('0.00');
    typeInto(field, '1.5x0');
    expect(field.value).toBe('1.50');
    expect(screen.getByTestId('kept').textContent).toBe('1.50');
  });
});
