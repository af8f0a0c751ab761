import { isTradableSource, pageInfo, type TradableSource, tradableSources } from '@bolsa/contracts';
import type { Database, Executor } from '../../platform/db/index.ts';
import { AppError, type OperatorPrincipal } from '../../platform/http/index.ts';
import { type AuditMeta, createAudited, requirePermission } from '../../platform/operators/index.ts';
import type { MarketModule } from '../market/index.ts';
import { marketRules } from './trading.rules.ts';
import type { SettingsPatch, TradingSettings } from './trading-settings.ts';

type Instrument = MarketModule['catalog']['instruments'][number];

function instrumentView(settings: TradingSettings, instrument: Instrument) {
  const rules = settings.rulesOf(instrument);
  return {
    code: instrument.code,
    name: instrument.name,
    market: instrument.market,
    source: instrument.source,
    currency: instrument.currency,
    isTradable: true,
    isHalted: rules.isHalted,
    haltReason: rules.haltReason,
    effective: {
      feeRate: rules.feeRate,
      feeMinimum: rules.feeMinimum,
      leverageMin: rules.leverageMin,
      leverageMax: rules.leverageMax,
      minQuantity: rules.minQuantity,
    },
    override: settings.overrideOf('instrument', instrument.code),
  };
}

function marketView(settings: TradingSettings, source: TradableSource) {
  const rules = settings.marketRulesOf(source);
  const { minQuantity: _minQuantity, ...override } = settings.overrideOf('market', source);
  return {
    source,
    effective: { feeRate: rules.feeRate, feeMinimum: rules.feeMinimum, leverageMin: rules.leverageMin, leverageMax: rules.leverageMax },
    override,
  };
}

/** The leverage limits an edit would leave in force, falling back level by level as the order path does. */
function resultingLeverage(
  patch: SettingsPatch,
  current: { leverageMin: number | null; leverageMax: number | null },
  fallback: LeverageLimits,
) {
  const pick = (edited: number | null | undefined, stored: number | null, inherited: number) =>
    edited === undefined ? (stored ?? inherited) : (edited ?? inherited);
  return {
    leverageMin: pick(patch.leverageMin, current.leverageMin, fallback.leverageMin),
    leverageMax: pick(patch.leverageMax, current.leverageMax, fallback.leverageMax),
  };
}

type LeverageLimits = { leverageMin: number; leverageMax: number };

export type InstrumentsAdminService = ReturnType<typeof createInstrumentsAdminService>;

type Change = {
  settings: TradingSettings;
  audited: ReturnType<typeof createAudited>;
  operator: OperatorPrincipal;
  meta: AuditMeta;
};

/**
 * Commits one change of a market's or an instrument's stored rules with its audit row (the stored values
 * before and after), then every process reloads the rules it checks orders with.
 */
async function auditedChange(
  change: Change,
  action: string,
  scope: 'market' | 'instrument',
  key: string,
  write: (tx: Executor) => Promise<void>,
) {
  const { settings, operator, meta } = change;
  await change.audited(
    operator,
    meta,
    action,
    { type: scope, id: key },
    async (tx) => {
      await write(tx);
      return { result: null, after: (await settings.storedRow(tx, scope, key)) ?? {} };
    },
    async (executor: Executor) => (await settings.storedRow(executor, scope, key)) ?? { scope, key, stored: null },
  );
  await settings.announce();
}

/** Writes an edit of one scope's rules, refusing leverage limits that would contradict the level below (`fallback`). */
function editScope(change: Change, scope: 'market' | 'instrument', key: string, patch: SettingsPatch, fallback: () => LeverageLimits) {
  const { settings, operator } = change;
  return auditedChange(change, `${scope}.settings`, scope, key, async (tx) => {
    const resulting = resultingLeverage(patch, settings.overrideOf(scope, key), fallback());
    await settings.edit(tx, { scope, key, patch, operatorId: operator.operatorId, resulting });
  });
}

/**
 * Operators halt and resume instruments and edit the trading rules (fees, leverage limits, minimum
 * quantity) per market or per instrument. Each change commits with its audit row (the stored values
 * before and after), then every process reloads the rules it checks orders with.
 */
export function createInstrumentsAdminService(dependencies: { db: Database; catalog: MarketModule['catalog']; settings: TradingSettings }) {
  const { db, catalog, settings } = dependencies;
  const audited = createAudited(db);
  const tradable = () => catalog.instruments.filter((instrument) => isTradableSource(instrument.source));

  function requireTradable(code: string): Instrument {
    const instrument = catalog.byCode.get(code.toUpperCase());
    if (!instrument || !isTradableSource(instrument.source)) throw new AppError('INSTRUMENT_UNKNOWN', { code });
    return instrument;
  }

  /** Halts (with its reason) or resumes one instrument. */
  async function setHalted(
    operator: OperatorPrincipal,
    meta: AuditMeta,
    code: string,
    halt: { isHalted: true; reason: string } | { isHalted: false; reason: null },
  ) {
    requirePermission(operator, 'instruments.edit');
    const instrument = requireTradable(code);
    const action = halt.isHalted ? 'instrument.halt' : 'instrument.resume';
    await auditedChange({ settings, audited, operator, meta }, action, 'instrument', instrument.code, (tx) =>
      settings.setHalted(tx, { code: instrument.code, ...halt, operatorId: operator.operatorId }),
    );
    return instrumentView(settings, instrument);
  }

  return {
    async search(
      operator: OperatorPrincipal,
      input: { query: string; isHalted?: 'true' | 'false' | undefined; pageNum: number; pageSize: number },
    ) {
      requirePermission(operator, 'instruments.read');
      const query = input.query.toUpperCase();
      const matching = tradable()
        .filter((instrument) => query === '' || instrument.code.includes(query) || instrument.name.toUpperCase().includes(query))
        .filter((instrument) => input.isHalted === undefined || settings.isHalted(instrument.code) === (input.isHalted === 'true'));
      const start = (input.pageNum - 1) * input.pageSize;
      return {
        list: matching.slice(start, start + input.pageSize).map((instrument) => instrumentView(settings, instrument)),
        ...pageInfo(matching.length, input.pageNum, input.pageSize),
      };
    },

    async markets(operator: OperatorPrincipal) {
      requirePermission(operator, 'instruments.read');
      return tradableSources.map((source) => marketView(settings, source));
    },

    halt: (operator: OperatorPrincipal, meta: AuditMeta, code: string, reason: string) =>
      setHalted(operator, meta, code, { isHalted: true, reason }),

    resume: (operator: OperatorPrincipal, meta: AuditMeta, code: string) =>
      setHalted(operator, meta, code, { isHalted: false, reason: null }),

    async editInstrument(operator: OperatorPrincipal, meta: AuditMeta, code: string, patch: SettingsPatch) {
      requirePermission(operator, 'instruments.edit');
      const instrument = requireTradable(code);
      await editScope({ settings, audited, operator, meta }, 'instrument', instrument.code, patch, () =>
        settings.instrumentDefaultsOf(instrument),
      );
      return instrumentView(settings, instrument);
    },

    async editMarket(operator: OperatorPrincipal, meta: AuditMeta, source: TradableSource, patch: SettingsPatch) {
      requirePermission(operator, 'instruments.edit');
      // A minimum quantity belongs to an instrument: a market's instruments trade in units too different to share one.
      if (patch.minQuantity !== undefined) throw new AppError('SETTINGS_INVALID', { detail: 'minQuantity' });
      await editScope({ settings, audited, operator, meta }, 'market', source, patch, () => marketRules[source]);
      return marketView(settings, source);
    },
  };
}
