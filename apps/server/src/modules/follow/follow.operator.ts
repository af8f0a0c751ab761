import { type institutionBody, operatorFollowApi, type rebalanceBody } from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Executor } from '../../platform/db/index.ts';
import { AppError, type OperatorPrincipal, operatorRoute } from '../../platform/http/index.ts';
import { type AuditMeta, createAudited, requirePermission } from '../../platform/operators/index.ts';
import { type FollowDependencies, institutionById } from './follow.context.ts';
import { navOf, quantitiesFor } from './follow.nav.ts';
import { followHoldings, followInstitutions, followNavDaily, followRebalances, type InstitutionRow } from './follow.tables.ts';
import { institutionViews, ordersOfInstitution, orderViewOf } from './follow.views.ts';

type Emails = (executor: Executor, userIds: number[]) => Promise<Map<number, string>>;
type Rebalance = z.output<typeof rebalanceBody>;
type Settings = z.output<typeof institutionBody>;

/** Weights that add up to at most 1, name each holdable instrument once, each above zero. */
function checkWeights(dependencies: FollowDependencies, weights: Rebalance['weights']) {
  const codes = weights.map((entry) => entry.code.toUpperCase());
  const total = Decimal.sum(...weights.map((entry) => entry.weight));
  const isValid =
    new Set(codes).size === codes.length &&
    total.lessThanOrEqualTo(1) &&
    weights.every((entry) => new Decimal(entry.weight).greaterThan(0)) &&
    codes.every((code) => dependencies.isHoldable(code));
  if (!isValid) throw new AppError('FOLLOW_WEIGHTS_INVALID');
  return weights.map((entry) => ({ code: entry.code.toUpperCase(), weight: new Decimal(entry.weight).toString() }));
}

function livePrices(dependencies: FollowDependencies, codes: string[]) {
  const prices = new Map<string, string>();
  for (const code of codes) {
    const price = dependencies.priceOf(code);
    if (price === undefined) throw new AppError('FOLLOW_QUOTE_UNAVAILABLE', { code });
    prices.set(code, price);
  }
  return prices;
}

/** Replaces what a unit holds at today's NAV (unchanged by the rebalance) and records the change for followers. */
async function applyRebalance(
  dependencies: FollowDependencies,
  tx: Executor,
  institution: InstitutionRow,
  input: Rebalance,
  operatorId: number,
) {
  const weights = checkWeights(dependencies, input.weights);
  const current = await tx.select().from(followHoldings).where(eq(followHoldings.institutionId, institution.id));
  const prices = livePrices(dependencies, [...new Set([...weights.map((entry) => entry.code), ...current.map((holding) => holding.code)])]);
  const nav = navOf(current, institution.cashPerUnit, (code) => prices.get(code)) ?? new Decimal(institution.nav);
  const { holdings, cashPerUnit } = quantitiesFor(nav, weights, prices);
  const at = dependencies.now();
  await tx.delete(followHoldings).where(eq(followHoldings.institutionId, institution.id));
  await tx.insert(followHoldings).values(
    holdings.map((holding) => ({
      institutionId: institution.id,
      code: holding.code,
      weight: holding.weight.toString(),
      quantityPerUnit: holding.quantityPerUnit.toString(),
    })),
  );
  await tx
    .update(followInstitutions)
    .set({ cashPerUnit: cashPerUnit.toString(), nav: nav.toString(), navAt: at })
    .where(eq(followInstitutions.id, institution.id));
  await tx
    .insert(followRebalances)
    .values({ institutionId: institution.id, weights, nav: nav.toString(), note: input.note, operatorId, at });
  await tx
    .insert(followNavDaily)
    .values({ institutionId: institution.id, day: at.toISOString().slice(0, 10), nav: nav.toString() })
    .onConflictDoUpdate({ target: [followNavDaily.institutionId, followNavDaily.day], set: { nav: nav.toString() } });
}

/** An institution as operators see it: the users' view, who created it, and the money held and locked in it now. */
async function operatorViewOf(executor: Executor, row: InstitutionRow, nameOf: (code: string) => string, now: Date) {
  const [view] = await institutionViews(executor, [row], nameOf, now);
  const orders = await ordersOfInstitution(executor, row.id);
  const locked = orders.filter((order) => order.status === 'to_be_settled');
  const held = orders.filter((order) => order.status === 'wait_confirm');
  const value = Decimal.sum(0, ...locked.map((order) => new Decimal(order.units ?? 0).times(row.nav)));
  return {
    ...(view as NonNullable<typeof view>),
    createdBy: row.createdByOperatorId === null ? '' : String(row.createdByOperatorId),
    valueOutstanding: value.toFixed(2),
    heldAmount: Decimal.sum(0, ...held.map((order) => order.amount)).toFixed(2),
  };
}

export type FollowOperations = ReturnType<typeof createFollowOperations>;

