import '../lib/antd-mobile-setup.ts';
import { useTranslation } from '@bolsa/client-kit/i18n';
import { Skeleton } from 'antd-mobile';

/** Grey placeholder rows while a list or card loads; announced once as "Loading…". */
export function ListSkeleton({ rows = 3 }: { rows?: number }) {
  const { t } = useTranslation();
  return (
    <div className="list-skeleton" role="status" aria-label={t('common.loading')}>
      {Array.from({ length: rows }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Skeleton.Paragraph key={index} lineCount={2} animated />
      ))}
    </div>
  );
}
