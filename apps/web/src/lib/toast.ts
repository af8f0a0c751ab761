import './antd-mobile-setup.ts';
import { TOAST_DURATION_MS } from '@bolsa/contracts';
import { Toast } from 'antd-mobile';

/** Messages appear as toasts for two seconds (spec §8). */
export function showToast(content: string, icon?: 'success' | 'fail'): void {
  Toast.show({ content, icon, duration: TOAST_DURATION_MS });
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
