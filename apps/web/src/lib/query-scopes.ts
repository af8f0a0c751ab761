/**
 * Query-key prefixes shared across features. Features never import each other, yet a withdrawal
 * (funding) changes balances (wallet): invalidating a scope refreshes every read under it.
 */
export const walletQueryScope = ['wallet'] as const;
export const fundingQueryScope = ['funding'] as const;
/** Every trading read (holdings, closed, entrusted, history, a quote page's positions). */
export const tradeQueryScope = ['trade'] as const;
/** Every loan read (terms and score, loans, records): a decision or a reminder message refreshes them. */
export const loansQueryScope = ['loans'] as const;
/** Every follow-invest read (institutions, the user's follows): a cut-off or settlement message refreshes them. */
export const followQueryScope = ['follow'] as const;
/** Every fund read (products, holdings, orders, totals, plans): a purchase, a redemption or a day's income refreshes them. */
export const fundsQueryScope = ['funds'] as const;
/** Every price-alert read (one instrument's, all): an alert's firing message refreshes them. */
export const alertsQueryScope = ['alerts'] as const;
/** Every robot read (templates, licences, energy, purchases, runs): a purchase, a start or a stop refreshes them. */
export const robotsQueryScope = ['robots'] as const;
