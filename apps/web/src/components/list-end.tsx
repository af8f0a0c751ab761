import '../lib/antd-mobile-setup.ts';
import { DotLoading, InfiniteScroll } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

type ListEndProps = {
  hasMore: boolean;
  /** Loads the next page; throwing shows a retry button. */
  loadMore: () => Promise<void>;
};

/**
 * The end of an infinitely scrolling list: loads the next page when it comes into view, and says
 * so in the app's language (antd-mobile's own strings are missing in some of our locales).
 */
export function ListEnd({ hasMore, loadMore }: ListEndProps) {
  const { t } = useTranslation();
  return (
    <InfiniteScroll hasMore={hasMore} loadMore={loadMore}>
      {(isMore: boolean, isFailed: boolean, retry: () => void) => (
        <span className="list-end" aria-live="polite">
          {isFailed ? (
            <>
              {t('common.loadMoreFailed')}{' '}
              <button type="button" className="button button-small button-default" onClick={retry}>
                {t('common.retry')}
              </button>
            </>
          ) : isMore ? (
            <>
              {t('common.loading')} <DotLoading />
            </>
          ) : (
            t('common.noMore')
          )}
        </span>
      )}
    </InfiniteScroll>
  );
}
