import { storageKeys } from '@bolsa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../lib/i18n.ts';
import { routeObjects } from './router.tsx';

function renderAt(path: string) {
  const router = createMemoryRouter(routeObjects, { initialEntries: [path] });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

// Pages load lazily; the first import of a page (and antd-mobile) is transformed on demand.
const slow = { timeout: 15_000 };

beforeAll(async () => {
  await initI18n('es');
});

describe('routes', { timeout: 30_000 }, () => {
  it('aliases / to the home tab, keeping the query string', async () => {
    const router = renderAt('/?ref=x');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/home/index'), slow);
    expect(router.state.location.search).toBe('?ref=x');
    expect(await screen.findByRole('heading', { level: 1, name: 'Inicio' }, slow)).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Navegación principal' })).toBeTruthy();
  });

  it('shows a translated page-not-found page for unknown routes', async () => {
    renderAt('/pages/nothing/here');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' }, slow)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Volver' })).toBeTruthy();
  });

  it('sends settings pages to login when there is no token', async () => {
    const router = renderAt('/pages/setting/security');
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/auth/login'), slow);
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/pages/setting/security');
    expect(await screen.findByLabelText('Correo', {}, slow)).toBeTruthy();
    expect(screen.getByLabelText('Contraseña')).toBeTruthy();
  });

  it('opens settings pages with a token', async () => {
    window.localStorage.setItem(storageKeys.token, 't');
    const router = renderAt('/pages/setting/security');
    expect(await screen.findByRole('heading', { level: 1, name: 'Seguridad' }, slow)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pages/setting/security');
  });

  it('shows the Account tab without a token as a login prompt, without a back button', async () => {
    renderAt('/pages/profile/index');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cuenta' }, slow)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Registrarse' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Volver' })).toBeNull();
  });

  it.each([
    '/pages/deposit/index',
    '/pages/deposit/fiat',
    '/pages/deposit/wallet',
    '/pages/deposit/record',
    '/pages/withdraw/bcard',
    '/pages/withdraw/vm',
    '/pages/withdraw/other',
    '/pages/bcard/index',
    '/pages/bcard/modify',
    '/pages/vm/modify',
    '/pages/profile/transaction',
    '/pages/profile/transfer',
  ])('sends %s to login when there is no token', async (path) => {
    const router = renderAt(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/auth/login'), slow);
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe(path);
  });

  it('opens the transfer page with a token, its one h1 in Spanish', async () => {
    window.localStorage.setItem(storageKeys.token, 't');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 500, msg: 'x', data: null }))),
    );
    renderAt('/pages/profile/transfer');
    expect(await screen.findByRole('heading', { level: 1, name: 'Transferir' }, slow)).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByLabelText('Billetera de origen')).toBeTruthy();
    vi.unstubAllGlobals();
  });
});
