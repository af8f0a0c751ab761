/**
 * Query keys shared by features that never import each other: the quote page's watch toggle
 * invalidates the watchlist tab's list through these.
 */
export const queryKeys = {
  watchlist: ['watchlist'] as const,
  quoteDetail: (code: string) => ['quote-detail', code] as const,
  homeCustomList: ['home-custom-list'] as const,
  /** The identity verification state: refreshed when a verification-result message arrives live. */
  kycState: ['kyc', 'state'] as const,
  /** Every inbox query (its second part is the language). */
  messages: ['messages'] as const,
};
