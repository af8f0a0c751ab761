import { operatorBlockApplicationsApi, operatorBlockTradeApi } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database, Executor } from '../../platform/db/index.ts';
import { AppError, type OperatorPrincipal, operatorRoute } from '../../platform/http/index.ts';
import { type AuditMeta, createAudited, requirePermission } from '../../platform/operators/index.ts';
import { createReview, registerReviewRoutes } from '../../platform/review/index.ts';
import { type BlockOrders, marketRulesOf } from './blocktrade.orders.ts';
import { type BlockPermissions, requirementsOf } from './blocktrade.permission.ts';
import { blockInstruments, blockMarkets, blockRequirements } from './blocktrade.tables.ts';

type SettingsBody = {
  requirements: { identityVerified: boolean; minAccountValueUsd: string; minFilledOrders: number; retryDays: number };
  markets: { source: string; minQuantity: string; bandRate: string }[];
};

type InstrumentLookup = (code: string) => { code: string; name: string; source: string } | undefined;

/** The settings operators see and edit: requirements, markets' sizes and bands, and the eligible instruments. */
async function settingsOfWith(executor: Executor, instrumentOf: InstrumentLookup) {
  const [requirements, markets, rows] = await Promise.all([
    requirementsOf(executor),
    marketRulesOf(executor),
    executor.select().from(blockInstruments).orderBy(blockInstruments.code),
  ]);
  const instruments = rows.map((row) => {
    const instrument = instrumentOf(row.code);
    const market = markets.find((rule) => rule.source === instrument?.source);
    return {
      code: row.code,
      name: instrument?.name ?? row.code,
      source: instrument?.source ?? '',
      blockSize: row.blockSize ? new Decimal(row.blockSize).toString() : (market?.minQuantity ?? ''),
    };
  });
  return { requirements, markets, instruments };
}

/** Operators activate or refuse block-trading applications (`blocktrade.review`), each decision audited with the state before it. */
function createBlockReview(db: Database, permissions: BlockPermissions) {
  return createReview(db, {
    permission: 'blocktrade.review',
    targetType: 'block_application',
    actions: { approve: 'blocktrade.approve', reject: 'blocktrade.reject' },
    queue: (filter: Parameters<BlockPermissions['queue']>[0]) => permissions.queue(filter),
    approve: permissions.approve,
    reject: permissions.reject,
    before: permissions.beforeOf,
  });
}

/**
 * What operators do with block trading (issue 19 §4), each through `requirePermission` and, when it
 * changes something, in one transaction with its audit row: the applications' review, the requirements,
 * each market's block size and band, the eligible instruments, the permissions and their suspension, and
 * the block orders with their reports.
 */
