/**
 * Query-key prefixes shared across features. Features never import each other, yet a withdrawal
 * (funding) changes balances (wallet): invalidating a scope refreshes every read under it.
 */
export const walletQueryScope = ['wallet'] as const;
export const fundingQueryScope = ['funding'] as const;
