import {
  type Locale,
  operatorRobotApi,
  pageInfo,
  type RobotRunStatus,
  type robotEnergyPackBody,
  type robotPriceBody,
  type robotTemplateBody,
} from '@bolsa/contracts';
import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Executor } from '../../platform/db/index.ts';
import { AppError, type OperatorPrincipal, operatorRoute } from '../../platform/http/index.ts';
import { translate } from '../../platform/i18n/index.ts';
import { type AuditMeta, createAudited, requirePermission } from '../../platform/operators/index.ts';
import { endRun, packView, priceView, type RobotsService, type RunRow, runDetail, runViews } from './robots.service.ts';
import { robotEnergyPacks, robotPrices, robotRuns, robotTemplates } from './robots.tables.ts';

type TemplateInput = z.output<typeof robotTemplateBody>;
type PriceInput = z.output<typeof robotPriceBody>;
type PackInput = z.output<typeof robotEnergyPackBody>;

type Ops = { service: RobotsService; audited: ReturnType<typeof createAudited> };

async function templateById(executor: Executor, id: number) {
  const [row] = await executor.select().from(robotTemplates).where(eq(robotTemplates.id, id));
  if (!row) throw new AppError('ROBOT_TEMPLATE_NOT_FOUND');
  return row;
}
async function codeFree(executor: Executor, code: string, id?: number) {
  const [taken] = await executor
    .select({ id: robotTemplates.id })
    .from(robotTemplates)
    .where(and(eq(robotTemplates.code, code), id === undefined ? undefined : ne(robotTemplates.id, id)));
  if (taken) throw new AppError('ROBOT_CODE_TAKEN');
}
const templateAnswer = async (service: RobotsService, id: number) => {
  const found = (await service.allTemplates()).find((template) => template.id === String(id));
  if (!found) throw new AppError('ROBOT_TEMPLATE_NOT_FOUND');
  return found;
};

async function saveTemplate(ops: Ops, operator: OperatorPrincipal, meta: AuditMeta, input: TemplateInput, id?: number) {
  requirePermission(operator, 'robots.manage');
  if (input.defaultParameters.kind !== input.kind) throw new AppError('ROBOT_KIND_MISMATCH');
  const saved = await ops.audited(
    operator,
    meta,
    id === undefined ? 'robot.template.create' : 'robot.template.update',
    { type: 'robot_template', id: id ?? 'new' },
    async (tx) => {
      await codeFree(tx, input.code, id);
      if (id !== undefined) await templateById(tx, id);
      const [row] =
        id === undefined
          ? await tx.insert(robotTemplates).values(input).returning()
          : await tx.update(robotTemplates).set(input).where(eq(robotTemplates.id, id)).returning();
      if (!row) throw new Error('template not saved');
      return { result: row, after: row };
    },
    async (tx) => (id === undefined ? undefined : templateById(tx, id)),
  );
  return templateAnswer(ops.service, saved.id);
}

async function savePrice(ops: Ops, operator: OperatorPrincipal, meta: AuditMeta, input: PriceInput, id?: number) {
  requirePermission(operator, 'robots.manage');
  const rowOf = async (tx: Executor) => {
    if (id === undefined) return undefined;
    const [row] = await tx.select().from(robotPrices).where(eq(robotPrices.id, id));
    if (!row) throw new AppError('ROBOT_PRICE_NOT_FOUND');
    return row;
  };
  return ops.audited(
    operator,
    meta,
    id === undefined ? 'robot.price.create' : 'robot.price.update',
    { type: 'robot_price', id: id ?? 'new' },
    async (tx) => {
      await templateById(tx, input.templateId);
      const values = { ...input, days: input.kind === 'purchase' ? null : input.days };
      const [row] =
        id === undefined
          ? await tx.insert(robotPrices).values(values).returning()
          : await tx.update(robotPrices).set(values).where(eq(robotPrices.id, id)).returning();
      if (!row) throw new Error('price not saved');
      return { result: priceView(row), after: row };
    },
    rowOf,
  );
}

