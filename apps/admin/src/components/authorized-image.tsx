import { useTranslation } from '@bolsa/client-kit/i18n';
import { Image, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { fetchFileObjectUrl, uploadKeyFromUrl } from '../lib/api-client.ts';

/**
 * An uploaded image (deposit screenshot, identity document), read through /admin/api/file/:key with
 * the operator's token; the object URL is released when the image leaves the page.
 */
export function AuthorizedImage({ url, alt, width = 220 }: { url: string; alt: string; width?: number }) {
  const { t } = useTranslation();
  const [objectUrl, setObjectUrl] = useState<string>();
  const [hasFailed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    let created: string | undefined;
    setFailed(false);
    fetchFileObjectUrl(uploadKeyFromUrl(url), controller.signal)
      .then((value) => {
        created = value;
        setObjectUrl(value);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => {
      controller.abort();
      if (created) URL.revokeObjectURL(created);
    };
  }, [url]);
  if (hasFailed) return <Typography.Text type="danger">{t('common.imageFailed')}</Typography.Text>;
  if (!objectUrl) return <Skeleton.Image active style={{ width, height: width * 0.6 }} />;
  return <Image src={objectUrl} alt={alt} width={width} className="document-image" />;
}
