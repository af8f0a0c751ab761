import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/index.ts';

/**
 * The payment instruments users have registered (bank cards and accounts, crypto addresses, deleted ones
 * too), compared by their number without spaces or case: the referral module holds a reward when the
 * referrer and the invitee share one. Only whether they are shared leaves this module, never a number.
 */
export async function usersSharingPaymentInstrument(executor: Executor, userId: number, otherUserId: number): Promise<boolean> {
  const result = await executor.execute<{ shared: boolean }>(sql`
    WITH instruments AS (
      SELECT user_id, upper(replace(card_number, ' ', '')) AS number FROM bank_cards
      WHERE user_id IN (${userId}, ${otherUserId})
      UNION ALL
      SELECT user_id, upper(address) FROM withdrawal_addresses WHERE user_id IN (${userId}, ${otherUserId})
    )
    SELECT EXISTS (
      SELECT 1 FROM instruments a JOIN instruments b ON a.number = b.number
      WHERE a.user_id = ${userId} AND b.user_id = ${otherUserId}
    ) AS shared`);
  return result.rows[0]?.shared === true;
}
