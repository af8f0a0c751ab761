import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, setLocale } from '../../../lib/i18n.ts';
import { getOperatorToken } from '../../../lib/session-store.ts';
import { renderConsole } from '../../../test/render-console.tsx';

const fetchMock = vi.fn<typeof fetch>();

function envelope(code: number, data: unknown = null, msg = ''): Response {
  return new Response(JSON.stringify({ code, msg, data }), { status: 200, headers: { 'content-type': 'application/json' } });
}

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(async () => {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  await setLocale('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function fillAndSubmit(email: string, password: string) {
  fireEvent.change(await screen.findByLabelText('Email', {}, { timeout: 10_000 }), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('operator sign-in', () => {
  it('signs in with email and password, keeps the token and shows the dashboard with the role', async () => {
    fetchMock.mockResolvedValueOnce(
      envelope(200, { token: 'operator-token', operator: { id: '7', email: 'ops@example.com', role: 'reviewer' } }),
    );
    const { router } = renderConsole('/login');
    await fillAndSubmit('ops@example.com', 'secret-password');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 10_000 });
    expect(getOperatorToken()).toBe('operator-token');
    expect((await screen.findByTestId('operator-role', {}, { timeout: 10_000 })).textContent).toBe('Reviewer');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/admin/api/auth/login');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ops@example.com', password: 'secret-password' });
    // A reviewer's menu offers no operator management.
    expect(screen.queryByRole('link', { name: 'Operators' })).toBeNull();
  });

  it("shows the server's refusal and stays on the login page without a session", async () => {
    fetchMock.mockResolvedValueOnce(envelope(6001, null, 'Wrong email or password'));
    const { router } = renderConsole('/login');
    await fillAndSubmit('ops@example.com', 'wrong');
    expect(await screen.findByText('Wrong email or password', {}, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(getOperatorToken()).toBeNull();
  });

  it('asks an enrolled operator for the authenticator code, then signs in with password and code', async () => {
    fetchMock
      .mockResolvedValueOnce(envelope(6010, null, 'Enter the 6-digit code from your authenticator app'))
      .mockResolvedValueOnce(envelope(6011, null, 'The code is wrong or was already used'))
      .mockResolvedValueOnce(
        envelope(200, { token: 'second-factor-token', operator: { id: '1', email: 'ops@example.com', role: 'admin' } }),
      );
    const { router } = renderConsole('/login');
    await fillAndSubmit('ops@example.com', 'secret-password');
    const codeField = await screen.findByLabelText('6-digit code', {}, { timeout: 10_000 });
    expect(getOperatorToken()).toBeNull();
    fireEvent.change(codeField, { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    expect(await screen.findByText('The code is wrong or was already used', {}, { timeout: 10_000 })).toBeTruthy();
    expect(getOperatorToken()).toBeNull();
    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), { timeout: 10_000 });
    expect(getOperatorToken()).toBe('second-factor-token');
    const bodies = fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)));
    expect(bodies).toEqual([
      { email: 'ops@example.com', password: 'secret-password' },
      { email: 'ops@example.com', password: 'secret-password', totpCode: '123456' },
      { email: 'ops@example.com', password: 'secret-password', totpCode: '654321' },
    ]);
  });

  it('asks for the fields before calling the server', async () => {
    renderConsole('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Sign in' }, { timeout: 10_000 }));
    expect(await screen.findByText('Enter a valid email', {}, { timeout: 10_000 })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a signed-out operator from a console page to the login page', async () => {
    const { router } = renderConsole('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'), { timeout: 10_000 });
  });
});
