import type { RoutesOf } from '@bolsa/contracts/routes';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, createApiClient, fillPath } from './api-client.ts';

const fetchMock = vi.fn<typeof fetch>();
const onSessionEnd = vi.fn();

const client = createApiClient({
  basePath: '/api',
  getToken: () => 'token-1',
  currentLocale: () => 'es',
  translate: (key) => `t:${key}`,
  sessionEndCodes: [401],
  onSessionEnd,
  sessionEndMessage: (serverMessage) => serverMessage ?? 't:errors.UNAUTHORIZED',
  dropsEmptyQueryValues: true,
});

const itemApi = {
  detail: { method: 'GET', path: '/items/:id', params: z.object({ id: z.string() }), data: z.object({ id: z.string(), size: z.number() }) },
  search: {
    method: 'GET',
    path: '/items',
    query: z.object({ text: z.string(), pageNum: z.number().optional() }),
    data: z.array(z.string()),
  },
  rename: {
    method: 'POST',
    path: '/items/:id/name',
    params: z.object({ id: z.string() }),
    body: z.object({ name: z.string() }),
    data: z.null(),
  },
  state: { method: 'POST', path: '/state', body: undefined, data: z.object({ isOpen: z.boolean() }) },
} as const;

/** The same entries without schemas, as `@bolsa/contracts/routes` gives screens. */
const itemRoutes: RoutesOf<typeof itemApi> = {
  detail: { method: 'GET', path: '/items/:id' },
  search: { method: 'GET', path: '/items' },
  rename: { method: 'POST', path: '/items/:id/name' },
  state: { method: 'POST', path: '/state' },
};

function envelope(code: number, data: unknown = null, msg = '', status = 200): Response {
  return new Response(JSON.stringify({ code, msg, data }), { status, headers: { 'content-type': 'application/json' } });
}

function lastRequest(): { url: string; init: RequestInit } {
  const [url, init = {}] = fetchMock.mock.calls.at(-1) ?? [];
  return { url: String(url), init };
}

beforeEach(() => {
  fetchMock.mockReset();
  onSessionEnd.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('call', () => {
  it("takes method and path from the contract entry, fills the path's parameters encoded, and resolves with data", async () => {
    fetchMock.mockResolvedValueOnce(envelope(200, { id: 'a/b', size: 3 }));
    const item = await client.call(itemApi.detail, { params: { id: 'a/b' } });
    expectTypeOf(item).toEqualTypeOf<{ id: string; size: number }>();
    expect(item).toEqual({ id: 'a/b', size: 3 });
    expect(lastRequest().url).toBe('/api/items/a%2Fb');
    expect(lastRequest().init.method).toBe('GET');
  });

  it('sends the typed body as JSON with the token and the language headers', async () => {
    fetchMock.mockResolvedValueOnce(envelope(200, null));
    await client.call(itemApi.rename, { params: { id: '7' }, body: { name: 'New' } });
    const { url, init } = lastRequest();
    const headers = new Headers(init.headers);
    expect(url).toBe('/api/items/7/name');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"name":"New"}');
    expect(headers.get('authorization')).toBe('token-1');
    expect(headers.get('languages')).toBe('ar');
  });

  it('posts an entry without a body schema with no body, and writes the query string', async () => {
    fetchMock.mockResolvedValueOnce(envelope(200, { isOpen: true })).mockResolvedValueOnce(envelope(200, []));
    await client.call(itemApi.state);
    expect(lastRequest().init.method).toBe('POST');
    expect(lastRequest().init.body).toBeUndefined();
    await client.call(itemApi.search, { query: { text: '' } });
    expect(lastRequest().url).toBe('/api/items');
  });

  it('calls a zod-free route as its entry: the same request, typed by the entry', async () => {
    fetchMock.mockResolvedValueOnce(envelope(200, { id: '7', size: 3 })).mockResolvedValueOnce(envelope(200, null));
    const item = await client.call(itemRoutes.detail, { params: { id: '7' } });
    expectTypeOf(item).toEqualTypeOf<{ id: string; size: number }>();
    expect(lastRequest().url).toBe('/api/items/7');
    expect(lastRequest().init.method).toBe('GET');
    const renamed = await client.call(itemRoutes.rename, { params: { id: '7' }, body: { name: 'New' } });
    expectTypeOf(renamed).toEqualTypeOf<null>();
    expect(lastRequest().url).toBe('/api/items/7/name');
    expect(lastRequest().init.method).toBe('POST');
    expect(lastRequest().init.body).toBe('{"name":"New"}');
    // Never run: the compiler holds a route's body to its entry's schema.
    // @ts-expect-error `title` is not a field of the rename body
    const wrongBody = () => client.call(itemRoutes.rename, { params: { id: '7' }, body: { title: 'New' } });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(wrongBody).toBeTypeOf('function');
  });

  it('ends the session on a session-end code and rejects with the code', async () => {
    fetchMock.mockResolvedValueOnce(envelope(401, null, 'Sign in again', 401));
    await expect(client.call(itemApi.state)).rejects.toMatchObject({ code: 401, message: 'Sign in again' });
    expect(onSessionEnd).toHaveBeenCalledTimes(1);
    fetchMock.mockResolvedValueOnce(envelope(2007, null, '', 400));
    const error = await client.call(itemApi.state).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 2007, message: 't:common.networkError' });
    expect(onSessionEnd).toHaveBeenCalledTimes(1);
  });
});

describe('fillPath', () => {
  it('refuses a path whose parameter is missing rather than calling a wrong address', () => {
    expect(() => fillPath('/items/:id', {})).toThrow('Missing path parameter id');
  });
});

// Compile-time checks (never run): the contract entry decides what a call must be given.
export function callTypeChecks() {
  // @ts-expect-error the body is required and typed by the entry
  void client.call(itemApi.rename, { params: { id: '7' } });
  // @ts-expect-error a path parameter is required
  void client.call(itemApi.detail);
  // @ts-expect-error a body field the entry does not know
  void client.call(itemApi.rename, { params: { id: '7' }, body: { title: 'x' } });
}
