import { loadFeatureMessages } from '@bolsa/client-kit/i18n';
import type { Position } from '@bolsa/contracts';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, setLocale } from '../../../lib/i18n.ts';
import { tradeMessages } from '../messages.ts';
import { PositionRow } from './trade-rows.tsx';

beforeAll(async () => {
  await initI18n('es');
  await loadFeatureMessages(tradeMessages);
});

const held = {
  id: '1',
  positionNum: '10',
  isolatedPosition: '10',
  zdf: '5.00',
  profit: '135.50',
  sellProfit: '0.00',
  createTimeTimestamp: Date.UTC(2026, 10, 18),
  stockCode: 'AAPL',
  stockName: 'Apple',
  source: '0',
  walletType: 'STOCK',
  currency: 'USD',
  direction: 0,
  quantity: '10',
  openPrice: '257.16',
  currentPrice: '270.71',
  multiplier: '1',
  walletRate: '1',
  leverage: 1,
  margin: '2571.60',
  fees: '2.57',
  takeProfit: null,
  stopLoss: null,
  status: 0,
  closePrice: null,
  closeTimeTimestamp: null,
  marketValue: '2707.10',
  todayPnl: '-12.40',
  weight: '27.07',
} as unknown as Position;

function renderRow(position: Position) {
  const router = createMemoryRouter(
    [{ path: '*', element: <PositionRow position={position} locale="es" onAddMargin={() => undefined} onEditLevels={() => undefined} /> }],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
}

describe('a position as an investor reads it (issue 15 §11)', () => {
  it('in English too, and without the account figures when the server sent none', async () => {
    await setLocale('en');
    renderRow({ ...held, todayPnl: null, weight: null });
    expect(screen.getByText('Total P&L')).toBeTruthy();
    expect(screen.getByText('Market value')).toBeTruthy();
    expect(screen.queryByText("Today's P&L")).toBeNull();
    expect(screen.queryByText('Portfolio weight')).toBeNull();
  });

  it("a cash holding shows quantity, average cost, market value, today's and total P&L and its weight, with no margin, leverage, add margin or edit levels", async () => {
    await setLocale('es');
    renderRow({ ...held, sellProfit: '20.00' });
    const shownBeside = (label: string) => screen.getByText(label).nextElementSibling?.textContent;
    expect(shownBeside('Cantidad')).toBe('10');
    expect(shownBeside('Costo promedio')).toBe('257,16');
    expect(shownBeside('Valor de mercado')).toBe('$2.707,10');
    expect(shownBeside('Resultado de hoy')).toBe('\u2212$12,40');
    expect(shownBeside('Peso en la cartera')).toBe('27,07%');
    // Total: 135.50 floating on what is held plus 20.00 its sales realised.
    expect(shownBeside('Resultado total')).toBe('+$155,50');
    expect(screen.queryByText('Resultado flotante')).toBeNull();
    expect(screen.queryByText('Margen')).toBeNull();
    expect(screen.queryByText('Apalancamiento')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Añadir margen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Editar niveles' })).toBeNull();
  });

  it('a leveraged position keeps its margin, leverage and their actions', async () => {
    await setLocale('es');
    renderRow({ ...held, leverage: 10, margin: '257.16' });
    expect(screen.getByText('Margen')).toBeTruthy();
    expect(screen.getByText('Resultado flotante')).toBeTruthy();
    expect(screen.getByText('Resultado de hoy')).toBeTruthy();
    expect(screen.getByText('10×')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Añadir margen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Editar niveles' })).toBeTruthy();
  });
});
