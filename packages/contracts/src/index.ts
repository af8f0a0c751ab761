export * from './account.ts';
export * from './constants.ts';
export * from './envelope.ts';
export * from './locales.ts';
export * from './market.ts';
export * from './result-codes.ts';
export * from './validation.ts';
