import { randomBytes } from 'node:crypto';
import Decimal from 'decimal.js';
import { and, eq, sql } from 'drizzle-orm';
import type { Database, Executor } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/index.ts';
import { toMoney } from '../ledger/index.ts';
import { fxQuotes } from './funding.tables.ts';
import type { FxRates } from './fx-rates.ts';

/** Withdrawals leave the USD balance wallet; a yen quote names this destination in place of a wallet. */
const FROM_WALLET = 'BALANCE';
const TO_YEN_BANK = 'JPY_BANK';
const QUOTE_VALIDITY_MS = 30_000;

export type Payout = { currency: 'JPY'; amount: string; rate: string };

/** Whole yen for a USD amount: the fraction of a yen is not paid (banks move whole yen). */
const yenFor = (usd: string, rate: Decimal) => toMoney(new Decimal(usd).times(rate).toDecimalPlaces(0, Decimal.ROUND_DOWN));

/**
 * Yen bank withdrawals (issue 15 §5): the USD held from the balance wallet is converted at a quoted rate,
 * the transfers' FX quote (`fx_quotes`, 30 s, used once), and the withdrawal records the yen it pays.
 */
export function createYenPayouts(dependencies: { db: Database; fx: FxRates; now: () => Date }) {
  const { db, fx, now } = dependencies;
  return {
    async quote(userId: number, usd: string) {
      const rate = fx.rate('USD', 'JPY');
      const id = randomBytes(12).toString('base64url');
      const expiresAt = new Date(now().getTime() + QUOTE_VALIDITY_MS);
      const toAmount = yenFor(usd, rate);
      await db.insert(fxQuotes).values({
        id,
        userId,
        fromWalletType: FROM_WALLET,
        toWalletType: TO_YEN_BANK,
        fromAmount: usd,
        toAmount,
        rate: rate.toString(),
        expiresAt,
      });
      return {
        quoteId: id,
        fromAmount: usd,
        toAmount,
        rate: rate.toSignificantDigits(10).toString(),
        expiresAtTimestamp: expiresAt.getTime(),
      };
    },

    /** The quote the person saw, used up here (refused if expired, another's or for another amount); without one, the rate now. */
    async payoutFor(executor: Executor, userId: number, usd: string, quoteId: string | undefined): Promise<Payout> {
      if (quoteId === undefined) {
        const rate = fx.rate('USD', 'JPY');
        return { currency: 'JPY', amount: yenFor(usd, rate), rate: rate.toString() };
      }
      const used = await executor
        .delete(fxQuotes)
        .where(
          and(
            eq(fxQuotes.id, quoteId),
            eq(fxQuotes.userId, userId),
            eq(fxQuotes.toWalletType, TO_YEN_BANK),
            sql`${fxQuotes.expiresAt} > ${now().toISOString()}`,
          ),
        )
        .returning();
      const quote = used[0];
      if (!quote || toMoney(quote.fromAmount) !== usd) throw new AppError('FX_QUOTE_INVALID');
      return { currency: 'JPY', amount: toMoney(quote.toAmount), rate: quote.rate };
    },
  };
}