async function savePack(ops: Ops, operator: OperatorPrincipal, meta: AuditMeta, input: PackInput, id?: number) {
  requirePermission(operator, 'robots.manage');
  const rowOf = async (tx: Executor) => {
    if (id === undefined) return undefined;
    const [row] = await tx.select().from(robotEnergyPacks).where(eq(robotEnergyPacks.id, id));
    if (!row) throw new AppError('ROBOT_PACK_NOT_FOUND');
    return row;
  };
  return ops.audited(
    operator,
    meta,
    id === undefined ? 'robot.pack.create' : 'robot.pack.update',
    { type: 'robot_pack', id: id ?? 'new' },
    async (tx) => {
      const [row] =
        id === undefined
          ? await tx.insert(robotEnergyPacks).values(input).returning()
          : await tx.update(robotEnergyPacks).set(input).where(eq(robotEnergyPacks.id, id)).returning();
      if (!row) throw new Error('pack not saved');
      return { result: packView(row), after: row };
    },
    rowOf,
  );
}

async function withOwners(ops: Ops, rows: RunRow[], locale: Locale) {
  const { dependencies } = ops.service;
  const views = await runViews(dependencies.db, rows, dependencies.now());
  const emails = await dependencies.emailsByUserId([...new Set(rows.map((row) => row.userId))]);
  return views.map((view, index) => {
    const userId = rows[index]?.userId ?? 0;
    const failMessage = view.failCode ? translate(locale, `errors.${view.failCode}`, { code: view.stockCode }) : null;
    return { ...view, userId: String(userId), userEmail: emails.get(userId) ?? '', failMessage };
  });
}

/** Ends runs in progress as failed `killed` (cash back to the wallet, shares stay), audited with the note. */
async function kill(ops: Ops, operator: OperatorPrincipal, meta: AuditMeta, note: string, id?: number) {
  requirePermission(operator, 'robots.manage');
  return ops.audited(
    operator,
    meta,
    id === undefined ? 'robot.run.kill_all' : 'robot.run.kill',
    { type: 'robot_run', id: id ?? 'all' },
    async (tx) => {
      const rows = await tx
        .select()
        .from(robotRuns)
        .where(id === undefined ? eq(robotRuns.status, 'in_progress') : eq(robotRuns.id, id))
        .for('update');
      if (id !== undefined) {
        const [row] = rows;
        if (!row) throw new AppError('ROBOT_RUN_NOT_FOUND');
        if (row.status !== 'in_progress') throw new AppError('ROBOT_RUN_ENDED');
      }
      const at = ops.service.dependencies.now();
      for (const row of rows) await endRun(ops.service.dependencies, tx, row, { status: 'failed', reason: 'killed', at });
      const result = { stopped: rows.length, runIds: rows.map((row) => String(row.id)) };
      return { result, after: { ...result, note } };
    },
  );
}

