import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../lib/i18n.ts';
import { PayPasswordPad } from './pay-password-pad.tsx';

beforeAll(async () => {
  await initI18n('es');
});

function renderPad(onSubmit: (payPassword: string) => Promise<unknown> | undefined) {
  render(
    <MemoryRouter>
      <PayPasswordPad visible onClose={() => undefined} onSubmit={onSubmit} summary="Retirar $100,00" />
    </MemoryRouter>,
  );
}

/** Focuses the six cells, which opens antd-mobile's number keyboard, then taps the given digits on it. */
async function tapDigits(digits: string) {
  const cells = await screen.findByRole('button', { name: 'Contraseña de transacción' });
  act(() => {
    fireEvent.focus(cells);
  });
  for (const digit of digits) {
    fireEvent.click(await screen.findByRole('button', { name: digit }));
  }
}

describe('PayPasswordPad', () => {
  it('shows a dialog titled in Spanish with what is being confirmed', async () => {
    renderPad(vi.fn());
    expect(await screen.findByRole('dialog', { name: 'Ingrese su contraseña de transacción' })).toBeTruthy();
    expect(screen.getByText('Retirar $100,00')).toBeTruthy();
    expect(screen.getByText('Dígitos restantes: 6')).toBeTruthy();
  });

  it('submits once the sixth digit is tapped, with the six digits', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    renderPad(onSubmit);
    await tapDigits('123456');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit).toHaveBeenCalledWith('123456');
  });

  it('does not submit with fewer than six digits', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    renderPad(onSubmit);
    await tapDigits('12345');
    expect(await screen.findByText('Dígitos restantes: 1')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('accepts digits from a hardware keyboard and erases with Backspace', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    renderPad(onSubmit);
    const cells = await screen.findByRole('button', { name: 'Contraseña de transacción' });
    for (const key of ['9', '8', '7', 'Backspace', '7', '6', '5']) fireEvent.keyDown(cells, { key });
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.keyDown(cells, { key: '4' });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith('987654'));
  });

  it('clears the digits when the submission is refused, so the user can try again', async () => {
    const onSubmit = vi.fn(() => Promise.reject(new Error('La contraseña de transacción no es correcta')));
    renderPad(onSubmit);
    await tapDigits('111111');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Dígitos restantes: 6')).toBeTruthy();
  });
});
