import { TOAST_DURATION_MS } from '@bolsa/contracts';

/**
 * antd-mobile's Toast (with the React 19 render shim), fetched the first time a toast shows: the API
 * client imports this file, so a static import would put antd-mobile in every first screen, home included.
 * Pages that use antd-mobile themselves have it loaded already, so their toasts show at once.
 */
function loadToast() {
  return import('./toast-view.ts').then((module) => module.Toast);
}

/** Messages appear as toasts for two seconds (spec §8). */
export function showToast(content: string, icon?: 'success' | 'fail'): void {
  void loadToast().then((Toast) => Toast.show({ content, icon, duration: TOAST_DURATION_MS }));
}

/**
 * Shows a failed call to the user. Superseded calls (AbortError) stay silent, and an ended
 * session was already announced by the API client.
 */
export function showError(error: unknown): void {
  if (typeof error !== 'object' || error === null) return;
  const { name, code, message } = error as { name?: unknown; code?: unknown; message?: unknown };
  if (name === 'AbortError') return;
  if (code === 401 || code === 403) return;
  if (typeof message === 'string' && message !== '') showToast(message, 'fail');
}
