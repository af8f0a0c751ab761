import { ApiError, createApiClient, fillPath } from '@bolsa/client-kit/api-client';
import { operatorFilesApi } from '@bolsa/contracts';
import { currentLocale, translate } from './i18n.ts';
import { clearOperatorSession, getOperatorToken } from './session-store.ts';

/**
 * The console's HTTP client: the shared client of `@bolsa/client-kit` on `/admin/api`, with the
 * operator's session. Features call `callApi(contractEntry, input)`. A 401 (no session, or it
 * expired) ends the session here and sends the operator back to the login page.
 */
export const OPERATOR_API_BASE_PATH = '/admin/api';
export const loginRoute = '/login';

export { ApiError, type RequestOptions } from '@bolsa/client-kit/api-client';

/** Ends the session on this side and opens the login page (hash routing). */
export function handleUnauthorized(): void {
  clearOperatorSession();
  if (!window.location.hash.startsWith(`#${loginRoute}`)) window.location.hash = loginRoute;
}

const client = createApiClient({
  basePath: OPERATOR_API_BASE_PATH,
  getToken: getOperatorToken,
  currentLocale,
  translate: (key) => translate(key),
  sessionEndCodes: [401],
  onSessionEnd: handleUnauthorized,
  sessionEndMessage: (serverMessage) => serverMessage ?? translate('errors.UNAUTHORIZED'),
  dropsEmptyQueryValues: true,
});

/** A call of one contract entry, typed by it: `callApi(operatorUsersApi.detail, { params: { id } })`. */
export const callApi = client.call;
/** A call by path, untyped; only for what has no contract entry. */
export const apiRequest = client.request;
export const buildUrl = client.buildUrl;
/** The headers of a call (language, token); a multipart body sets its own content type. */
export const buildHeaders = client.buildHeaders;

/**
 * An uploaded file (a deposit screenshot, an identity document) as an object URL: operators read
 * uploads through `/admin/api/file/:key` with their token, which an `<img src>` cannot send.
 */
export async function fetchFileObjectUrl(key: string, signal?: AbortSignal): Promise<string> {
  const path = fillPath(operatorFilesApi.file.path, { key });
  const { status, blob, payload } = await client.send(path, { signal }, async (response) => ({
    status: response.status,
    blob: response.ok ? await response.blob() : undefined,
    payload: response.ok ? undefined : ((await response.json().catch(() => undefined)) as { msg?: unknown } | undefined),
  }));
  if (status === 401) {
    handleUnauthorized();
    throw new ApiError(translate('errors.UNAUTHORIZED'), 401);
  }
  if (!blob) {
    // Not an envelope: keep the generic line.
    const message = typeof payload?.msg === 'string' && payload.msg ? payload.msg : translate('common.networkError');
    throw new ApiError(message, status);
  }
  return URL.createObjectURL(blob);
}

/** The storage key of an upload from the URL the app stored (`/web/file/<key>` or the bare key). */
export function uploadKeyFromUrl(url: string): string {
  const withoutQuery = url.split(/[?#]/)[0] ?? url;
  return withoutQuery.slice(withoutQuery.lastIndexOf('/') + 1);
}
