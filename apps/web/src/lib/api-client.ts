import { ApiError, createApiClient } from '@bolsa/client-kit/api-client';
import { API_BASE_PATH } from '@bolsa/contracts';
import { currentLocale, translate } from './i18n.ts';
import { pagePath } from './pages.ts';
import { clearSession, getToken } from './session-store.ts';
import { showToast } from './toast.ts';

/**
 * The app's HTTP client (spec §7 and §8): the shared client of `@bolsa/client-kit` on `/web`, with
 * this app's session. Features call `callApi(contractEntry, input)`; a 401 or 403 ends the session.
 */

export { ApiError, isAbortError, type RequestOptions } from '@bolsa/client-kit/api-client';

/** The session ended (401/403): the user was already told and sent to login. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof ApiError && (error.code === 401 || error.code === 403);
}

/** Ends the session on the client: clears both keys, says so once, and opens the login page. */
export function handleUnauthorized(): void {
  clearSession();
  showToast(translate('errors.UNAUTHORIZED'));
  if (!window.location.hash.startsWith(`#${pagePath('login')}`)) window.location.hash = pagePath('login');
}

const client = createApiClient({
  basePath: API_BASE_PATH,
  getToken,
  currentLocale,
  translate: (key) => translate(key),
  sessionEndCodes: [401, 403],
  onSessionEnd: handleUnauthorized,
  sessionEndMessage: () => translate('errors.UNAUTHORIZED'),
});

/**
 * A call of one contract entry or, from screens, its zod-free route (`@bolsa/contracts/routes`), typed by
 * the entry: `callApi(accountRoutes.login, { body, requestId: 'login' })`.
 */
export const callApi = client.call;
/** A call by path, untyped; only for what has no contract entry. */
export const apiRequest = client.request;
/** The headers of every call (the upload sends them too). */
export const buildHeaders = client.buildHeaders;
