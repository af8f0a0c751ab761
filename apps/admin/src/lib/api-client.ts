import { REQUEST_TIMEOUT_MS, toWireLanguage } from '@bolsa/contracts';
import { currentLocale, translate } from './i18n.ts';
import { clearOperatorSession, getOperatorToken } from './session-store.ts';

/**
 * The one HTTP client of the console. Every call goes to `/admin/api`, answers with the envelope
 * `{code, msg, data}`, and resolves with `data` only when `code` is 200. A 401 (no session, or it
 * expired) ends the session here and sends the operator back to the login page.
 */
export const OPERATOR_API_BASE_PATH = '/admin/api';
export const loginRoute = '/login';

/** A call the server (or the network) refused; `code` is the envelope code, 0 for transport failures. */
export class ApiError extends Error {
  readonly code: number;
  constructor(message: string, code: number, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ApiError';
    this.code = code;
  }
}

export type RequestOptions = {
  method?: 'GET' | 'POST';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  timeoutMs?: number;
};

type Envelope = { code: number; msg?: string; data?: unknown };

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as Envelope).code === 'number';
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  let url = `${OPERATOR_API_BASE_PATH}${path}`;
  if (query) {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') search.set(key, String(value));
    const text = search.toString();
    if (text) url += `?${text}`;
  }
  return url;
}

function buildHeaders(hasBody: boolean): Headers {
  const locale = currentLocale();
  const headers = new Headers({ accept: 'application/json', 'accept-language': locale, languages: toWireLanguage(locale) });
  if (hasBody) headers.set('content-type', 'application/json');
  const token = getOperatorToken();
  if (token) headers.set('authorization', token);
  return headers;
}

/** Ends the session on this side and opens the login page (hash routing). */
export function handleUnauthorized(): void {
  clearOperatorSession();
  if (!window.location.hash.startsWith(`#${loginRoute}`)) window.location.hash = loginRoute;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, query, signal, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const controller = new AbortController();
  let isTimedOut = false;
  const timer = setTimeout(() => {
    isTimedOut = true;
    controller.abort();
  }, timeoutMs);
  const onCallerAbort = () => controller.abort();
  signal?.addEventListener('abort', onCallerAbort, { once: true });
  try {
    return await fetch(buildUrl(path, query), {
      method,
      headers: buildHeaders(body !== undefined),
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (isTimedOut) throw new ApiError(translate('common.requestTimeout'), 0);
    if (signal?.aborted) throw new DOMException('The request was cancelled', 'AbortError');
    throw new ApiError(translate('common.networkError'), 0, { cause: error });
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    payload = undefined;
  }
  const code = isEnvelope(payload) ? payload.code : response.status === 401 ? 401 : 0;
  if (code === 200 && isEnvelope(payload)) return payload.data as T;
  if (code === 401) {
    handleUnauthorized();
    throw new ApiError(isEnvelope(payload) && payload.msg ? payload.msg : translate('errors.UNAUTHORIZED'), 401);
  }
  throw new ApiError(isEnvelope(payload) && payload.msg ? payload.msg : translate('common.networkError'), code);
}

/**
 * An uploaded file (a deposit screenshot, an identity document) as an object URL: operators read
 * uploads through `/admin/api/file/:key` with their token, which an `<img src>` cannot send.
 */
export async function fetchFileObjectUrl(key: string, signal?: AbortSignal): Promise<string> {
  const response = await send(`/file/${encodeURIComponent(key)}`, { signal });
  if (response.status === 401) {
    handleUnauthorized();
    throw new ApiError(translate('errors.UNAUTHORIZED'), 401);
  }
  if (!response.ok) {
    let message = translate('common.networkError');
    try {
      const payload: unknown = await response.json();
      if (isEnvelope(payload) && payload.msg) message = payload.msg;
    } catch {
      // Not an envelope: keep the generic line.
    }
    throw new ApiError(message, response.status);
  }
  return URL.createObjectURL(await response.blob());
}

/** The storage key of an upload from the URL the app stored (`/web/file/<key>` or the bare key). */
export function uploadKeyFromUrl(url: string): string {
  const withoutQuery = url.split(/[?#]/)[0] ?? url;
  return withoutQuery.slice(withoutQuery.lastIndexOf('/') + 1);
}
