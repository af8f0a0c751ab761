import { pageInfo, type RobotEnergy, type RobotRunStatus } from '@bolsa/contracts';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { AppError, type Principal } from '../../platform/http/index.ts';
import { type BacktestInput, backtest } from './robots.backtest.ts';
import { HOUR, type RobotsDependencies } from './robots.context.ts';
import { buy, enabledTemplate, energyUnits } from './robots.licences.ts';
import { type StartInput, start, stop } from './robots.runs.ts';
import { robotEnergyPacks, robotLicences, robotPrices, robotPurchases, robotRuns, robotTemplates } from './robots.tables.ts';
import { licenceView, packView, purchaseView, runDetail, runViews, templateNames, templateView } from './robots.views.ts';

export { simulate } from './robots.backtest.ts';
export type { RobotsDependencies, RunRow } from './robots.context.ts';
export { advanceRun, endRun } from './robots.runs.ts';
export { packView, priceView, runDetail, runViews } from './robots.views.ts';

type Page = { pageNum: number; pageSize: number };
const userIdOf = (principal: Principal) => Number(principal.userId);

/** Templates with their offers (enabled only, for users) and the caller's valid licence of each. */
async function templates(dependencies: RobotsDependencies, principal: Principal | undefined, onlyEnabled: boolean) {
  const { db, now } = dependencies;
  const rows = await db
    .select()
    .from(robotTemplates)
    .where(onlyEnabled ? eq(robotTemplates.isEnabled, true) : undefined)
    .orderBy(asc(robotTemplates.id));
  const prices = await db
    .select()
    .from(robotPrices)
    .where(onlyEnabled ? eq(robotPrices.isEnabled, true) : undefined)
    .orderBy(asc(robotPrices.id));
  const at = now();
  const licences = principal
    ? await db
        .select()
        .from(robotLicences)
        .where(eq(robotLicences.userId, userIdOf(principal)))
    : [];
  return rows.map((row) => {
    const valid = licences
      .filter((licence) => licence.templateId === row.id)
      .map((licence) => licenceView(licence, row.name, at))
      .filter((licence) => licence.isValid)
      .sort((a, b) => (b.expiresAtTimestamp ?? Number.MAX_SAFE_INTEGER) - (a.expiresAtTimestamp ?? Number.MAX_SAFE_INTEGER));
    return templateView(row, prices, valid[0] ?? null);
  });
}

/** The user's units, the runs using them and, at that use, when they end. */
async function energy(dependencies: RobotsDependencies, principal: Principal): Promise<RobotEnergy> {
  const { db } = dependencies;
  const userId = userIdOf(principal);
  const [units, running] = await Promise.all([
    energyUnits(db, userId),
    db
      .select()
      .from(robotRuns)
      .where(and(eq(robotRuns.userId, userId), eq(robotRuns.status, 'in_progress'))),
  ]);
  if (running.length === 0) return { units, runningRuns: 0, endsAtTimestamp: null };
  // Each run has paid up to its billedUntil; the pool then pays one unit per run per hour.
  const paid = Math.min(...running.map((run) => run.billedUntil.getTime()));
  return { units, runningRuns: running.length, endsAtTimestamp: paid + Math.floor(units / running.length) * HOUR };
}

async function purchases(dependencies: RobotsDependencies, principal: Principal, page: Page) {
  const { db } = dependencies;
  const where = eq(robotPurchases.userId, userIdOf(principal));
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(robotPurchases)
      .where(where)
      .orderBy(desc(robotPurchases.id))
      .limit(page.pageSize)
      .offset((page.pageNum - 1) * page.pageSize),
    db.select({ total: count() }).from(robotPurchases).where(where),
  ]);
  const names = await templateNames(db, [...new Set(rows.flatMap((row) => (row.templateId === null ? [] : [row.templateId])))]);
  return {
    list: rows.map((row) => purchaseView(row, row.templateId === null ? null : (names.get(row.templateId) ?? null))),
    ...pageInfo(totals[0]?.total ?? 0, page.pageNum, page.pageSize),
  };
}

async function licences(dependencies: RobotsDependencies, principal: Principal) {
  const { db, now } = dependencies;
  const rows = await db
    .select()
    .from(robotLicences)
    .where(eq(robotLicences.userId, userIdOf(principal)))
    .orderBy(desc(robotLicences.id));
  const names = await templateNames(db, [...new Set(rows.map((row) => row.templateId))]);
  const at = now();
  return rows.map((row) => licenceView(row, names.get(row.templateId) ?? '', at));
}

