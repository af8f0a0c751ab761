import { useEffect, useState } from 'react';
import '../funding.css';

/**
 * A QR code of a deposit address, drawn as a data-URL image. The `qrcode` library loads only
 * when a QR code is first shown, so it never weighs on the first load.
 */
export function AddressQrCode({ value, alt }: { value: string; alt: string }) {
  const [source, setSource] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    setSource(null);
    void import('qrcode')
      .then((module) => module.toDataURL(value, { width: 200, margin: 1, errorCorrectionLevel: 'M' }))
      .then((url) => {
        if (isCurrent) setSource(url);
      })
      .catch(() => {
        if (isCurrent) setSource(null);
      });
    return () => {
      isCurrent = false;
    };
  }, [value]);
  return (
    <div className="qr-code" aria-busy={source === null}>
      {source ? <img src={source} alt={alt} width={200} height={200} /> : <div className="qr-code-placeholder" />}
    </div>
  );
}
