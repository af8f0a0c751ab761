import { isTradableSource, type TradeDirection, tradingMarkets } from '@bolsa/contracts';
import { type PageName, pagePath, pages } from './pages.ts';

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

/** The order pages, one per market kind; which one a market opens is the contracts' `tradingMarkets` choice. */
const paymentPages = ['paymentStock', 'paymentFuture', 'paymentForex'] as const satisfies readonly PageName[];
/** The quote pages of the markets that trade (indices, source 99, have their own and do not trade). */
const marketQuotePages = ['quoteStock', 'quoteFuture', 'quoteForex'] as const satisfies readonly PageName[];
const INDEX_SOURCE = '99';

/** The page of `candidates` at `path` (a registry market's page), the first one when none is. */
function pageAt<Name extends PageName>(candidates: readonly [Name, ...Name[]], path: string | undefined): Name {
  return candidates.find((name) => pages[name].path === path) ?? candidates[0];
}

/** The order page of a market, from the registry (stock for a source that does not trade). */
export function paymentPageOf(source: string): (typeof paymentPages)[number] {
  return pageAt(paymentPages, isTradableSource(source) ? tradingMarkets[source].pages.payment : undefined);
}

/** The quote page of a source: its market's, from the registry; the index page for indices; stock otherwise. */
export function quotePageOf(source: string): (typeof marketQuotePages)[number] | 'quoteIndex' {
  if (source === INDEX_SOURCE) return 'quoteIndex';
  return pageAt(marketQuotePages, isTradableSource(source) ? tradingMarkets[source].pages.quote : undefined);
}

/** The order page of an instrument (spec §2), direction buy or sell. */
export function paymentRouteOf(instrument: { name: string; code: string; source: string; direction: TradeDirection }): string {
  const { name, code, source, direction } = instrument;
  return pagePath(paymentPageOf(source), { name, code, source, direction });
}

/** The withdrawals tab of the funding record, where each withdrawal shows its timeline. */
export const withdrawalRecordRoute = pagePath('depositRecord', { tab: 'withdrawals' });

/** The quote page of an instrument (spec §2). */
export function quoteRouteOf(instrument: { name: string; code: string; market: string; source: string }): string {
  const { name, code, market, source } = instrument;
  return pagePath(quotePageOf(source), { name, code, market, source });
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
