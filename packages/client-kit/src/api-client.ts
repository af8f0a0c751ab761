import { type Locale, REQUEST_TIMEOUT_MS, toWireLanguage } from '@bolsa/contracts';
import type { Route } from '@bolsa/contracts/routes';
import type { z } from 'zod';

/**
 * The HTTP client of both front ends (spec §7 and §8). Every call answers with the envelope
 * `{code, msg, data}` and resolves with `data` only when `code` is 200. A call names its contract
 * entry (`accountApi.login`, `operatorUsersApi.detail`): method and path come from the entry, and
 * the body, path parameters, query and answer are typed from its zod schemas, so no caller writes a
 * path or an answer type by hand. Only types are taken from zod: no schema reaches the first bundle.
 * A call may name the entry's zod-free route instead (`@bolsa/contracts/routes`), typed the same, so a
 * screen that only calls the API loads no schema at all.
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

/** A call superseded by a newer one with the same id, or cancelled by its caller: never shown. */
export function isAbortError(error: unknown): boolean {
  // Checked by name: a DOMException from another realm (tests, iframes) is not `instanceof Error`.
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/** One endpoint of packages/contracts: its method, path (`:name` parameters) and schemas. */
export type Endpoint = {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly body?: z.ZodType | undefined;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly data: z.ZodType;
};

/** A contract entry or its route: the route carries the entry as a type, and both give method and path. */
export type Callable<E extends Endpoint> = E | Route<E>;

/** The contract entry that `C` (an entry or a route) stands for. */
export type EndpointOf<C> = C extends Endpoint ? C : C extends Route<infer E extends Endpoint> ? E : never;

export type QueryValues = Record<string, string | number | boolean | undefined>;

/** How one call is sent, whichever way it is named. */
export type CallOptions = {
  /** A new call with the same id aborts the earlier one, whose promise rejects with an AbortError. */
  requestId?: string;
  /** Cancellation from the caller (TanStack Query passes one). */
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * When false, an answer that ends the session only rejects: no clearing, no redirect (a logout
   * call, whose session is ending anyway). True by default.
   */
  isSessionEndHandled?: boolean;
};

export type RequestOptions = CallOptions & {
  method?: 'GET' | 'POST';
  /** JSON body (POST). */
  body?: unknown;
  /** Query-string parameters. */
  query?: QueryValues;
};

/** An endpoint without a body schema takes none, or an empty JSON object (some callers send `{}`). */
type BodyInput<E extends Endpoint> = E['body'] extends z.ZodType ? { body: z.input<E['body']> } : { body?: Record<string, never> };
type ParamsInput<E extends Endpoint> = E['params'] extends z.ZodType ? { params: z.input<E['params']> } : { params?: undefined };
type QueryInput<E extends Endpoint> = E['query'] extends z.ZodType ? { query?: z.input<E['query']> } : { query?: undefined };

/** What a call of `E` takes: its body, its path parameters and its query, each typed by the contract. */
export type EndpointInput<E extends Endpoint> = BodyInput<E> & ParamsInput<E> & QueryInput<E> & CallOptions;
/** What a call of `E` resolves with: the contract's `data` (of a route: `EndpointAnswer<EndpointOf<R>>`). */
export type EndpointAnswer<E extends Endpoint> = z.output<E['data']>;

/** The part of `EndpointInput` a caller must give; endpoints without body or parameters need none. */
type InputArgs<E extends Endpoint> = E['body'] extends z.ZodType
  ? [input: EndpointInput<E>]
  : E['params'] extends z.ZodType
    ? [input: EndpointInput<E>]
    : [input?: EndpointInput<E>];

export type ApiClientConfig = {
  /** Where the app's API is mounted (`/web`, `/admin/api`). */
  basePath: string;
  getToken: () => string | null;
  currentLocale: () => Locale;
  /** Translates the client's own messages (`common.networkError`, `common.requestTimeout`). */
  translate: (key: string) => string;
  /** The envelope (or HTTP status) codes that mean the session is over. */
  sessionEndCodes: readonly number[];
  /** Ends the session on the client (clear storage, open login) after one of `sessionEndCodes`. */
  onSessionEnd: () => void;
  /** The message of the error a session end rejects with; gets the server's message if it sent one. */
  sessionEndMessage: (serverMessage: string | undefined) => string;
  /** Drop empty strings from the query as well as absent values (the console's filters send ''). */
  dropsEmptyQueryValues?: boolean;
};

type Envelope = { code: number; msg?: string; data?: unknown };

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as Envelope).code === 'number';
}

function abortError(): DOMException {
  return new DOMException('The request was superseded', 'AbortError');
}

