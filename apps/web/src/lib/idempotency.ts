import { useCallback, useRef } from 'react';

/**
 * Idempotency keys for money movements (GUIDE example 7). `crypto.randomUUID` exists only in
 * secure contexts (https or localhost), so plain-http deployments fall back to random bytes.
 */
export function newIdempotencyKey(): string {
  const source = globalThis.crypto;
  if (typeof source?.randomUUID === 'function') return source.randomUUID();
  const bytes = new Uint8Array(16);
  source.getRandomValues(bytes);
  // RFC 4122 version 4 layout.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One key per submission attempt. `keyFor` returns the same key while the user retries the same
 * request (same fingerprint) after an answer that never arrived, so the server sees a repeat and
 * makes no second movement. `settle` ends the attempt once the server has answered either way.
 */
export function useSubmissionKey() {
  const current = useRef<{ fingerprint: string; key: string } | null>(null);
  const keyFor = useCallback((fingerprint: string) => {
    if (current.current?.fingerprint !== fingerprint) current.current = { fingerprint, key: newIdempotencyKey() };
    return current.current.key;
  }, []);
  const settle = useCallback(() => {
    current.current = null;
  }, []);
  return { keyFor, settle };
}

/** True for failures where the server may or may not have acted (no answer): keep the key and retry. */
export function isAnswerUnknown(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, name } = error as { code?: unknown; name?: unknown };
  return code === 0 || name === 'AbortError';
}