/** The operators' side (issue 20 §1): institutions, their fees and periods, rebalances (audited), followers. */
export function createFollowOperations(dependencies: FollowDependencies, emails: Emails) {
  const { db, now, nameOf } = dependencies;
  const audited = createAudited(db);

  const operatorView = (executor: Executor, row: InstitutionRow) => operatorViewOf(executor, row, nameOf, now());

  async function locked(tx: Executor, id: number) {
    const row = await institutionById(tx, id, { forUpdate: true });
    if (!row) throw new AppError('FOLLOW_INSTITUTION_NOT_FOUND');
    return row;
  }

  const before = (id: number) => async (tx: Executor) => {
    const row = await institutionById(tx, id);
    return row ? operatorView(tx, row) : undefined;
  };

  return {
    async institutions(operator: OperatorPrincipal) {
      requirePermission(operator, 'follow.read');
      const rows = await db.select().from(followInstitutions).orderBy(asc(followInstitutions.id));
      return Promise.all(rows.map((row) => operatorView(db, row)));
    },
    async create(operator: OperatorPrincipal, meta: AuditMeta, input: Settings & Rebalance) {
      requirePermission(operator, 'follow.manage');
      return audited(operator, meta, 'follow.institution.create', { type: 'follow_institution', id: 'new' }, async (tx) => {
        const at = now();
        const [row] = await tx
          .insert(followInstitutions)
          .values({
            ...settingsOf(input),
            cashPerUnit: '1',
            nav: '1',
            navAt: at,
            inceptionAt: at,
            createdByOperatorId: operator.operatorId,
          })
          .onConflictDoNothing()
          .returning();
        if (!row) throw new AppError('FOLLOW_NAME_TAKEN');
        await applyRebalance(dependencies, tx, row, input, operator.operatorId);
        const view = await operatorView(tx, await locked(tx, row.id));
        return { result: view, after: view };
      });
    },
    async update(operator: OperatorPrincipal, meta: AuditMeta, id: number, input: Settings) {
      requirePermission(operator, 'follow.manage');
      return audited(
        operator,
        meta,
        'follow.institution.update',
        { type: 'follow_institution', id },
        async (tx) => {
          const previous = await locked(tx, id);
          await tx.update(followInstitutions).set(settingsOf(input, previous)).where(eq(followInstitutions.id, id));
          const view = await operatorView(tx, await locked(tx, id));
          return { result: view, after: view };
        },
        before(id),
      );
    },
    async rebalance(operator: OperatorPrincipal, meta: AuditMeta, id: number, input: Rebalance) {
      requirePermission(operator, 'follow.manage');
      return audited(
        operator,
        meta,
        'follow.institution.rebalance',
        { type: 'follow_institution', id },
        async (tx) => {
          await applyRebalance(dependencies, tx, await locked(tx, id), input, operator.operatorId);
          const view = await operatorView(tx, await locked(tx, id));
          return { result: view, after: view };
        },
        before(id),
      );
    },
    async followers(operator: OperatorPrincipal, id: number) {
      requirePermission(operator, 'follow.read');
      const institution = await institutionById(db, id);
      if (!institution) throw new AppError('FOLLOW_INSTITUTION_NOT_FOUND');
      const orders = await ordersOfInstitution(db, id);
      const byUser = await emails(db, [...new Set(orders.map((order) => order.userId))]);
      return orders.map((order) => ({
        ...orderViewOf(order, institution),
        userId: String(order.userId),
        userEmail: byUser.get(order.userId) ?? '',
      }));
    },
  };
}

/** The settings as stored; a description the operator rewrites replaces its translations, which said the old one. */
function settingsOf(input: Settings, previous?: InstitutionRow) {
  return {
    ...(previous && previous.description !== input.description ? { descriptionTranslations: {} } : {}),
    name: input.name,
    description: input.description,
    managementFeeRate: input.managementFeeRate,
    performanceFeeRate: input.performanceFeeRate,
    periodsMinutes: [...new Set(input.periodsMinutes)].sort((a, b) => a - b),
  };
}

export function registerFollowOperatorRoutes(app: FastifyInstance, operations: FollowOperations) {
  const tags = ['operator'];
  operatorRoute(
    app,
    operatorFollowApi.institutions,
    { summary: 'Follow institutions with their record and followers', tags },
    ({ operator }) => operations.institutions(operator),
  );
  operatorRoute(
    app,
    operatorFollowApi.create,
    { summary: 'Create an institution with its first weights (NAV starts at 1)', tags },
    ({ operator, body, request }) => operations.create(operator, { ipAddress: request.ip }, body),
  );
  operatorRoute(
    app,
    operatorFollowApi.update,
    { summary: "Change an institution's name, fees and periods", tags },
    ({ operator, params, body, request }) => operations.update(operator, { ipAddress: request.ip }, params.id, body),
  );
  operatorRoute(
    app,
    operatorFollowApi.rebalance,
    { summary: "Rebalance an institution's weights at today's NAV (shown to followers)", tags },
    ({ operator, params, body, request }) => operations.rebalance(operator, { ipAddress: request.ip }, params.id, body),
  );
  operatorRoute(
    app,
    operatorFollowApi.followers,
    { summary: "An institution's follows, with their followers", tags },
    ({ operator, params }) => operations.followers(operator, params.id),
  );
}
