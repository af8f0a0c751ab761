import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, setLocale } from '../../../lib/i18n.ts';
import type { WalletBill } from '../api/get-wallet-bill.ts';
import { StatementRow } from './statement-row.tsx';

/** The line kind the server gives each reason when the line has no subject to name. */
const lineOfReason = { withdrawal_hold: 'withdrawal_hold', fx_conversion: 'fx_out', adjustment: 'adjustment' } as const;

function bill(overrides: Partial<WalletBill>): WalletBill {
  return {
    line: overrides.reason && overrides.reason in lineOfReason ? lineOfReason[overrides.reason as keyof typeof lineOfReason] : 'deposit',
    subject: {},
    id: '1',
    walletType: 'BALANCE',
    currency: 'USD',
    amount: '100.00',
    balanceAfter: '1250.50',
    reason: 'deposit',
    memo: null,
    createTimeTimestamp: 1_735_732_800_000,
    createTime: '01-01-2025 09:00:00',
    ...overrides,
  };
}

function renderRow(row: WalletBill, locale: 'es' | 'en' = 'es') {
  render(
    <ul>
      <StatementRow bill={row} locale={locale} />
    </ul>,
  );
  return screen.getByTestId('statement-amount');
}

beforeAll(async () => {
  await initI18n('es');
});

describe('StatementRow', () => {
  it('shows a credit in green with a plus sign, the translated reason, wallet, time and balance after', async () => {
    await setLocale('es');
    const amount = renderRow(bill({}));
    expect(amount.textContent).toBe('+$100,00');
    expect(amount.className).toContain('rise');
    expect(screen.getByText('Depósito')).toBeTruthy();
    expect(screen.getByText(/^Saldo ·/)).toBeTruthy();
    expect(screen.getByText('01-01-2025 09:00:00')).toBeTruthy();
    expect(screen.getByText('Saldo $1.250,50')).toBeTruthy();
  });

  it('shows a debit in red with a minus sign, in the wallet currency symbol', async () => {
    await setLocale('es');
    const amount = renderRow(bill({ amount: '-3200.5', currency: 'TWD', walletType: 'TW', reason: 'withdrawal_hold', balanceAfter: '0' }));
    expect(amount.textContent).toBe('\u2212NT$3.200,50');
    expect(amount.className).toContain('fall');
    expect(screen.getByText('Retiro retenido')).toBeTruthy();
    expect(screen.getByText('Saldo NT$0,00')).toBeTruthy();
  });

  it('labels every ledger reason, in English too, with ARS written before the number', async () => {
    await setLocale('en');
    const amount = renderRow(bill({ amount: '-15.25', currency: 'ARS', walletType: 'AR', reason: 'fx_conversion' }), 'en');
    expect(amount.textContent).toBe('\u2212ARS 15.25');
    expect(screen.getByText('Currency conversion')).toBeTruthy();
    expect(screen.getByText(/Peso account \(ARS\)/)).toBeTruthy();
    await setLocale('es');
  });

  it('shows a zero movement without sign and in the neutral colour', async () => {
    await setLocale('es');
    const amount = renderRow(bill({ amount: '0.00', reason: 'adjustment' }));
    expect(amount.textContent).toBe('$0,00');
    expect(amount.className).toContain('flat');
  });
});
