import { useEffect, useState } from 'react';
import './qr-code.css';

/**
 * A QR code of a text (a deposit address, a referral link), drawn as a PNG data-URL image. The `qrcode`
 * library loads only when a QR code is first shown, so it never weighs on the first load. `onDrawn` gets
 * the image, for a page that lets the user save it.
 */
export function QrCode({ value, alt, onDrawn }: { value: string; alt: string; onDrawn?: (dataUrl: string) => void }) {
  const [source, setSource] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    setSource(null);
    void import('qrcode')
      .then((module) => module.toDataURL(value, { width: 200, margin: 1, errorCorrectionLevel: 'M' }))
      .then((url) => {
        if (!isCurrent) return;
        setSource(url);
        onDrawn?.(url);
      })
      .catch(() => {
        if (isCurrent) setSource(null);
      });
    return () => {
      isCurrent = false;
    };
  }, [value, onDrawn]);
  return (
    <div className="qr-code" aria-busy={source === null}>
      {source ? <img src={source} alt={alt} width={200} height={200} /> : <div className="qr-code-placeholder" />}
    </div>
  );
}
