import { useTranslation } from '@bolsa/client-kit/i18n';
import { TOAST_DURATION_MS } from '@bolsa/contracts';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

const GUARD_MARK = 'bolsaQuitGuard';

type HistoryState = { idx?: number; key?: string; [GUARD_MARK]?: boolean } | null;

const currentState = () => window.history.state as HistoryState;
const isFirstEntry = (state: HistoryState) => state !== null && (state.idx ?? 0) === 0;
/** The react-router entry the guard sits on; only going back to exactly it counts as "leaving". */
let guardedKey: string | undefined;

/**
 * Tab pages are quit pages (spec §2): when back would leave the app, the first press only says
 * "press again to quit" and a second press within the toast's two seconds leaves. It works with a
 * guard entry of the same URL pushed on top of the app's first history entry.
 */
export function useQuitGuard() {
  const { t } = useTranslation();
  const location = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: every navigation may land on the first entry again, so the guard is re-armed on each.
  useEffect(() => {
    const state = currentState();
    if (!isFirstEntry(state) || state?.[GUARD_MARK]) return;
    guardedKey = state?.key;
    window.history.pushState({ ...state, [GUARD_MARK]: true }, '');
  }, [location.key]);

  useEffect(() => {
    let warnedAt = 0;
    let isOnGuard = currentState()?.[GUARD_MARK] === true;
    const onPopState = () => {
      const state = currentState();
      const wasOnGuard = isOnGuard;
      isOnGuard = state?.[GUARD_MARK] === true;
      // A new entry (a link, a hash set by code) is not a back press; only returning to the guarded entry is.
      if (!wasOnGuard || isOnGuard || !isFirstEntry(state) || state?.key !== guardedKey) return;
      if (Date.now() - warnedAt < TOAST_DURATION_MS) {
        window.history.back();
        return;
      }
      warnedAt = Date.now();
      window.history.pushState({ ...state, [GUARD_MARK]: true }, '');
      isOnGuard = true;
      void import('../lib/toast.ts').then(({ showToast }) => showToast(t('common.pressAgainToQuit')));
    };
    const onPushOrReplace = () => {
      isOnGuard = currentState()?.[GUARD_MARK] === true;
    };
    window.addEventListener('popstate', onPopState);
    window.addEventListener('hashchange', onPushOrReplace);
    return () => {
      window.removeEventListener('popstate', onPopState);
      window.removeEventListener('hashchange', onPushOrReplace);
    };
  }, [t]);
}
