import { pagePath } from './pages.ts';

/** Links whose page depends on the item they open; features never import each other, so they live here. */

/** The page of one article: notices open in the notice detail, news in the news detail (spec §2). */
export function articleRouteOf(article: { id: string; kind: 'news' | 'notice' }): string {
  return pagePath(article.kind === 'notice' ? 'noticeDetail' : 'newsDetail', { id: article.id });
}

/** One of the app's own pages in the web view (terms, privacy, help). */
export function webviewRouteOf(page: string): string {
  return pagePath('webview', { url: page });
}

/** The trade tab on one of its lists (spec §2 my-trade tabs: holding 0, closed 1, entrusted 2). */
export function tradeTabRoute(tab: 0 | 1 | 2): string {
  return pagePath('trade', { tab });
}

/** The order page of an instrument (spec §2): future for source 3, forex for 2, stock otherwise; direction 0 buy, 1 sell. */
export function paymentRouteOf(instrument: { name: string; code: string; source: string; direction: 0 | 1 }): string {
  const page = instrument.source === '3' ? 'paymentFuture' : instrument.source === '2' ? 'paymentForex' : 'paymentStock';
  const { name, code, source, direction } = instrument;
  return pagePath(page, { name, code, source, direction });
}

/** The withdrawals tab of the funding record, where each withdrawal shows its timeline. */
export const withdrawalRecordRoute = pagePath('depositRecord', { tab: 'withdrawals' });

/** The quote page of an instrument (spec §2): future for source 3, index for 99, forex for 2, stock otherwise. */
export function quoteRouteOf(instrument: { name: string; code: string; market: string; source: string }): string {
  const page =
    instrument.source === '3'
      ? 'quoteFuture'
      : instrument.source === '99'
        ? 'quoteIndex'
        : instrument.source === '2'
          ? 'quoteForex'
          : 'quoteStock';
  const { name, code, market, source } = instrument;
  return pagePath(page, { name, code, market, source });
}

/** The login page, coming back to `target` (a path with its query string) once logged in. */
export function loginRouteBackTo(target: string): string {
  return pagePath('login', { redirect: target });
}

/** True when the router's own history has an entry to go back to (React Router keeps `idx` in history state). */
export function hasHistory(): boolean {
  const state: unknown = typeof window === 'undefined' ? null : window.history.state;
  const index = state && typeof state === 'object' ? (state as { idx?: unknown }).idx : undefined;
  return typeof index === 'number' && index > 0;
}

/** A redirect target from the query string, accepted only when it is one of our own page routes. */
export function safeRedirect(target: string | null): string | null {
  if (!target?.startsWith('/pages/') || target.startsWith('/pages/auth/')) return null;
  return target;
}