/** A path with its `:name` parameters filled in, each encoded. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** The call's URL: the base path, the path, and the query without its absent (and, if configured, empty) values. */
function buildUrl(config: ApiClientConfig, path: string, query?: QueryValues): string {
  let url = `${config.basePath}${path}`;
  if (query) {
    const search = new URLSearchParams();
    for (const [key, value] of Object.entries(query)) {
      if (value === undefined || (config.dropsEmptyQueryValues && value === '')) continue;
      search.set(key, String(value));
    }
    const text = search.toString();
    if (text) url += `?${text}`;
  }
  return url;
}

export function createApiClient(config: ApiClientConfig) {
  const inFlight = new Map<string, AbortController>();

  /** The headers of every call: language (spec §7), JSON when there is a body, and the token when logged in. */
  function buildHeaders(hasBody: boolean): Headers {
    const locale = config.currentLocale();
    const headers = new Headers({ accept: 'application/json', 'accept-language': locale, languages: toWireLanguage(locale) });
    if (hasBody) headers.set('content-type', 'application/json');
    const token = config.getToken();
    if (token) headers.set('authorization', token);
    return headers;
  }

  /**
   * Sends one request and reads its answer with `read`, both inside the timeout and abort window:
   * transport failures, timeouts and aborts (a newer call with the same id, or the caller) map here.
   */
  async function send<Read>(path: string, options: RequestOptions, read: (response: Response) => Promise<Read>): Promise<Read> {
    const { method = options.body === undefined ? 'GET' : 'POST', body, query, requestId, signal } = options;
    const controller = new AbortController();
    if (requestId) {
      inFlight.get(requestId)?.abort(abortError());
      inFlight.set(requestId, controller);
    }
    let isTimedOut = false;
    const timer = setTimeout(() => {
      isTimedOut = true;
      controller.abort(new DOMException('The request timed out', 'TimeoutError'));
    }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);
    const onCallerAbort = () => controller.abort(abortError());
    if (signal?.aborted) onCallerAbort();
    else signal?.addEventListener('abort', onCallerAbort, { once: true });
    try {
      let response: Response;
      try {
        response = await fetch(buildUrl(config, path, query), {
          method,
          headers: buildHeaders(body !== undefined),
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: controller.signal,
          credentials: 'same-origin',
        });
      } catch (error) {
        if (isTimedOut) throw new ApiError(config.translate('common.requestTimeout'), 0);
        if (controller.signal.aborted) throw abortError();
        throw new ApiError(config.translate('common.networkError'), 0, { cause: error });
      }
      const answer = await read(response);
      if (controller.signal.aborted && !isTimedOut) throw abortError();
      return answer;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onCallerAbort);
      if (requestId && inFlight.get(requestId) === controller) inFlight.delete(requestId);
    }
  }

  /** The error of a response whose envelope (or status) is not 200, ending the session when it says so. */
  function refusalOf(response: Response, payload: unknown, isSessionEndHandled: boolean): ApiError {
    const isSessionEndStatus = config.sessionEndCodes.includes(response.status);
    const code = isEnvelope(payload) ? payload.code : isSessionEndStatus ? response.status : 0;
    const serverMessage = isEnvelope(payload) && payload.msg ? payload.msg : undefined;
    if (config.sessionEndCodes.includes(code)) {
      if (isSessionEndHandled) config.onSessionEnd();
      return new ApiError(config.sessionEndMessage(serverMessage), code);
    }
    return new ApiError(serverMessage ?? config.translate('common.networkError'), code);
  }

  /** A call by path, resolving with the envelope's `data` untyped; features use `call` instead. */
  async function request(path: string, options: RequestOptions = {}): Promise<unknown> {
    const { response, payload } = await send(path, options, async (response) => ({
      response,
      payload: (await response.json().catch(() => undefined)) as unknown,
    }));
    if (isEnvelope(payload) && payload.code === 200) return payload.data;
    throw refusalOf(response, payload, options.isSessionEndHandled ?? true);
  }

  /**
   * A call of one contract entry or its route: `call(accountRoutes.login, { body })` resolves with the
   * entry's `data`.
   */
  async function call<E extends Endpoint>(endpoint: Callable<E>, ...args: InputArgs<E>): Promise<EndpointAnswer<E>> {
    const input = (args[0] ?? {}) as EndpointInput<Endpoint> & { body?: unknown; params?: unknown; query?: unknown };
    const { body, params, query, ...options } = input;
    const path = fillPath(endpoint.path, params as Record<string, unknown> | undefined);
    return (await request(path, {
      ...options,
      method: endpoint.method,
      body,
      query: query as QueryValues | undefined,
    })) as EndpointAnswer<E>;
  }

  return { call, request, send, buildUrl: (path: string, query?: QueryValues) => buildUrl(config, path, query), buildHeaders };
}

export type ApiClient = ReturnType<typeof createApiClient>;
