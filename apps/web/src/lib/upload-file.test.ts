import { storageKeys } from '@bolsa/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from './i18n.ts';
import { showToast } from './toast.ts';
import { checkUploadFile, UploadRefusedError, uploadFile } from './upload-file.ts';

vi.mock('./toast.ts', () => ({ showToast: vi.fn(), showError: vi.fn() }));

/** A stand-in for XMLHttpRequest that records the request and lets the test play the upload. */
class FakeRequest {
  static last: FakeRequest | null = null;
  method = '';
  url = '';
  headers = new Map<string, string>();
  body: unknown = null;
  status = 200;
  responseText = '';
  timeout = 0;
  withCredentials = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers.set(name.toLowerCase(), value);
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  respond(payload: unknown, status = 200) {
    this.status = status;
    this.responseText = JSON.stringify(payload);
    this.onload?.();
  }
}

function imageFile(sizeBytes: number, type = 'image/png', name = 'transfer.png'): File {
  return new File([new Uint8Array(sizeBytes)], name, { type });
}

function lastRequest(): FakeRequest {
  if (!FakeRequest.last) throw new Error('no upload was sent');
  return FakeRequest.last;
}

beforeAll(async () => {
  await initI18n('es');
});

beforeEach(() => {
  FakeRequest.last = null;
  vi.mocked(showToast).mockReset();
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('checkUploadFile', () => {
  it('accepts PNG, JPEG and WebP up to exactly 5 MB', () => {
    expect(checkUploadFile(imageFile(5 * 1024 * 1024))).toBeNull();
    expect(checkUploadFile(imageFile(10, 'image/jpeg'))).toBeNull();
    expect(checkUploadFile(imageFile(10, 'image/webp'))).toBeNull();
  });

  it('refuses a file over 5 MB with the spec message, another type, or an empty file', () => {
    expect(checkUploadFile(imageFile(5 * 1024 * 1024 + 1))).toEqual({ key: 'errors.UPLOAD_TOO_LARGE', values: { limit: 5 } });
    expect(checkUploadFile(imageFile(10, 'application/pdf', 'a.pdf'))).toEqual({ key: 'errors.UPLOAD_TYPE_REFUSED' });
    expect(checkUploadFile(imageFile(0))).toEqual({ key: 'errors.UPLOAD_MISSING' });
  });
});

describe('uploadFile', () => {
  it('refuses a too-large file before sending anything, with "size cannot exceed 5M" translated', async () => {
    const failure = uploadFile(imageFile(6 * 1024 * 1024));
    await expect(failure).rejects.toBeInstanceOf(UploadRefusedError);
    await expect(failure).rejects.toThrow('El tamaño no puede superar 5M');
    expect(FakeRequest.last).toBeNull();
  });

  it('refuses a type other than PNG, JPEG or WebP before sending anything', async () => {
    await expect(uploadFile(imageFile(100, 'image/gif', 'a.gif'))).rejects.toThrow('Solo se pueden subir imágenes PNG, JPEG o WebP');
    expect(FakeRequest.last).toBeNull();
  });

  it('posts the file as multipart field "file" to /web/file/upload with the token and language headers', async () => {
    window.localStorage.setItem(storageKeys.token, 'token-xyz');
    const file = imageFile(1000);
    const result = uploadFile(file);
    const request = lastRequest();
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/web/file/upload');
    expect(request.headers.get('authorization')).toBe('token-xyz');
    expect(request.headers.get('languages')).toBe('ar');
    expect(request.headers.has('content-type')).toBe(false);
    expect(request.body).toBeInstanceOf(FormData);
    expect((request.body as FormData).get('file')).toBe(file);
    request.respond({ code: 200, msg: '', data: { url: '/uploads/abc.png' } });
    await expect(result).resolves.toEqual({ url: '/uploads/abc.png' });
  });

  it('reports progress from 0 to 1 as the bytes go out', async () => {
    const fractions: number[] = [];
    const result = uploadFile(imageFile(1000), { onProgress: (fraction) => fractions.push(fraction) });
    const request = lastRequest();
    request.progress(250, 1000);
    request.progress(700, 1000);
    request.progress(1000, 1000);
    request.respond({ code: 200, msg: '', data: { url: '/uploads/x.png' } });
    await result;
    expect(fractions).toEqual([0, 0.25, 0.7, 1, 1]);
  });

  it('rejects with the server message for a refused upload', async () => {
    const result = uploadFile(imageFile(1000));
    lastRequest().respond({ code: 4008, msg: 'Solo se pueden subir imágenes PNG, JPEG o WebP', data: null }, 415);
    await expect(result).rejects.toMatchObject({ code: 4008, message: 'Solo se pueden subir imágenes PNG, JPEG o WebP' });
  });

  it('ends the session on 401 like the API client: clears the token, says so, opens login', async () => {
    window.localStorage.setItem(storageKeys.token, 'old');
    window.location.hash = '#/pages/deposit/fiat';
    const result = uploadFile(imageFile(1000));
    lastRequest().respond({ code: 401, msg: 'expired', data: null }, 401);
    await expect(result).rejects.toMatchObject({ code: 401 });
    expect(window.localStorage.getItem(storageKeys.token)).toBeNull();
    expect(showToast).toHaveBeenCalledWith('La sesión expiró, inicie sesión de nuevo');
    expect(window.location.hash).toBe('#/pages/auth/login');
  });

  it('rejects with "network error" when the transfer fails, and silently (AbortError) when cancelled', async () => {
    const failed = uploadFile(imageFile(1000));
    lastRequest().onerror?.();
    await expect(failed).rejects.toMatchObject({ code: 0, message: 'Error de red' });

    const controller = new AbortController();
    const cancelled = uploadFile(imageFile(1000), { signal: controller.signal });
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
  });
});
