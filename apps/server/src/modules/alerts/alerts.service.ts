import { type PriceAlert, type PriceAlertCreateBody, type PriceAlertList, priceAlertLimits, type QuoteTick } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { type Database, inTransaction } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/index.ts';
import type { BulkNotifier, Notice } from '../../platform/notifications.ts';
import type { AlertQuoteSource } from './alerts.engine.ts';
import { type ArmedAlert, meets } from './alerts.index.ts';
import * as repository from './alerts.repository.ts';

/** Alerts fired in one statement and one transaction at most (a quote crossing a crowded level). */
const FIRE_BATCH_MAX = 500;

/** A decimal as people write it: no trailing zeros of the numeric column. */
const plain = (value: string) => new Decimal(value).toFixed();

function viewOf(row: repository.AlertRow, nameOf: (code: string) => string): PriceAlert {
  return {
    id: row.id,
    code: row.code,
    name: nameOf(row.code),
    kind: row.kind,
    threshold: plain(row.threshold),
    status: row.status,
    createdAtTimestamp: new Date(row.created_at).getTime(),
    firedAtTimestamp: row.fired_at === null ? null : new Date(row.fired_at).getTime(),
    firedPrice: row.fired_price === null ? null : plain(row.fired_price),
    firedChangeRatio: row.fired_change_ratio === null ? null : plain(row.fired_change_ratio),
  };
}

const armedOf = (row: { id: string; user_id: string; code: string; kind: ArmedAlert['kind']; threshold: string }): ArmedAlert => ({
  id: Number(row.id),
  userId: Number(row.user_id),
  code: row.code,
  kind: row.kind,
  threshold: plain(row.threshold),
});

const templateOf = { above: 'priceAlertAbove', below: 'priceAlertBelow', change: 'priceAlertChange' } as const;

export type AlertsService = ReturnType<typeof createAlertsService>;

export function createAlertsService(dependencies: {
  db: Database;
  /** The instruments users may set alerts on, by code. */
  instrumentOf: (code: string) => { code: string; name: string } | undefined;
  quotes: Pick<AlertQuoteSource, 'latest'>;
  notifyMany: BulkNotifier;
  /** The engine indexes an alert once it is committed, and forgets one deleted. */
  onArmed: (alert: ArmedAlert) => void;
  onRemoved: (alert: Pick<ArmedAlert, 'id' | 'code'>) => void;
}) {
  const { db, instrumentOf, quotes, notifyMany } = dependencies;
  const nameOf = (code: string) => instrumentOf(code)?.name ?? code;

  return {
    async list(userId: number, code: string | undefined): Promise<PriceAlertList> {
      const rows = await repository.alertsOf(db, userId, code, priceAlertLimits.firedShown);
      return {
        armed: rows.armed.map((row) => viewOf(row, nameOf)),
        fired: rows.fired.map((row) => viewOf(row, nameOf)),
        armedMax: priceAlertLimits.armedMax,
      };
    },

    async create(userId: number, body: { stockCode: string; kind: PriceAlertCreateBody['kind']; threshold: string }): Promise<PriceAlert> {
      const instrument = instrumentOf(body.stockCode);
      if (!instrument) throw new AppError('INSTRUMENT_UNKNOWN', { code: body.stockCode });
      const threshold = plain(body.threshold);
      // An alert the latest quote already meets would fire at once: the user is told where the quote is instead.
      const latest = quotes.latest(instrument.code);
      if (latest && meets({ kind: body.kind, threshold }, latest.price, latest.changeRatio)) {
        throw new AppError('PRICE_ALERT_ALREADY_MET', { current: body.kind === 'change' ? `${latest.changeRatio} %` : latest.price });
      }
      const row = await inTransaction(db, async (tx) => {
        // One user's creations one at a time, so two at once cannot both pass the limit.
        await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`price-alerts:user:${userId}`}))`);
        if ((await repository.countArmed(tx, userId)) >= priceAlertLimits.armedMax)
          throw new AppError('PRICE_ALERTS_FULL', { max: priceAlertLimits.armedMax });
        return repository.insertAlert(tx, { userId, code: instrument.code, kind: body.kind, threshold });
      });
      dependencies.onArmed(armedOf(row));
      return viewOf(row, nameOf);
    },

    async remove(userId: number, id: number): Promise<null> {
      const deleted = await repository.deleteAlert(db, userId, id);
      if (!deleted) throw new AppError('PRICE_ALERT_NOT_FOUND');
      if (deleted.status === 'armed') dependencies.onRemoved({ id, code: deleted.code });
      return null;
    },

    async armedAlerts(): Promise<ArmedAlert[]> {
      return (await repository.armedAlerts(db)).map(armedOf);
    },

    /**
     * Fires the alerts a quote met: the guarded update marks those still armed, and their inbox messages
     * (announced on each owner's push topic after the commit) are written in the same transaction, so an
     * alert fires, and is told, exactly once across processes. Answers the ids this call fired.
     */
    async fire(alerts: readonly ArmedAlert[], tick: QuoteTick): Promise<number[]> {
      const firedIds: number[] = [];
      for (let start = 0; start < alerts.length; start += FIRE_BATCH_MAX) {
        const batch = alerts.slice(start, start + FIRE_BATCH_MAX);
        const fired = await inTransaction(db, async (tx) => {
          const rows = await repository.markFired(
            tx,
            batch.map((alert) => alert.id),
            { price: tick.price, changeRatio: tick.changeRatio, atMs: tick.timestamp },
          );
          const notices: Notice[] = rows.map((row) => ({
            userId: Number(row.user_id),
            template: templateOf[row.kind],
            values: {
              code: row.code,
              name: nameOf(row.code),
              threshold: plain(row.threshold),
              price: tick.price,
              change: new Decimal(tick.changeRatio).gt(0) ? `+${tick.changeRatio}` : tick.changeRatio,
            },
          }));
          await notifyMany(tx, notices);
          return rows.map((row) => Number(row.id));
        });
        firedIds.push(...fired);
      }
      return firedIds;
    },
  };
}
