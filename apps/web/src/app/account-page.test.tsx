import { loadFeatureMessages } from '@bolsa/client-kit/i18n';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { contentMessages } from '../features/content/messages.ts';
import { fundMessages } from '../features/funds/messages.ts';
import { kycMessages } from '../features/kyc/messages.ts';
import { loanMessages } from '../features/loans/messages.ts';
import { initI18n } from '../lib/i18n.ts';
import { routeObjects } from './router.tsx';

const slow = { timeout: 15_000 };

beforeAll(async () => {
  await initI18n('es');
  await Promise.all([loanMessages, fundMessages, contentMessages, kycMessages].map(loadFeatureMessages));
});

describe('the Account tab signed out (issue 15 §12)', { timeout: 30_000 }, () => {
  it('offers the language choice and the help, notices and terms besides logging in', async () => {
    localStorage.clear();
    const router = createMemoryRouter(routeObjects, { initialEntries: ['/pages/profile/index'] });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('No ha iniciado sesión', {}, slow)).toBeTruthy();
    expect(screen.getByText('Ayuda')).toBeTruthy();
    fireEvent.click(screen.getByText('Idioma'));
    expect(await screen.findByText('English', {}, slow)).toBeTruthy();
  });
});
