import '../lib/antd-mobile-setup.ts';
import { useTranslation } from '@bolsa/client-kit/i18n';
import { DotLoading, InfiniteScroll } from 'antd-mobile';
import { useRef } from 'react';

type ListEndProps = {
  hasMore: boolean;
  /** Loads the next page; throwing shows a retry button. */
  loadMore: () => Promise<void>;
};

/** Spec "reach-bottom throttle 350 ms": two page loads of a list start at least this far apart. */
export const REACH_BOTTOM_THROTTLE_MS = 350;

/**
 * The end of an infinitely scrolling list: loads the next page when it comes into view, and says
 * so in the app's language (antd-mobile's own strings are missing in some of our locales).
 */
export function ListEnd({ hasMore, loadMore }: ListEndProps) {
  const { t } = useTranslation();
  const lastLoadAt = useRef(0);
  // A fling past the end must not fire page after page: each load waits out the throttle first.
  const loadThrottled = async () => {
    const wait = lastLoadAt.current + REACH_BOTTOM_THROTTLE_MS - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    lastLoadAt.current = Date.now();
    await loadMore();
  };
  return (
    <InfiniteScroll hasMore={hasMore} loadMore={loadThrottled}>
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