export function createBlockTradeOperations(
  db: Database,
  dependencies: {
    permissions: BlockPermissions;
    orders: BlockOrders;
    instrumentOf: InstrumentLookup;
    isBlockSource: (source: string) => boolean;
  },
) {
  const { permissions, orders } = dependencies;
  const audited = createAudited(db);
  const settingsOf = (executor: Executor) => settingsOfWith(executor, dependencies.instrumentOf);

  const review = createBlockReview(db, permissions);

  const change = (operator: OperatorPrincipal, meta: AuditMeta, action: string, id: string, write: (executor: Executor) => Promise<void>) =>
    audited(
      operator,
      meta,
      action,
      { type: 'blocktrade_settings', id },
      async (tx) => {
        await write(tx);
        const after = await settingsOf(tx);
        return { result: after, after };
      },
      settingsOf,
    );

  return {
    review,
    settings(operator: OperatorPrincipal) {
      requirePermission(operator, 'blocktrade.manage');
      return settingsOf(db);
    },
    saveSettings(operator: OperatorPrincipal, meta: AuditMeta, body: SettingsBody) {
      requirePermission(operator, 'blocktrade.manage');
      return change(operator, meta, 'blocktrade.settings', 'requirements', async (tx) => {
        const values = { ...body.requirements, updatedAt: new Date() };
        await tx
          .insert(blockRequirements)
          .values({ id: 1, ...values })
          .onConflictDoUpdate({ target: blockRequirements.id, set: values });
        for (const market of body.markets) {
          const set = { minQuantity: market.minQuantity, bandRate: market.bandRate, updatedAt: new Date() };
          await tx
            .insert(blockMarkets)
            .values({ source: market.source, ...set })
            .onConflictDoUpdate({ target: blockMarkets.source, set });
        }
      });
    },
    addInstrument(operator: OperatorPrincipal, meta: AuditMeta, body: { code: string; blockSize?: string | undefined }) {
      requirePermission(operator, 'blocktrade.manage');
      const instrument = dependencies.instrumentOf(body.code.toUpperCase());
      if (!instrument) throw new AppError('INSTRUMENT_UNKNOWN', { code: body.code });
      if (!dependencies.isBlockSource(instrument.source)) throw new AppError('BLOCK_NOT_ELIGIBLE', { code: instrument.code });
      return change(operator, meta, 'blocktrade.instrument.add', instrument.code, async (tx) => {
        const blockSize = body.blockSize ?? null;
        await tx
          .insert(blockInstruments)
          .values({ code: instrument.code, blockSize })
          .onConflictDoUpdate({ target: blockInstruments.code, set: { blockSize } });
      });
    },
    removeInstrument(operator: OperatorPrincipal, meta: AuditMeta, code: string) {
      requirePermission(operator, 'blocktrade.manage');
      return change(operator, meta, 'blocktrade.instrument.remove', code.toUpperCase(), async (tx) => {
        await tx.delete(blockInstruments).where(eq(blockInstruments.code, code.toUpperCase()));
      });
    },
    permissions(operator: OperatorPrincipal, filter: { pageNum: number; pageSize: number }) {
      requirePermission(operator, 'blocktrade.review');
      return permissions.permissions(filter);
    },
    suspend(operator: OperatorPrincipal, meta: AuditMeta, userId: number, reason: string) {
      requirePermission(operator, 'blocktrade.manage');
      return audited(
        operator,
        meta,
        'blocktrade.suspend',
        { type: 'block_permission', id: userId },
        async (tx) => {
          const result = await permissions.suspend(tx, userId, reason);
          return { result, after: { status: result.status, reason: result.reason } };
        },
        (tx) => permissions.permissionBefore(tx, userId),
      );
    },
    orders(operator: OperatorPrincipal, filter: { pageNum: number; pageSize: number }) {
      requirePermission(operator, 'blocktrade.review');
      return orders.operatorOrders(filter);
    },
  };
}

export type BlockTradeOperations = ReturnType<typeof createBlockTradeOperations>;

/** The operator routes under /admin/api. */
export function registerBlockTradeOperatorRoutes(app: FastifyInstance, operations: BlockTradeOperations) {
  const tags = ['operator'];
  const api = operatorBlockTradeApi;
  registerReviewRoutes(app, operatorBlockApplicationsApi, operations.review, {
    queue: 'Block-trading applications to review',
    approve: 'Activate a block-trading permission',
    reject: 'Refuse a block-trading application with a reason',
  });
  operatorRoute(app, api.settings, { summary: 'Block-trading requirements, markets and instruments', tags }, ({ operator }) =>
    operations.settings(operator),
  );
  operatorRoute(
    app,
    api.saveSettings,
    { summary: 'Edit block-trading requirements and market bands', tags },
    ({ operator, body, request }) => operations.saveSettings(operator, { ipAddress: request.ip }, body),
  );
  operatorRoute(app, api.addInstrument, { summary: 'Make an instrument block-eligible', tags }, ({ operator, body, request }) =>
    operations.addInstrument(operator, { ipAddress: request.ip }, body),
  );
  operatorRoute(app, api.removeInstrument, { summary: 'Remove an instrument from block trading', tags }, ({ operator, params, request }) =>
    operations.removeInstrument(operator, { ipAddress: request.ip }, params.code),
  );
  operatorRoute(app, api.permissions, { summary: 'Block-trading permissions granted', tags }, ({ operator, query }) =>
    operations.permissions(operator, query),
  );
  operatorRoute(app, api.suspend, { summary: 'Suspend a block-trading permission', tags }, ({ operator, params, body, request }) =>
    operations.suspend(operator, { ipAddress: request.ip }, params.userId, body.reason),
  );
  operatorRoute(app, api.orders, { summary: 'Block orders and their post-trade reports', tags }, ({ operator, query }) =>
    operations.orders(operator, query),
  );
}
