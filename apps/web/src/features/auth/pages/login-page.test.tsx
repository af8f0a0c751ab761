import { storageKeys } from '@bolsa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { LoginPage } from './login-page.tsx';

const fetchMock = vi.fn<typeof fetch>();
const answer = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: '', data }));

function HomeStub() {
  return <p>home page</p>;
}

async function renderLogin() {
  const router = createMemoryRouter(
    [
      { path: '/pages/auth/login', Component: LoginPage },
      { path: '/pages/home/index', Component: HomeStub },
    ],
    { initialEntries: ['/pages/auth/login'] },
  );
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  await initI18n('en');
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  window.localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('LoginPage with two-factor on (issue 25 §1)', () => {
  it('stores nothing after the password, asks for the code, and opens the session with the challenge and the code', async () => {
    const user = {
      id: 'u1',
      username: 'ana@example.com',
      email: 'ana@example.com',
      invitationCode: 'ZX81',
      hasPayPassword: true,
      hasTwoFactor: true,
      wsUrl: null,
      createTimeTimestamp: 1,
    };
    fetchMock
      .mockResolvedValueOnce(answer({ secondFactor: { challenge: 'challenge-1', expiresInSeconds: 300 } }))
      .mockResolvedValueOnce(answer({ token: 'two-factor-token', user }));
    const router = await renderLogin();
    type('Email', 'ana@example.com');
    type('Password', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));

    const codeField = await screen.findByLabelText('Code');
    expect(window.localStorage.getItem(storageKeys.token)).toBeNull();
    expect(router.state.location.pathname).toBe('/pages/auth/login');
    fireEvent.change(codeField, { target: { value: '12345' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the 6 digits from the app or a recovery code')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    fireEvent.change(codeField, { target: { value: '123 456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/home/index'));
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toBe('/web/loginSecondFactor');
    expect(JSON.parse(String(init?.body))).toEqual({ challenge: 'challenge-1', otpCode: '123456' });
    expect(window.localStorage.getItem(storageKeys.token)).toBe('two-factor-token');
  });
});
