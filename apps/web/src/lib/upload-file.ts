import { API_BASE_PATH, REQUEST_TIMEOUT_MS, UPLOAD_SIZE_MAX_MB_DEFAULT, uploadApi } from '@bolsa/contracts';
import { ApiError, buildHeaders, handleUnauthorized } from './api-client.ts';
import { translate } from './i18n.ts';

/**
 * Image upload (spec §7: POST /web/file/upload, multipart field `file`, answer `{url}`).
 * It uses XMLHttpRequest because fetch cannot report upload progress; headers, the envelope and
 * the 401/403 handling are the same as the API client's.
 */

export const uploadImageTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const uploadAccept = uploadImageTypes.join(',');

/** Why a file was refused before sending it: an `errors.*` key and its parameters. */
export type UploadRefusal = {
  key: 'errors.UPLOAD_TOO_LARGE' | 'errors.UPLOAD_TYPE_REFUSED' | 'errors.UPLOAD_MISSING';
  values?: Record<string, unknown>;
};

/** Checks type (PNG, JPEG or WebP) and size (at most `sizeMaxMb` MB, 5 by default) on the client. */
export function checkUploadFile(file: File | null | undefined, sizeMaxMb: number = UPLOAD_SIZE_MAX_MB_DEFAULT): UploadRefusal | null {
  if (!file || file.size === 0) return { key: 'errors.UPLOAD_MISSING' };
  if (!(uploadImageTypes as readonly string[]).includes(file.type)) return { key: 'errors.UPLOAD_TYPE_REFUSED' };
  if (file.size > sizeMaxMb * 1024 * 1024) return { key: 'errors.UPLOAD_TOO_LARGE', values: { limit: sizeMaxMb } };
  return null;
}

/** A file refused on the client; its message is already translated. */
export class UploadRefusedError extends ApiError {
  readonly refusal: UploadRefusal;
  constructor(refusal: UploadRefusal) {
    super(translate(refusal.key, refusal.values), 0);
    this.name = 'UploadRefusedError';
    this.refusal = refusal;
  }
}

export type UploadOptions = {
  /** Called with the share sent so far, from 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
  sizeMaxMb?: number;
  timeoutMs?: number;
};

type Envelope = { code: number; msg?: string; data?: unknown };

function parseEnvelope(text: string): Envelope | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && typeof (value as Envelope).code === 'number' ? (value as Envelope) : null;
  } catch {
    return null;
  }
}

export function uploadFile(file: File, options: UploadOptions = {}): Promise<{ url: string }> {
  const { onProgress, signal, sizeMaxMb, timeoutMs = REQUEST_TIMEOUT_MS } = options;
  const refusal = checkUploadFile(file, sizeMaxMb);
  if (refusal) return Promise.reject(new UploadRefusedError(refusal));

  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_BASE_PATH}${uploadApi.path}`);
    request.timeout = timeoutMs;
    request.withCredentials = false;
    // The browser sets the multipart content type with its boundary; only the JSON header is dropped.
    buildHeaders(false).forEach((value, name) => {
      request.setRequestHeader(name, value);
    });

    const onAbort = () => request.abort();
    const finish = () => signal?.removeEventListener('abort', onAbort);

    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(Math.min(1, event.loaded / event.total));
    };
    request.onload = () => {
      finish();
      const payload = parseEnvelope(request.responseText);
      const code = payload ? payload.code : request.status === 401 || request.status === 403 ? request.status : 0;
      if (code === 200 && payload) {
        onProgress?.(1);
        resolve(payload.data as { url: string });
        return;
      }
      if (code === 401 || code === 403) {
        handleUnauthorized();
        reject(new ApiError(translate('errors.UNAUTHORIZED'), code));
        return;
      }
      reject(new ApiError(payload?.msg || translate('common.networkError'), code));
    };
    request.onerror = () => {
      finish();
      reject(new ApiError(translate('common.networkError'), 0));
    };
    request.ontimeout = () => {
      finish();
      reject(new ApiError(translate('common.requestTimeout'), 0));
    };
    request.onabort = () => {
      finish();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    };

    if (signal) {
      if (signal.aborted) {
        request.abort();
        return;
      }
      signal.addEventListener('abort', onAbort, { once: true });
    }
    const body = new FormData();
    body.append('file', file);
    onProgress?.(0);
    request.send(body);
  });
}
