import {
  areLeverageAnswersRight,
  type LeverageAcknowledgeBody,
  type LeverageAcknowledgement,
  leverageQuestionsVersion,
} from '@bolsa/contracts';
import { eq } from 'drizzle-orm';
import type { Database } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/index.ts';
import { tradingLeverageAcknowledgements } from './leverage-acknowledgement.tables.ts';

export type LeverageAcknowledgements = ReturnType<typeof createLeverageAcknowledgements>;

/**
 * Who has answered the leverage check and read the risk disclosure (issue 15 §11). An acknowledgement is
 * never withdrawn, so once a process has seen one it keeps it in memory: an acknowledged user's
 * leveraged orders cost no query. Only a user not yet known to this process is read, once per order
 * until the row exists (and such an order is refused anyway), which also sees an acknowledgement
 * written through another process.
 */
export function createLeverageAcknowledgements(db: Database, now: () => Date) {
  const acknowledged = new Set<number>();

  async function stored(userId: number) {
    const rows = await db
      .select({ acknowledgedAt: tradingLeverageAcknowledgements.acknowledgedAt })
      .from(tradingLeverageAcknowledgements)
      .where(eq(tradingLeverageAcknowledgements.userId, userId));
    if (rows[0]) acknowledged.add(userId);
    return rows[0];
  }

  async function status(userId: number): Promise<LeverageAcknowledgement> {
    const row = await stored(userId);
    return { isAcknowledged: row !== undefined, acknowledgedAt: row ? row.acknowledgedAt.getTime() : null };
  }

  return {
    status,

    /** Refuses a leveraged order from a user who has not acknowledged; leverage 1 never asks. */
    async assertMayTrade(userId: number, leverage: number) {
      if (leverage <= 1 || acknowledged.has(userId)) return;
      if (!(await stored(userId))) throw new AppError('LEVERAGE_NOT_ACKNOWLEDGED');
    },

    /** Records the answers once; a wrong answer records nothing. A second acknowledgement keeps the first. */
    async acknowledge(userId: number, body: LeverageAcknowledgeBody): Promise<LeverageAcknowledgement> {
      if (!areLeverageAnswersRight(body.answers)) throw new AppError('LEVERAGE_CHECK_FAILED');
      await db
        .insert(tradingLeverageAcknowledgements)
        .values({ userId, questionsVersion: leverageQuestionsVersion, answers: body.answers, acknowledgedAt: now() })
        .onConflictDoNothing({ target: tradingLeverageAcknowledgements.userId });
      return status(userId);
    },
  };
}
