import { isTradableSource, pageInfo, type TradableSource, tradableSources } from '@bolsa/contracts';
import type { Database, Executor } from '../../platform/db/index.ts';
import { AppError, type OperatorPrincipal } from '../../platform/http/index.ts';
import { type AuditMeta, createAudited, requirePermission } from '../../platform/operators/index.ts';
import type { MarketModule } from '../market/index.ts';
import { marketRules } from './trading.rules.ts';
import type { SettingsPatch, TradingSettings } from './trading-settings.ts';

type Instrument = MarketModule['catalog']['instruments'][number];

export type InstrumentsAdminService = ReturnType<typeof createInstrumentsAdminService>;

/**
 * Operators halt and resume instruments and edit the trading rules (fees, leverage limits, minimum
 * quantity) per market or per instrument. Each change commits with its audit row (the stored values
 * before and after), then every process reloads the rules it checks orders with.
 */
export function createInstrumentsAdminService(dependencies: { db: Database; catalog: MarketModule['catalog']; settings: TradingSettings }) {
  const { db, catalog, settings } = dependencies;
  const audited = createAudited(db);
  const tradable = () => catalog.instruments.filter((instrument) => isTradableSource(instrument.source));

  function instrumentView(instrument: Instrument) {
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

  function marketView(source: TradableSource) {
    const rules = settings.marketRulesOf(source);
    const { minQuantity: _minQuantity, ...override } = settings.overrideOf('market', source);
    return {
      source,
      effective: { feeRate: rules.feeRate, feeMinimum: rules.feeMinimum, leverageMin: rules.leverageMin, leverageMax: rules.leverageMax },
      override,
    };
  }

  function requireTradable(code: string): Instrument {
    const instrument = catalog.byCode.get(code.toUpperCase());
    if (!instrument || !isTradableSource(instrument.source)) throw new AppError('INSTRUMENT_UNKNOWN', { code });
    return instrument;
  }

  const storedBefore = (scope: 'market' | 'instrument', key: string) => async (executor: Executor) =>
    (await settings.storedRow(executor, scope, key)) ?? { scope, key, stored: null };

  /** The leverage limits an edit would leave in force, falling back level by level as the order path does. */
  function resultingLeverage(
    patch: SettingsPatch,
    current: { leverageMin: number | null; leverageMax: number | null },
    fallback: { leverageMin: number; leverageMax: number },
  ) {
    const pick = (edited: number | null | undefined, stored: number | null, inherited: number) =>
      edited === undefined ? (stored ?? inherited) : (edited ?? inherited);
    return {
      leverageMin: pick(patch.leverageMin, current.leverageMin, fallback.leverageMin),
      leverageMax: pick(patch.leverageMax, current.leverageMax, fallback.leverageMax),
    };
  }

  async function changed<T>(work: Promise<T>): Promise<T> {
    const result = await work;
    await settings.announce();
    return result;
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
        list: matching.slice(start, start + input.pageSize).map(instrumentView),
        ...pageInfo(matching.length, input.pageNum, input.pageSize),
      };
    },

    async markets(operator: OperatorPrincipal) {
      requirePermission(operator, 'instruments.read');
      return tradableSources.map(marketView);
    },

    async halt(operator: OperatorPrincipal, meta: AuditMeta, code: string, reason: string) {
      requirePermission(operator, 'instruments.edit');
      const instrument = requireTradable(code);
      await changed(
        audited(
          operator,
          meta,
          'instrument.halt',
          { type: 'instrument', id: instrument.code },
          async (tx) => {
            await settings.setHalted(tx, { code: instrument.code, isHalted: true, reason, operatorId: operator.operatorId });
            return { result: null, after: (await settings.storedRow(tx, 'instrument', instrument.code)) ?? {} };
          },
          storedBefore('instrument', instrument.code),
        ),
      );
      return instrumentView(instrument);
    },

    async resume(operator: OperatorPrincipal, meta: AuditMeta, code: string) {
      requirePermission(operator, 'instruments.edit');
      const instrument = requireTradable(code);
      await changed(
        audited(
          operator,
          meta,
          'instrument.resume',
          { type: 'instrument', id: instrument.code },
          async (tx) => {
            await settings.setHalted(tx, { code: instrument.code, isHalted: false, reason: null, operatorId: operator.operatorId });
            return { result: null, after: (await settings.storedRow(tx, 'instrument', instrument.code)) ?? {} };
          },
          storedBefore('instrument', instrument.code),
        ),
      );
      return instrumentView(instrument);
    },

    async editInstrument(operator: OperatorPrincipal, meta: AuditMeta, code: string, patch: SettingsPatch) {
      requirePermission(operator, 'instruments.edit');
      const instrument = requireTradable(code);
      const source = instrument.source as TradableSource;
      await changed(
        audited(
          operator,
          meta,
          'instrument.settings',
          { type: 'instrument', id: instrument.code },
          async (tx) => {
            const resulting = resultingLeverage(patch, settings.overrideOf('instrument', instrument.code), settings.marketRulesOf(source));
            await settings.edit(tx, { scope: 'instrument', key: instrument.code, patch, operatorId: operator.operatorId, resulting });
            return { result: null, after: (await settings.storedRow(tx, 'instrument', instrument.code)) ?? {} };
          },
          storedBefore('instrument', instrument.code),
        ),
      );
      return instrumentView(instrument);
    },

    async editMarket(operator: OperatorPrincipal, meta: AuditMeta, source: TradableSource, patch: SettingsPatch) {
      requirePermission(operator, 'instruments.edit');
      // A minimum quantity belongs to an instrument: a market's instruments trade in units too different to share one.
      if (patch.minQuantity !== undefined) throw new AppError('SETTINGS_INVALID', { detail: 'minQuantity' });
      await changed(
        audited(
          operator,
          meta,
          'market.settings',
          { type: 'market', id: source },
          async (tx) => {
            const resulting = resultingLeverage(patch, settings.overrideOf('market', source), marketRules[source]);
            await settings.edit(tx, { scope: 'market', key: source, patch, operatorId: operator.operatorId, resulting });
            return { result: null, after: (await settings.storedRow(tx, 'market', source)) ?? {} };
          },
          storedBefore('market', source),
        ),
      );
      return marketView(source);
    },
  };
}