async function runs(dependencies: RobotsDependencies, principal: Principal, filter: Page & { status?: RobotRunStatus | undefined }) {
  const { db, now } = dependencies;
  const where = and(
    eq(robotRuns.userId, userIdOf(principal)),
    filter.status === undefined ? undefined : eq(robotRuns.status, filter.status),
  );
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(robotRuns)
      .where(where)
      .orderBy(desc(robotRuns.id))
      .limit(filter.pageSize)
      .offset((filter.pageNum - 1) * filter.pageSize),
    db.select({ total: count() }).from(robotRuns).where(where),
  ]);
  return { list: await runViews(db, rows, now()), ...pageInfo(totals[0]?.total ?? 0, filter.pageNum, filter.pageSize) };
}

async function run(dependencies: RobotsDependencies, principal: Principal, id: number) {
  const [row] = await dependencies.db
    .select()
    .from(robotRuns)
    .where(and(eq(robotRuns.id, id), eq(robotRuns.userId, userIdOf(principal))));
  if (!row) throw new AppError('ROBOT_RUN_NOT_FOUND');
  return runDetail(dependencies.db, row, dependencies.now());
}

/** Pays an offer: a licence or a rental of an enabled template (unknown or disabled: refused, nothing written). */
async function buyOffer(dependencies: RobotsDependencies, principal: Principal, body: { priceId: number; idempotencyKey: string }) {
  const { db } = dependencies;
  const [price] = await db.select().from(robotPrices).where(eq(robotPrices.id, body.priceId));
  if (!price?.isEnabled) throw new AppError('ROBOT_PRICE_NOT_FOUND');
  const template = await enabledTemplate(db, price.templateId).catch(() => {
    throw new AppError('ROBOT_PRICE_NOT_FOUND');
  });
  return buy(dependencies, principal, { kind: price.kind, price, template }, body.idempotencyKey);
}

async function buyEnergy(dependencies: RobotsDependencies, principal: Principal, body: { packId: number; idempotencyKey: string }) {
  const [pack] = await dependencies.db.select().from(robotEnergyPacks).where(eq(robotEnergyPacks.id, body.packId));
  if (!pack?.isEnabled) throw new AppError('ROBOT_PACK_NOT_FOUND');
  return buy(dependencies, principal, { kind: 'energy', pack }, body.idempotencyKey);
}

/** Strategy robots for users (issue 22): offers, purchases, energy, backtests and runs; the job's rounds are `advanceRun`. */
export function createRobotsService(dependencies: RobotsDependencies) {
  return {
    dependencies,
    templates: (principal: Principal) => templates(dependencies, principal, true),
    allTemplates: () => templates(dependencies, undefined, false),
    async template(principal: Principal, id: number) {
      const found = (await templates(dependencies, principal, true)).find((template) => template.id === String(id));
      if (!found) throw new AppError('ROBOT_TEMPLATE_NOT_FOUND');
      return found;
    },
    async energyPacks() {
      const rows = await dependencies.db
        .select()
        .from(robotEnergyPacks)
        .where(eq(robotEnergyPacks.isEnabled, true))
        .orderBy(asc(robotEnergyPacks.units));
      return rows.map(packView);
    },
    energy: (principal: Principal) => energy(dependencies, principal),
    buy: (principal: Principal, body: { priceId: number; idempotencyKey: string }) => buyOffer(dependencies, principal, body),
    buyEnergy: (principal: Principal, body: { packId: number; idempotencyKey: string }) => buyEnergy(dependencies, principal, body),
    purchases: (principal: Principal, page: Page) => purchases(dependencies, principal, page),
    licences: (principal: Principal) => licences(dependencies, principal),
    backtest: (_principal: Principal, body: BacktestInput) => backtest(dependencies, body),
    start: (principal: Principal, body: StartInput) => start(dependencies, principal, body),
    stop: (principal: Principal, body: { id: number }) => stop(dependencies, principal, body.id),
    runs: (principal: Principal, filter: Page & { status?: RobotRunStatus | undefined }) => runs(dependencies, principal, filter),
    run: (principal: Principal, body: { id: number }) => run(dependencies, principal, body.id),
  };
}

export type RobotsService = ReturnType<typeof createRobotsService>;
