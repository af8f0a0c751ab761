import { API_BASE_PATH, REQUEST_TIMEOUT_MS, toWireLanguage } from '@bolsa/contracts';
import { currentLocale, translate } from './i18n.ts';
import { pagePath } from './pages.ts';
import { clearSession, getToken } from './session-store.ts';
import { showToast } from './toast.ts';

/**
 * The one HTTP client of the app (spec §7 and §8). Every call goes to `/web`, answers with the
 * envelope `{code, msg, data}`, and resolves with `data` only when `code` is 200.
 */

/** A call the server (or the network) refused; `code` is the envelope code, 0 for transport failures. */
export class ApiError extends Error {
  readonly code: number;
  constructor(message: string, code: number, options?: ErrorOptions) {
    super(message, options);
    this.name = 'ApiError';
    this.code = code;
  }
}

/** The session ended (401/403): the user was already told and sent to login. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 401 || error.code === 403);
}

/** A call superseded by a newer one with the same id, or cancelled by its caller: never shown. */
export function isAbortError(error: unknown): boolean {
  // Checked by name: a DOMException from another realm (tests, iframes) is not `instanceof Error`.
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

export type RequestOptions = {
  method?: 'GET' | 'POST';
  /** JSON body for POST. */
  body?: unknown;
  /** Query-string parameters (GET). */
  query?: Record<string, string | number | boolean | undefined>;
  /** A new call with the same id aborts the earlier one, whose promise rejects with an AbortError. */
  requestId?: string;
  /** Cancellation from the caller (TanStack Query passes one). */
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * When false, a 401/403 answer only rejects: no toast, no redirect (the logout call, whose
   * session is ending anyway). True by default.
   */
  isSessionEndHandled?: boolean;
};

type Envelope = { code: number; msg?: string; data?: unknown };

const inFlight = new Map<string, AbortController>();

function abortError(): DOMException {
  return new DOMException('The request was superseded', 'AbortError');
}

function buildUrl(path: string, query: RequestOptions['query']): string {
  let url = `${API_BASE_PATH}${path}`;
  if (query) {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value !== undefined) search.set(key, String(value));
    }
    const text = search.toString();
    if (text) url += `?${text}`;
  }
  return url;
}

/** The headers of every call: language (spec §7), JSON when there is a body, and the token when logged in. */
export function buildHeaders(hasBody: boolean): Headers {
  const locale = currentLocale();
  const headers = new Headers({ accept: 'application/json', 'accept-language': locale, languages: toWireLanguage(locale) });
  if (hasBody) headers.set('content-type', 'application/json');
  const token = getToken();
  if (token) headers.set('authorization', token);
  return headers;
}

/** Ends the session on the client: clears both keys, says so once, and opens the login page. */
export function handleUnauthorized(): void {
  clearSession();
  showToast(translate('errors.UNAUTHORIZED'));
  if (!window.location.hash.startsWith(`#${pagePath('login')}`)) window.location.hash = pagePath('login');
}

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as Envelope).code === 'number';
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const {
    method = options.body === undefined ? 'GET' : 'POST',
    body,
    query,
    requestId,
    signal,
    timeoutMs = REQUEST_TIMEOUT_MS,
    isSessionEndHandled = true,
  } = options;

  const controller = new AbortController();
  if (requestId) {
    inFlight.get(requestId)?.abort(abortError());
    inFlight.set(requestId, controller);
  }
  let isTimedOut = false;
  const timer = setTimeout(() => {
    isTimedOut = true;
    controller.abort(new DOMException('The request timed out', 'TimeoutError'));
  }, timeoutMs);
  const onCallerAbort = () => controller.abort(abortError());
  if (signal) {
    if (signal.aborted) onCallerAbort();
    else signal.addEventListener('abort', onCallerAbort, { once: true });
  }

  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(path, query), {
        method,
        headers: buildHeaders(body !== undefined),
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: controller.signal,
        credentials: 'same-origin',
      });
    } catch (error) {
      if (isTimedOut) throw new ApiError(translate('common.requestTimeout'), 0);
      if (controller.signal.aborted) throw abortError();
      throw new ApiError(translate('common.networkError'), 0, { cause: error });
    }

    let payload: unknown;
    try {
      payload = await response.json();
    } catch {
      payload = undefined;
    }
    if (controller.signal.aborted && !isTimedOut) throw abortError();

    const code = isEnvelope(payload) ? payload.code : response.status === 401 || response.status === 403 ? response.status : 0;
    if (code === 200 && isEnvelope(payload)) return payload.data as T;
    if (code === 401 || code === 403) {
      if (isSessionEndHandled) handleUnauthorized();
      throw new ApiError(translate('errors.UNAUTHORIZED'), code);
    }
    const message = isEnvelope(payload) && payload.msg ? payload.msg : translate('common.networkError');
    throw new ApiError(message, code);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
    if (requestId && inFlight.get(requestId) === controller) inFlight.delete(requestId);
  }
}
