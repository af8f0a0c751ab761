import { storageKeys } from '@bolsa/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, isAbortError } from './api-client.ts';
import { initI18n, setLocale } from './i18n.ts';
import { showToast } from './toast.ts';

vi.mock('./toast.ts', () => ({ showToast: vi.fn(), showError: vi.fn() }));

const fetchMock = vi.fn<typeof fetch>();

function envelope(code: number, data: unknown = null, msg = '', status = 200): Response {
  return new Response(JSON.stringify({ code, msg, data }), { status, headers: { 'content-type': 'application/json' } });
}

function requestOf(callIndex = 0): { url: string; init: RequestInit; headers: Headers } {
  const call = fetchMock.mock.calls[callIndex];
  if (!call) throw new Error(`fetch was not called ${callIndex + 1} times`);
  const [url, init = {}] = call;
  return { url: String(url), init, headers: new Headers(init.headers) };
}

beforeAll(async () => {
  await initI18n('en');
});

beforeEach(async () => {
  fetchMock.mockReset();
  vi.mocked(showToast).mockReset();
  vi.stubGlobal('fetch', fetchMock);
  window.location.hash = '#/pages/setting/index';
  await setLocale('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('apiRequest', () => {
  it('resolves with data when the envelope code is 200, calling /web plus the path', async () => {
    fetchMock.mockResolvedValueOnce(envelope(200, { version: '1.0.0' }));
    await expect(apiRequest('/appVersion/getPublishAppVersion')).resolves.toEqual({ version: '1.0.0' });
    const { url, init } = requestOf();
    expect(url).toBe('/web/appVersion/getPublishAppVersion');
    expect(init.method).toBe('GET');
  });

  it('sends a JSON body, the raw token as Authorization, and the language headers', async () => {
    window.localStorage.setItem(storageKeys.token, 'token-abc');
    fetchMock.mockResolvedValueOnce(envelope(200, null));
    await apiRequest('/updatePassword', { method: 'POST', body: { oldPassword: 'a' } });
    const { init, headers } = requestOf();
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ oldPassword: 'a' }));
    expect(headers.get('authorization')).toBe('token-abc');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('accept-language')).toBe('en');
    expect(headers.get('languages')).toBe('en');
  });

  it('sends Spanish as "ar" in the languages header and no Authorization when logged out', async () => {
    await setLocale('es');
    fetchMock.mockResolvedValueOnce(envelope(200, null));
    await apiRequest('/getEmailCode', { method: 'POST', body: {} });
    const { headers } = requestOf();
    expect(headers.get('languages')).toBe('ar');
    expect(headers.get('accept-language')).toBe('es');
    expect(headers.has('authorization')).toBe(false);
  });

  it.each([401, 403])('on code %i clears token and user, says "login expired", opens login and rejects', async (code) => {
    window.localStorage.setItem(storageKeys.token, 'token-abc');
    window.localStorage.setItem(storageKeys.user, JSON.stringify({ id: '1', email: 'a@b' }));
    fetchMock.mockResolvedValueOnce(envelope(code, null, 'server says no', code));
    const error = await apiRequest('/api/user/info', { method: 'POST', body: {} }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe(code);
    expect(window.localStorage.getItem(storageKeys.token)).toBeNull();
    expect(window.localStorage.getItem(storageKeys.user)).toBeNull();
    expect(window.location.hash).toBe('#/pages/auth/login');
    expect(showToast).toHaveBeenCalledWith('Login expired, please log in again');
  });

  it('does not end the session for 401 when the caller handles it (logout)', async () => {
    window.localStorage.setItem(storageKeys.token, 'token-abc');
    fetchMock.mockResolvedValueOnce(envelope(401, null, '', 401));
    await expect(apiRequest('/logout', { method: 'POST', body: {}, isSessionEndHandled: false })).rejects.toMatchObject({ code: 401 });
    expect(window.localStorage.getItem(storageKeys.token)).toBe('token-abc');
    expect(showToast).not.toHaveBeenCalled();
  });

  it('rejects any other code with the server message and the code, keeping the session', async () => {
    window.localStorage.setItem(storageKeys.token, 'token-abc');
    fetchMock.mockResolvedValueOnce(envelope(2007, null, 'Incorrect email or password', 400));
    const error = await apiRequest('/loginByUsername', { method: 'POST', body: {} }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Incorrect email or password');
    expect((error as ApiError).code).toBe(2007);
    expect(window.localStorage.getItem(storageKeys.token)).toBe('token-abc');
    expect(window.location.hash).toBe('#/pages/setting/index');
  });

  it('uses the translated "network error" when a failing envelope has no message', async () => {
    await setLocale('es');
    fetchMock.mockResolvedValueOnce(envelope(1500, null, ''));
    await expect(apiRequest('/x')).rejects.toMatchObject({ message: 'Error de red', code: 1500 });
  });

  it('turns a transport failure into "network error"', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiRequest('/x')).rejects.toMatchObject({ name: 'ApiError', message: 'Network Error', code: 0 });
  });

  it('turns a body that is not an envelope (a proxy error page) into "network error"', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiRequest('/x')).rejects.toMatchObject({ message: 'Network Error', code: 0 });
  });

  it('aborts the earlier call silently when a new call has the same requestId', async () => {
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    fetchMock.mockResolvedValueOnce(envelope(200, 'second'));
    const first = apiRequest('/search', { requestId: 'search' });
    const second = apiRequest('/search', { requestId: 'search' });
    const firstError = await first.catch((reason: unknown) => reason);
    expect(isAbortError(firstError)).toBe(true);
    expect(firstError).not.toBeInstanceOf(ApiError);
    await expect(second).resolves.toBe('second');
    expect(requestOf(0).init.signal?.aborted).toBe(true);
    expect(showToast).not.toHaveBeenCalled();
  });

  it('leaves calls with different ids alone', async () => {
    fetchMock.mockResolvedValueOnce(envelope(200, 'a')).mockResolvedValueOnce(envelope(200, 'b'));
    await expect(Promise.all([apiRequest('/a', { requestId: 'a' }), apiRequest('/b', { requestId: 'b' })])).resolves.toEqual(['a', 'b']);
  });

  it('gives up after the request timeout (120 s) with a timeout message', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const pending = apiRequest('/slow').catch((reason: unknown) => reason);
    await vi.advanceTimersByTimeAsync(119_999);
    expect(requestOf(0).init.signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('The connection timed out, please try again');
  });
});
