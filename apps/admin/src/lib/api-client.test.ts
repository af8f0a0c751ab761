import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiRequest, buildUrl, fetchFileObjectUrl, uploadKeyFromUrl } from './api-client.ts';
import { initI18n, setLocale } from './i18n.ts';
import { getOperatorToken, operatorStorageKeys, saveOperatorSession } from './session-store.ts';

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
  vi.stubGlobal('fetch', fetchMock);
  window.location.hash = '#/deposits';
  await setLocale('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the console API client', () => {
  it('calls /admin/api plus the path and resolves with data when the code is 200', async () => {
    fetchMock.mockResolvedValueOnce(envelope(200, { list: [], total: 0 }));
    await expect(apiRequest('/deposits', { query: { status: 'pending', page: 1, empty: '' } })).resolves.toEqual({ list: [], total: 0 });
    const { url, init } = requestOf();
    expect(url).toBe('/admin/api/deposits?status=pending&page=1');
    expect(init.method).toBe('GET');
  });

  it("sends the operator's token, a JSON body and the language headers (Spanish as ar)", async () => {
    saveOperatorSession('operator-token', { id: '1', email: 'ops@example.com', role: 'admin' });
    await setLocale('es');
    fetchMock.mockResolvedValueOnce(envelope(200, null));
    await apiRequest('/kyc/3/reject', { body: { reason: 'Borrosa' } });
    const { init, headers } = requestOf();
    expect(init.method).toBe('POST');
    expect(init.body).toBe(JSON.stringify({ reason: 'Borrosa' }));
    expect(headers.get('authorization')).toBe('operator-token');
    expect(headers.get('content-type')).toBe('application/json');
    expect(headers.get('languages')).toBe('ar');
    expect(headers.get('accept-language')).toBe('es');
  });

  it("rejects with the server's translated message and code, keeping the session", async () => {
    saveOperatorSession('operator-token', { id: '1', email: 'ops@example.com', role: 'reviewer' });
    fetchMock.mockResolvedValueOnce(envelope(6002, null, 'Your role does not allow this', 403));
    const error = await apiRequest('/operators').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 6002, message: 'Your role does not allow this' });
    expect(getOperatorToken()).toBe('operator-token');
    expect(window.location.hash).toBe('#/deposits');
  });

  it('on 401 clears the session and goes back to the login page', async () => {
    saveOperatorSession('expired', { id: '1', email: 'ops@example.com', role: 'admin' });
    fetchMock.mockResolvedValueOnce(envelope(401, null, 'Please sign in again', 401));
    await expect(apiRequest('/deposits')).rejects.toMatchObject({ code: 401 });
    expect(window.localStorage.getItem(operatorStorageKeys.token)).toBeNull();
    expect(window.localStorage.getItem(operatorStorageKeys.operator)).toBeNull();
    expect(window.location.hash).toBe('#/login');
  });

  it('turns a network failure into a translated error with code 0', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiRequest('/deposits')).rejects.toMatchObject({ code: 0, message: 'Network error, please try again' });
  });

  it('reads an upload with the token as an object URL, and names its key from the stored URL', async () => {
    saveOperatorSession('operator-token', { id: '1', email: 'ops@example.com', role: 'admin' });
    const createObjectUrl = vi.fn(() => 'blob:document');
    // jsdom has no object URLs; the client only needs one made from the fetched bytes.
    URL.createObjectURL = createObjectUrl;
    fetchMock.mockResolvedValueOnce(
      new Response(new Uint8Array([137, 80, 78, 71]), { status: 200, headers: { 'content-type': 'image/png' } }),
    );
    await expect(fetchFileObjectUrl(uploadKeyFromUrl('/web/file/abc123.png'))).resolves.toBe('blob:document');
    expect(requestOf().url).toBe('/admin/api/file/abc123.png');
    expect(requestOf().headers.get('authorization')).toBe('operator-token');
    expect(createObjectUrl).toHaveBeenCalledTimes(1);
    expect(buildUrl('/file/x')).toBe('/admin/api/file/x');
  });
});
