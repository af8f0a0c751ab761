import { storageKeys } from '@bolsa/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../lib/i18n.ts';
import { RegisterPage } from './register-page.tsx';

const fetchMock = vi.fn<typeof fetch>();

function HomeStub() {
  return <p>home page</p>;
}

function renderRegister(locale: 'es' | 'en', initialEntry = '/pages/auth/register') {
  const router = createMemoryRouter(
    [
      { path: '/pages/auth/register', Component: RegisterPage },
      { path: '/pages/home/index', Component: HomeStub },
    ],
    { initialEntries: [initialEntry] },
  );
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return initI18n(locale).then(() => {
    render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    return router;
  });
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

beforeEach(() => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('RegisterPage', () => {
  it('shows the Spanish "passwords do not match" message under the repeat field and calls no API', async () => {
    await renderRegister('es');
    type('Correo', 'ana@example.com');
    type('Código de verificación', '123456');
    type('Contraseña', 'secret123');
    type('Repetir contraseña', 'secret124');
    fireEvent.click(screen.getByRole('button', { name: 'Registrarse' }));

    const message = await screen.findByText('Las dos contraseñas no coinciden');
    expect(screen.getByLabelText('Repetir contraseña').getAttribute('aria-describedby')).toContain(message.id);
    expect(screen.getByLabelText('Repetir contraseña').getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the English messages of the contracts schema for each bad field', async () => {
    await renderRegister('en');
    type('Email', 'not-an-email');
    type('Password', '123');
    type('Repeat password', '1234');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));

    expect(await screen.findByText('Please enter a valid email (text@text)')).toBeTruthy();
    // Both passwords are too short; the empty code is required; the optional invitation code is fine.
    expect(screen.getAllByText('The password must have 6 to 20 characters')).toHaveLength(2);
    expect(screen.getAllByText('This field is required')).toHaveLength(1);
    expect(screen.getByLabelText('Verification code').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Invitation code').getAttribute('aria-invalid')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('prefills the invitation code from ?invite=', async () => {
    await renderRegister('en', '/pages/auth/register?invite=ABC123');
    expect((screen.getByLabelText('Invitation code') as HTMLInputElement).value).toBe('ABC123');
  });

  it('registers, stores the session, shows the success toast and goes home', async () => {
    const session = {
      token: 'new-token',
      user: {
        id: 'u1',
        username: 'ana@example.com',
        email: 'ana@example.com',
        invitationCode: 'ZX81',
        hasPayPassword: false,
        hasTwoFactor: false,
        wsUrl: null,
        createTimeTimestamp: 1,
      },
    };
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ code: 200, msg: '', data: session })));
    const router = await renderRegister('en');
    type('Email', ' Ana@Example.com ');
    type('Verification code', '123456');
    type('Password', 'secret123');
    type('Repeat password', 'secret123');
    fireEvent.click(screen.getByRole('button', { name: 'Register' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/home/index'));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/web/register');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'ana@example.com',
      code: '123456',
      password: 'secret123',
      confirmPassword: 'secret123',
    });
    expect(window.localStorage.getItem(storageKeys.token)).toBe('new-token');
    expect(JSON.parse(window.localStorage.getItem(storageKeys.user) ?? '{}')).toMatchObject({ email: 'ana@example.com' });
    // The toast is rendered by antd-mobile through the React 19 render shim, outside the app root.
    await waitFor(() => expect(document.body.textContent).toContain('Register Success'));
  });

  it('asks for a code with type "register" and counts down before the next one', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ code: 200, msg: '', data: { resendAfterSeconds: 60 } })));
    await renderRegister('en');
    type('Email', 'ana@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));

    const countdown = await screen.findByRole('button', { name: 'Resend in 60 s' });
    expect((countdown as HTMLButtonElement).disabled).toBe(true);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/web/getEmailCode');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ana@example.com', type: 'register' });
  });
});
