import type { PriceAlertKind, PriceAlertStatus } from '@bolsa/contracts';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/index.ts';

export type AlertRow = {
  id: string;
  user_id: string;
  code: string;
  kind: PriceAlertKind;
  threshold: string;
  status: PriceAlertStatus;
  created_at: Date | string;
  fired_at: Date | string | null;
  fired_price: string | null;
  fired_change_ratio: string | null;
};

const columns = sql`id::text, user_id::text, code, kind, threshold::text, status, created_at, fired_at, fired_price::text, fired_change_ratio::text`;

/** Every armed alert of every user (the engine's index at start). */
export async function armedAlerts(executor: Executor) {
  return (await executor.execute<AlertRow>(sql`SELECT ${columns} FROM price_alerts WHERE status = 'armed'`)).rows;
}

/** A user's armed alerts (newest first) and their latest fired ones, optionally of one instrument. */
export async function alertsOf(executor: Executor, userId: number, code: string | undefined, firedShown: number) {
  const ofCode = code === undefined ? sql`` : sql`AND code = ${code}`;
  const armed = await executor.execute<AlertRow>(
    sql`SELECT ${columns} FROM price_alerts WHERE user_id = ${userId} AND status = 'armed' ${ofCode} ORDER BY id DESC`,
  );
  const fired = await executor.execute<AlertRow>(
    sql`SELECT ${columns} FROM price_alerts WHERE user_id = ${userId} AND status = 'fired' ${ofCode}
        ORDER BY fired_at DESC, id DESC LIMIT ${firedShown}`,
  );
  return { armed: armed.rows, fired: fired.rows };
}

export async function countArmed(executor: Executor, userId: number) {
  const result = await executor.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM price_alerts WHERE user_id = ${userId} AND status = 'armed'`,
  );
  return result.rows[0]?.n ?? 0;
}

export async function insertAlert(executor: Executor, alert: { userId: number; code: string; kind: PriceAlertKind; threshold: string }) {
  const result = await executor.execute<AlertRow>(sql`
    INSERT INTO price_alerts (user_id, code, kind, threshold) VALUES (${alert.userId}, ${alert.code}, ${alert.kind}, ${alert.threshold})
    RETURNING ${columns}`);
  const row = result.rows[0];
  if (!row) throw new Error('insert returned nothing');
  return row;
}

/** Deletes one of the user's alerts, armed or fired; answers its code, or undefined when it is not theirs. */
export async function deleteAlert(executor: Executor, userId: number, id: number) {
  const result = await executor.execute<{ code: string; status: PriceAlertStatus }>(
    sql`DELETE FROM price_alerts WHERE id = ${id} AND user_id = ${userId} RETURNING code, status`,
  );
  return result.rows[0];
}

/**
 * The guarded firing: only rows still armed change, so when two processes fire the same alert on the
 * same quote, the second one's update waits for the first's row lock, then finds it fired and skips it.
 */
export async function markFired(executor: Executor, ids: readonly number[], quote: { price: string; changeRatio: string; atMs: number }) {
  if (ids.length === 0) return [];
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = await executor.execute<{ id: string; user_id: string; code: string; kind: PriceAlertKind; threshold: string }>(sql`
    UPDATE price_alerts SET status = 'fired', fired_at = ${new Date(quote.atMs).toISOString()},
           fired_price = ${quote.price}, fired_change_ratio = ${quote.changeRatio}
    WHERE id = ANY(ARRAY[${list}]::bigint[]) AND status = 'armed'
    RETURNING id::text, user_id::text, code, kind, threshold::text`);
  return result.rows;
}
