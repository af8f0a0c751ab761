import type { AccountAssets } from '@bolsa/contracts';
import { render, screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, setLocale } from '../../../lib/i18n.ts';
import { AssetSplit } from './asset-split.tsx';

const assets: AccountAssets = {
  cashUsd: '7500.00',
  positionsUsd: '2500.00',
  floatingPnlUsd: '-20.00',
  totalAssetsUsd: '10000.00',
  todayPnlUsd: '-20.00',
  byWallet: [
    {
      walletType: 'STOCK',
      currency: 'USD',
      cash: '5500.00',
      positionsValue: '2500.00',
      floatingPnl: '-20.00',
      total: '8000.00',
      totalUsd: '8000.00',
    },
    {
      walletType: 'BALANCE',
      currency: 'USD',
      cash: '2000.00',
      positionsValue: '0.00',
      floatingPnl: '0.00',
      total: '2000.00',
      totalUsd: '2000.00',
    },
  ],
  byAssetClass: [
    { assetClass: 'cash', valueUsd: '7500.00' },
    { assetClass: 'stocks', valueUsd: '2500.00' },
    { assetClass: 'futures', valueUsd: '0.00' },
    { assetClass: 'forex', valueUsd: '0.00' },
  ],
};

beforeAll(async () => {
  await initI18n('es');
});

describe('AssetSplit', () => {
  it('shows each share of total assets with its amount, by asset class and by wallet, leaving out what is empty', async () => {
    await setLocale('es');
    render(<AssetSplit assets={assets} locale="es" />);
    const byClass = screen.getByRole('figure', { name: 'Por clase de activo' });
    const classRows = within(byClass).getAllByRole('listitem');
    expect(classRows.map((row) => row.textContent)).toEqual(['Efectivo75,0%$7.500,00', 'Acciones25,0%$2.500,00']);
    const byWallet = screen.getByRole('figure', { name: 'Por billetera' });
    expect(
      within(byWallet)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['Acciones80,0%$8.000,00', 'Saldo20,0%$2.000,00']);
    // One bar per split, its slices as wide as their shares.
    const widths = [...byClass.querySelectorAll('rect')].map((rect) => rect.getAttribute('width'));
    expect(widths).toEqual(['75', '25']);
  });
});
