import { numeric, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The column shapes every module's tables share, defined once. Changing one changes the schema of
 * every table that uses it: `npm run db:generate -w @bolsa/server` then writes the migration.
 */

/** An amount of money in a currency: two decimals, never a float (read as a decimal string). */
export const money = (name: string) => numeric(name, { precision: 24, scale: 2 });

/** A quantity or price finer than money (instrument prices, units): eight decimals. */
export const decimal = (name: string) => numeric(name, { precision: 30, scale: 8 });

/** An instant, with its time zone, read as a Date. */
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** When the row was written: set by the database. */
export const createdAt = () => at('created_at').notNull().defaultNow();

/** Text limited to a closed list of values, typed as their union. */
export const textEnum = <const Values extends readonly [string, ...string[]]>(name: string, values: Values) =>
  text(name, { enum: values as unknown as [Values[number], ...Values[number][]] });
