import { loadFeatureMessages } from '@bolsa/client-kit/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n, setLocale } from '../../../lib/i18n.ts';
import { pagePath } from '../../../lib/pages.ts';
import { queryKeys } from '../../../lib/query-keys.ts';
import { fundingMessages } from '../messages.ts';
import { isYenBankOffered, WithdrawMethodTabs } from './withdraw-method-tabs.tsx';

beforeAll(async () => {
  await initI18n('es');
  await loadFeatureMessages(fundingMessages);
});

function renderTabs(path: string, countryCode: string | null) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(queryKeys.kycState, { status: 'verified', countryCode });
  const router = createMemoryRouter([{ path: '*', element: <WithdrawMethodTabs /> }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the yen bank withdrawal is offered where it applies (issue 15 §12)', () => {
  it('to a user verified in Japan, reading in Japanese, or already on its page', () => {
    expect(isYenBankOffered({ locale: 'es', countryCode: 'AR', isOnYenPage: false })).toBe(false);
    expect(isYenBankOffered({ locale: 'es', countryCode: 'JP', isOnYenPage: false })).toBe(true);
    expect(isYenBankOffered({ locale: 'ja', countryCode: null, isOnYenPage: false })).toBe(true);
    expect(isYenBankOffered({ locale: 'en', countryCode: null, isOnYenPage: true })).toBe(true);
  });

  it('hides the tab from a user verified in Argentina and names what it is for where shown', async () => {
    await setLocale('es');
    renderTabs(pagePath('withdrawBank'), 'AR');
    expect(await screen.findByText('Tarjeta bancaria')).toBeTruthy();
    expect(screen.queryByText('Banco en Japón (JPY)')).toBeNull();
  });

  it('shows it to a user verified in Japan', async () => {
    await setLocale('es');
    renderTabs(pagePath('withdrawBank'), 'JP');
    expect(await screen.findByText('Banco en Japón (JPY)')).toBeTruthy();
  });
});
