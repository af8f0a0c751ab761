import type { Position } from '@bolsa/contracts';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, setLocale } from '../../../lib/i18n.ts';
import { PositionRow } from './trade-rows.tsx';

beforeAll(async () => {
  await initI18n('es');
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
  fills: [],
} as unknown as Position;

function renderRow(position: Position) {
  const router = createMemoryRouter(
    [{ path: '*', element: <PositionRow position={position} locale="es" onAddMargin={() => undefined} onEditLevels={() => undefined} /> }],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
}

describe('a position as an investor reads it (issue 15 §11)', () => {
  it('a cash holding shows average cost, market value and its P&L, with no margin, leverage, add margin or edit levels', async () => {
    await setLocale('es');
    renderRow(held);
    expect(screen.getByText('Costo promedio')).toBeTruthy();
    expect(screen.getByText('Valor de mercado')).toBeTruthy();
    expect(screen.getByText('$2.707,10')).toBeTruthy();
    expect(screen.getByText('Resultado flotante')).toBeTruthy();
    expect(screen.queryByText('Margen')).toBeNull();
    expect(screen.queryByText('Apalancamiento')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Añadir margen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Editar niveles' })).toBeNull();
  });

  it('a leveraged position keeps its margin, leverage and their actions', async () => {
    await setLocale('es');
    renderRow({ ...held, leverage: 10, margin: '257.16' });
    expect(screen.getByText('Margen')).toBeTruthy();
    expect(screen.getByText('10×')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Añadir margen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Editar niveles' })).toBeTruthy();
  });
});
