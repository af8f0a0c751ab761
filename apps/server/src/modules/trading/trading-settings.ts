import { defaultLeverageMaxOf, type TradableSource } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { and, eq } from 'drizzle-orm';
import type { EventBus } from '../../platform/bus/index.ts';
import type { Database, Executor } from '../../platform/db/index.ts';
import { AppError } from '../../platform/http/index.ts';
import { type Instrument, isTradable, type MarketRules, marketRules } from './trading.rules.ts';
import { tradingSettings } from './trading-settings.tables.ts';

type SettingsRow = typeof tradingSettings.$inferSelect;
export type SettingsScope = SettingsRow['scope'];

/** An operator's partial edit: an absent field stays, null returns it to the level above. */
export type SettingsPatch = {
  feeRate?: string | null | undefined;
  feeMinimum?: string | null | undefined;
  leverageMin?: number | null | undefined;
  leverageMax?: number | null | undefined;
  minQuantity?: string | null | undefined;
};

export type SettingsOverride = {
  feeRate: string | null;
  feeMinimum: string | null;
  leverageMin: number | null;
  leverageMax: number | null;
  minQuantity: string | null;
};

/** The rules an order is checked and charged with now: the market's, the instrument's overrides on top. */
export type EffectiveRules = MarketRules & { minQuantity: string; isHalted: boolean; haltReason: string | null };

const CHANGED_TOPIC = 'trading:settings-changed';
const emptyOverride: SettingsOverride = { feeRate: null, feeMinimum: null, leverageMin: null, leverageMax: null, minQuantity: null };

const decimalText = (value: string | null) => (value === null ? null : new Decimal(value).toString());

function overrideOf(row: SettingsRow | undefined): SettingsOverride {
  if (!row) return emptyOverride;
  return {
    feeRate: decimalText(row.feeRate),
    feeMinimum: row.feeMinimum === null ? null : new Decimal(row.feeMinimum).toFixed(2),
    leverageMin: row.leverageMin,
    leverageMax: row.leverageMax,
    minQuantity: decimalText(row.minQuantity),
  };
}

/** Checks what an edit would leave in force, before it is written. */
function assertConsistent(leverageMin: number, leverageMax: number) {
  if (leverageMin > leverageMax) throw new AppError('SETTINGS_INVALID', { detail: `leverage ${leverageMin} > ${leverageMax}` });
}

/**
 * Writes an edit in the caller's transaction. The caller calls `announce` after the commit.
 * `resulting` is what the instrument or market would be checked with, so contradictions are refused here.
 */
async function writeEdit(
  executor: Executor,
  input: {
    scope: SettingsScope;
    key: string;
    patch: SettingsPatch;
    operatorId: number;
    resulting: { leverageMin: number; leverageMax: number };
  },
) {
  assertConsistent(input.resulting.leverageMin, input.resulting.leverageMax);
  const values = Object.fromEntries(Object.entries(input.patch).filter(([, value]) => value !== undefined)) as SettingsPatch;
  await executor
    .insert(tradingSettings)
    .values({ scope: input.scope, key: input.key, ...values, updatedByOperatorId: input.operatorId })
    .onConflictDoUpdate({
      target: [tradingSettings.scope, tradingSettings.key],
      set: { ...values, updatedAt: new Date(), updatedByOperatorId: input.operatorId },
    });
}

/** Halts or resumes new orders on one instrument, in the caller's transaction. */
async function writeHalt(executor: Executor, input: { code: string; isHalted: boolean; reason: string | null; operatorId: number }) {
  await executor
    .insert(tradingSettings)
    .values({
      scope: 'instrument',
      key: input.code,
      isHalted: input.isHalted,
      haltReason: input.reason,
      updatedByOperatorId: input.operatorId,
    })
    .onConflictDoUpdate({
      target: [tradingSettings.scope, tradingSettings.key],
      set: { isHalted: input.isHalted, haltReason: input.reason, updatedAt: new Date(), updatedByOperatorId: input.operatorId },
    });
}

