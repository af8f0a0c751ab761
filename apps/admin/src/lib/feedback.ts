import type { MessageInstance } from 'antd/es/message/interface';
import { translate } from './i18n.ts';

/**
 * Success and error toasts through antd's `message`, taken from the `<App>` context (see
 * app/feedback-bridge.tsx) so they follow the theme and locale; before it mounts they are dropped.
 */
let messageApi: MessageInstance | undefined;

export function setMessageApi(api: MessageInstance | undefined): void {
  messageApi = api;
}

export function showSuccess(text: string): void {
  void messageApi?.success(text);
}

/** The server's translated `msg` when there is one, a generic line otherwise. */
export function showError(error: unknown): void {
  if ((error as { name?: unknown } | null)?.name === 'AbortError') return;
  const text = error instanceof Error && error.message ? error.message : translate('common.networkError');
  void messageApi?.error(text);
}