/** The console's side of robots (issue 22 §5): templates, prices and packs (audited), every run with its orders, the kill switch. */
export function createRobotsOperations(service: RobotsService) {
  const { db, now } = service.dependencies;
  const ops: Ops = { service, audited: createAudited(db) };
  return {
    async templates(operator: OperatorPrincipal) {
      requirePermission(operator, 'robots.read');
      return service.allTemplates();
    },
    createTemplate: (operator: OperatorPrincipal, meta: AuditMeta, input: TemplateInput) => saveTemplate(ops, operator, meta, input),
    updateTemplate: (operator: OperatorPrincipal, meta: AuditMeta, id: number, input: TemplateInput) =>
      saveTemplate(ops, operator, meta, input, id),
    createPrice: (operator: OperatorPrincipal, meta: AuditMeta, input: PriceInput) => savePrice(ops, operator, meta, input),
    updatePrice: (operator: OperatorPrincipal, meta: AuditMeta, id: number, input: PriceInput) => savePrice(ops, operator, meta, input, id),
    async packs(operator: OperatorPrincipal) {
      requirePermission(operator, 'robots.read');
      return (await db.select().from(robotEnergyPacks).orderBy(robotEnergyPacks.units)).map(packView);
    },
    createPack: (operator: OperatorPrincipal, meta: AuditMeta, input: PackInput) => savePack(ops, operator, meta, input),
    updatePack: (operator: OperatorPrincipal, meta: AuditMeta, id: number, input: PackInput) => savePack(ops, operator, meta, input, id),
    async runs(
      operator: OperatorPrincipal,
      filter: { pageNum: number; pageSize: number; status?: RobotRunStatus | undefined },
      locale: Locale,
    ) {
      requirePermission(operator, 'robots.read');
      const where = filter.status === undefined ? undefined : eq(robotRuns.status, filter.status);
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
      return { list: await withOwners(ops, rows, locale), ...pageInfo(totals[0]?.total ?? 0, filter.pageNum, filter.pageSize) };
    },
    async run(operator: OperatorPrincipal, id: number, locale: Locale) {
      requirePermission(operator, 'robots.read');
      const [row] = await db.select().from(robotRuns).where(eq(robotRuns.id, id));
      if (!row) throw new AppError('ROBOT_RUN_NOT_FOUND');
      const [owned] = await withOwners(ops, [row], locale);
      if (!owned) throw new Error('run view missing');
      const detail = await runDetail(db, row, now());
      return { ...detail, ...owned, orders: detail.orders, days: detail.days };
    },
    kill: (operator: OperatorPrincipal, meta: AuditMeta, id: number, note: string) => kill(ops, operator, meta, note, id),
    killAll: (operator: OperatorPrincipal, meta: AuditMeta, note: string) => kill(ops, operator, meta, note),
  };
}

export type RobotsOperations = ReturnType<typeof createRobotsOperations>;

export function registerRobotsOperatorRoutes(app: FastifyInstance, operations: RobotsOperations) {
  const tags = ['operator'];
  const meta = (request: { ip: string }) => ({ ipAddress: request.ip });
  const api = operatorRobotApi;
  operatorRoute(app, api.templates, { summary: 'Robot templates with every offer', tags }, ({ operator }) =>
    operations.templates(operator),
  );
  operatorRoute(app, api.createTemplate, { summary: 'Create a robot template', tags }, ({ operator, body, request }) =>
    operations.createTemplate(operator, meta(request), body),
  );
  operatorRoute(app, api.updateTemplate, { summary: 'Change a robot template', tags }, ({ operator, params, body, request }) =>
    operations.updateTemplate(operator, meta(request), params.id, body),
  );
  operatorRoute(app, api.createPrice, { summary: 'Add a purchase or rental offer', tags }, ({ operator, body, request }) =>
    operations.createPrice(operator, meta(request), body),
  );
  operatorRoute(app, api.updatePrice, { summary: 'Change an offer (later purchases only)', tags }, ({ operator, params, body, request }) =>
    operations.updatePrice(operator, meta(request), params.id, body),
  );
  operatorRoute(app, api.packs, { summary: 'Energy packs', tags }, ({ operator }) => operations.packs(operator));
  operatorRoute(app, api.createPack, { summary: 'Add an energy pack', tags }, ({ operator, body, request }) =>
    operations.createPack(operator, meta(request), body),
  );
  operatorRoute(app, api.updatePack, { summary: 'Change an energy pack', tags }, ({ operator, params, body, request }) =>
    operations.updatePack(operator, meta(request), params.id, body),
  );
  operatorRoute(app, api.runs, { summary: 'Every robot run', tags }, ({ operator, query, request }) =>
    operations.runs(operator, query, request.locale),
  );
  operatorRoute(app, api.run, { summary: 'A robot run with its orders and days', tags }, ({ operator, params, request }) =>
    operations.run(operator, params.id, request.locale),
  );
  operatorRoute(app, api.kill, { summary: 'Kill switch: stop one run', tags }, ({ operator, params, body, request }) =>
    operations.kill(operator, meta(request), params.id, body.note),
  );
  operatorRoute(app, api.killAll, { summary: 'Kill switch: stop every run in progress', tags }, ({ operator, body, request }) =>
    operations.killAll(operator, meta(request), body.note),
  );
}