/** The stored row of a scope, for an audit's before and after. */
async function storedRow(executor: Executor, scope: SettingsScope, key: string) {
  const found = await executor
    .select()
    .from(tradingSettings)
    .where(and(eq(tradingSettings.scope, scope), eq(tradingSettings.key, key)));
  return found[0];
}

export type TradingSettings = ReturnType<typeof createTradingSettings>;

/**
 * The editable trading rules, read from memory on the order path. The table is loaded at start and
 * again whenever any process changes it (the change is announced on the bus after its commit), so an
 * order costs no extra query and the next order after an edit, on any process, sees the new values.
 */
export function createTradingSettings(dependencies: {
  db: Database;
  bus: EventBus;
  logger?: { error(object: object, message: string): void };
}) {
  const { db, bus, logger } = dependencies;
  let rows = new Map<string, SettingsRow>();
  const keyOf = (scope: SettingsScope, key: string) => `${scope}:${key}`;

  async function load() {
    const loaded = await db.select().from(tradingSettings);
    rows = new Map(loaded.map((row) => [keyOf(row.scope, row.key), row]));
  }

  bus.subscribe(CHANGED_TOPIC, () => {
    // A failed reload keeps the previous rules; the next change or a restart loads them again.
    load().catch((error: unknown) => logger?.error({ err: error }, 'trading settings reload failed'));
  });

  function marketRulesOf(source: TradableSource): MarketRules {
    const base = marketRules[source];
    const override = rows.get(keyOf('market', source));
    return {
      walletType: base.walletType,
      feeRate: decimalText(override?.feeRate ?? null) ?? base.feeRate,
      feeMinimum: override?.feeMinimum ? new Decimal(override.feeMinimum).toFixed(2) : base.feeMinimum,
      leverageMin: override?.leverageMin ?? base.leverageMin,
      leverageMax: override?.leverageMax ?? base.leverageMax,
    };
  }

  /**
   * An instrument's rules before its own override: its market's, with the leverage cap of its class
   * (ESMA's retail limits, issue 15 §11) unless an operator set the market's most leverage.
   */
  function instrumentDefaultsOf(instrument: Instrument, source: TradableSource): MarketRules {
    const market = marketRulesOf(source);
    const marketMax = rows.get(keyOf('market', source))?.leverageMax ?? null;
    const classMax = Math.max(defaultLeverageMaxOf(instrument), market.leverageMin);
    return { ...market, leverageMax: marketMax ?? classMax };
  }

  return {
    load,

    instrumentDefaultsOf(instrument: Instrument): MarketRules {
      if (!isTradable(instrument.source)) throw new AppError('INSTRUMENT_NOT_TRADABLE', { code: instrument.code });
      return instrumentDefaultsOf(instrument, instrument.source);
    },

    rulesOf(instrument: Instrument): EffectiveRules {
      if (!isTradable(instrument.source)) throw new AppError('INSTRUMENT_NOT_TRADABLE', { code: instrument.code });
      const market = instrumentDefaultsOf(instrument, instrument.source);
      const override = rows.get(keyOf('instrument', instrument.code));
      return {
        walletType: market.walletType,
        feeRate: decimalText(override?.feeRate ?? null) ?? market.feeRate,
        feeMinimum: override?.feeMinimum ? new Decimal(override.feeMinimum).toFixed(2) : market.feeMinimum,
        leverageMin: override?.leverageMin ?? market.leverageMin,
        leverageMax: override?.leverageMax ?? market.leverageMax,
        minQuantity: decimalText(override?.minQuantity ?? null) ?? instrument.minQuantity,
        isHalted: override?.isHalted ?? false,
        haltReason: override?.haltReason ?? null,
      };
    },

    marketRulesOf,

    overrideOf: (scope: SettingsScope, key: string) => overrideOf(rows.get(keyOf(scope, key))),

    /** Whether an instrument is halted, for views that do not need the rest. */
    isHalted: (code: string) => rows.get(keyOf('instrument', code))?.isHalted ?? false,

    edit: writeEdit,
    setHalted: writeHalt,
    storedRow,

    /** After a commit: this process reloads before answering, the others when the bus tells them. */
    async announce() {
      await load();
      await bus.publish(CHANGED_TOPIC, { at: Date.now() });
    },
  };
}
