import '../lib/antd-mobile-setup.ts';
import { useTranslation } from '@bolsa/client-kit/i18n';
import { ProgressBar } from 'antd-mobile';
import { PictureOutline } from 'antd-mobile-icons';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import { isAbortError } from '../lib/api-client.ts';
import { showError } from '../lib/toast.ts';
import { uploadAccept, uploadFile } from '../lib/upload-file.ts';
import './image-upload.css';

type ImageUploadProps = {
  label: string;
  /** The uploaded file's URL, '' before one is uploaded. */
  value: string;
  onUploaded: (url: string) => void;
  error?: string | undefined;
};

type UploadState = { phase: 'idle' } | { phase: 'uploading'; fraction: number; fileName: string } | { phase: 'failed'; message: string };

/**
 * Picks an image, checks it on the client (PNG/JPEG/WebP, at most 5 MB), uploads it with a
 * visible progress bar and keeps the URL the server answers with.
 */
export function ImageUpload({ label, value, onUploaded, error }: ImageUploadProps) {
  const { t } = useTranslation();
  const id = useId();
  const [state, setState] = useState<UploadState>({ phase: 'idle' });
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ phase: 'uploading', fraction: 0, fileName: file.name });
    uploadFile(file, {
      signal: current.signal,
      onProgress: (fraction) => setState({ phase: 'uploading', fraction, fileName: file.name }),
    }).then(
      (result) => {
        setState({ phase: 'idle' });
        setPreviewUrl(typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null);
        onUploaded(result.url);
      },
      (failure: unknown) => {
        if (isAbortError(failure)) return;
        const message = failure instanceof Error && failure.message ? failure.message : t('common.networkError');
        setState({ phase: 'failed', message });
        showError(failure);
      },
    );
  };

  const percent = state.phase === 'uploading' ? Math.round(state.fraction * 100) : 0;
  const shownError = state.phase === 'failed' ? state.message : error;

  return (
    <div className="form-field upload-field">
      <span className="form-field-label" id={`${id}-label`}>
        {label}
      </span>
      <div className={`upload-box${shownError ? ' is-invalid' : ''}`}>
        {value && previewUrl ? (
          <img className="upload-preview" src={previewUrl} alt={t('funding.screenshotPreview')} />
        ) : value ? (
          <p className="upload-done">{t('funding.screenshotUploaded')}</p>
        ) : (
          <PictureOutline className="upload-placeholder-icon" aria-hidden="true" />
        )}
        <label className="button button-small button-default upload-choose" htmlFor={id}>
          {value ? t('funding.changeImage') : t('funding.chooseImage')}
        </label>
        <input
          id={id}
          className="visually-hidden"
          type="file"
          accept={uploadAccept}
          onChange={choose}
          aria-labelledby={`${id}-label`}
          aria-describedby={`${id}-hint${shownError ? ` ${id}-error` : ''}`}
          aria-invalid={shownError ? true : undefined}
          disabled={state.phase === 'uploading'}
        />
      </div>
      {state.phase === 'uploading' ? (
        <div className="upload-progress">
          <div
            role="progressbar"
            aria-label={t('funding.uploadProgress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent}%`}
          >
            <ProgressBar percent={percent} />
          </div>
          <p className="form-note">{t('funding.uploading', { percent })}</p>
        </div>
      ) : null}
      <p id={`${id}-hint`} className="form-field-hint">
        {t('funding.screenshotHint')}
      </p>
      {shownError ? (
        <p id={`${id}-error`} className="form-field-error" role="alert">
          {shownError}
        </p>
      ) : null}
    </div>
  );
}
