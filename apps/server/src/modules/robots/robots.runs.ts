import {
  currencyOfWallet,
  isStockSource,
  type Order,
  orderStatuses,
  orderTypes,
  type RobotParameters,
  type RobotRunDetail,
  type RobotRunStatus,
  robotLimits,
  type WalletType,
} from '@bolsa/contracts';
import Decimal from 'decimal.js';
import { and, count, eq, sql } from 'drizzle-orm';
import { type Executor, inSavepoint, inTransaction } from '../../platform/db/index.ts';
import { AppError, type Principal } from '../../platform/http/index.ts';
import { HOUR, money, type RobotsDependencies, type RunRow, runsAccount, type TemplateRow, text } from './robots.context.ts';
import { enabledTemplate, licenceEndOf, takeEnergy, validLicence } from './robots.licences.ts';
import { applyFill, type CostOf, dayOf, drawdownOf, type Fill, type Memory, type RunState, roundOf } from './robots.strategy.ts';
import { robotRunDays, robotRunOrders, robotRuns } from './robots.tables.ts';
import { runDetail, templateNames } from './robots.views.ts';

/** Runs: starting, stopping, and the strategy's rounds on the live engine. */

/** The instrument a run or backtest trades: a US-dollar stock with a live quote, its lot and trading's cost of a fill. */
export function instrumentOf(dependencies: RobotsDependencies, code: string) {
  const pricing = dependencies.trading.blocks.pricing(code);
  const { instrument, rules } = pricing;
  if (!isStockSource(instrument.source) || currencyOfWallet(rules.walletType) !== 'USD') throw new AppError('ROBOT_NOT_STOCK');
  const costOf: CostOf = (price, quantity) => {
    const cost = dependencies.trading.blocks.costOf(instrument.code, price, quantity);
    return { amount: new Decimal(cost.amount), fee: new Decimal(cost.fee) };
  };
  return { pricing, lot: new Decimal(instrument.lotSize), walletType: rules.walletType, costOf };
}

/** Refuses parameters that could not buy one lot at today's price, or of another kind than the template. */
export function checkParameters(parameters: RobotParameters, kind: TemplateRow['kind'], amount: Decimal, ask: Decimal, lot: Decimal) {
  if (parameters.kind !== kind) throw new AppError('ROBOT_KIND_MISMATCH');
  const one = ask.times(lot);
  const budget =
    parameters.kind === 'grid'
      ? amount.dividedBy(parameters.levels)
      : parameters.kind === 'dca'
        ? new Decimal(parameters.amountPerBuy)
        : amount;
  if (budget.lessThan(one)) throw new AppError('ROBOT_PARAMETERS_INVALID', { lot: lot.toString() });
}

export type StartInput = { templateId: number; stockCode: string; amount: string; parameters: RobotParameters; idempotencyKey: string };

async function replayRun(executor: Executor, userId: number, key: string) {
  const [row] = await executor
    .select()
    .from(robotRuns)
    .where(and(eq(robotRuns.userId, userId), eq(robotRuns.idempotencyKey, key)));
  return row;
}

/**
 * Starts a run: a valid licence, a unit of energy for its first hour (taken now), the amount moved from
 * the instrument's wallet into the ring-fenced ROBOT_RUNS account under `robot-run:<user>:<key>`. Any
 * refusal writes nothing. Its first round is the job's next run.
 */
export async function start(dependencies: RobotsDependencies, principal: Principal, input: StartInput): Promise<RobotRunDetail> {
  const { db, ledger, now } = dependencies;
  const userId = Number(principal.userId);
  const earlier = await replayRun(db, userId, input.idempotencyKey);
  if (earlier) return runDetail(db, earlier, now());
  const template = await enabledTemplate(db, input.templateId);
  const amount = new Decimal(input.amount);
  if (amount.lessThan(robotLimits.runAmountMin))
    throw new AppError('ROBOT_AMOUNT_TOO_SMALL', { min: robotLimits.runAmountMin, currency: 'USD' });
  const { pricing, lot, walletType } = instrumentOf(dependencies, input.stockCode);
  checkParameters(input.parameters, template.kind, amount, pricing.ask, lot);
  const row = await inTransaction(db, async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`robots:user:${userId}`}))`);
    const again = await replayRun(tx, userId, input.idempotencyKey);
    if (again) return again;
    const at = now();
    const licence = await validLicence(tx, userId, template.id, at);
    if (!licence) throw new AppError('ROBOT_NO_LICENCE');
    const [running] = await tx
      .select({ value: count() })
      .from(robotRuns)
      .where(and(eq(robotRuns.userId, userId), eq(robotRuns.status, 'in_progress')));
    if (Number(running?.value ?? 0) >= robotLimits.runningMax) throw new AppError('ROBOT_TOO_MANY_RUNS', { max: robotLimits.runningMax });
    if (!(await takeEnergy(tx, userId))) throw new AppError('ROBOT_NO_ENERGY');
    await ledger.post(tx, {
      idempotencyKey: `robot-run:${userId}:${input.idempotencyKey}`,
      reason: 'robot_run',
      legs: [
        { account: { userId, walletType }, amount: amount.negated(), requireFunds: true },
        { account: runsAccount, amount },
      ],
    });
    const [inserted] = await tx
      .insert(robotRuns)
      .values({
        userId,
        idempotencyKey: input.idempotencyKey,
        templateId: template.id,
        licenceId: licence.id,
        kind: template.kind,
        parameters: input.parameters,
        memory: {},
        code: pricing.instrument.code,
        walletType,
        allocated: money(amount),
        cash: money(amount),
        peakValue: money(amount),
        energyUsed: 1,
        billedUntil: new Date(at.getTime() + HOUR),
        startedAt: at,
      })
      .returning();
    if (!inserted) throw new Error('run not stored');
    return inserted;
  });
  return runDetail(db, row, now());
}

type EndReason = NonNullable<RunRow['endReason']>;

/**
 * Ends a run at `at`: its cash back from ROBOT_RUNS to its wallet (`robot-run-end:<run>`), its shares
 * stay the user's. A run never leaves an order resting (every order is a market order filled or refused
 * in its round), so nothing is left to cancel. Energy and failures are told in the inbox.
 */
export async function endRun(
  dependencies: RobotsDependencies,
  tx: Executor,
  row: RunRow,
  ending: { status: Exclude<RobotRunStatus, 'in_progress'>; reason: EndReason; at: Date; failCode?: string },
) {
  const cash = new Decimal(row.cash);
  if (!cash.isZero())
    await dependencies.ledger.post(tx, {
      idempotencyKey: `robot-run-end:${row.id}`,
      reason: 'robot_run',
      legs: [
        { account: runsAccount, amount: cash.negated() },
        { account: { userId: row.userId, walletType: row.walletType as WalletType }, amount: cash },
      ],
    });
  const [ended] = await tx
    .update(robotRuns)
    .set({ status: ending.status, endReason: ending.reason, failCode: ending.failCode ?? null, endedAt: ending.at, cash: '0' })
    .where(eq(robotRuns.id, row.id))
    .returning();
  if (!ended) throw new Error('run vanished');
  const names = await templateNames(tx, [row.templateId]);
  const values = {
    robot: names.get(row.templateId) ?? '',
    code: row.code,
    cash: money(cash),
    currency: 'USD',
    quantity: text(row.quantity),
  };
  if (ending.reason === 'energy') await dependencies.notify(tx, row.userId, 'robotEnergyStopped', values);
  else if (ending.status === 'failed')
    await dependencies.notify(tx, row.userId, 'robotRunFailed', {
      ...values,
      reason: ending.reason === 'killed' ? 'ROBOT_RUN_KILLED' : (ending.failCode ?? 'INTERNAL_ERROR'),
    });
  return ended;
}

export async function stop(dependencies: RobotsDependencies, principal: Principal, id: number) {
  const userId = Number(principal.userId);
  const row = await inTransaction(dependencies.db, async (tx) => {
    const [run] = await tx
      .select()
      .from(robotRuns)
      .where(and(eq(robotRuns.id, id), eq(robotRuns.userId, userId)))
      .for('update');
    if (!run) throw new AppError('ROBOT_RUN_NOT_FOUND');
    if (run.status !== 'in_progress') throw new AppError('ROBOT_RUN_ENDED');
    return endRun(dependencies, tx, run, { status: 'successful', reason: 'user', at: dependencies.now() });
  });
  return runDetail(dependencies.db, row, dependencies.now());
}

/**
 * Places a fill as the user's own market order in a savepoint (key `robot:<run>:<n>`): a Buy first
 * moves its cost from ROBOT_RUNS into the wallet, which trading then debits; a Sell's proceeds go from
 * the wallet back into ROBOT_RUNS. Answers what trading filled.
 */
async function placeFill(
  dependencies: RobotsDependencies,
  tx: Executor,
  row: RunRow,
  fill: Fill,
): Promise<{ orders: Order[]; fill: Fill }> {
  const { trading, ledger } = dependencies;
  const key = `robot:${row.id}:${row.tradesCount}`;
  const wallet = { userId: row.userId, walletType: row.walletType as WalletType };
  return inSavepoint(tx, async (savepoint) => {
    const input = {
      code: row.code,
      quantity: fill.quantity.toString(),
      price: fill.price.toString(),
      idempotencyKey: key,
      orderType: orderTypes.market,
    };
    if (fill.direction === 0) {
      const cost = fill.amount.plus(fill.fee);
      await ledger.post(savepoint, {
        idempotencyKey: `${key}:fund`,
        reason: 'robot_run',
        legs: [
          { account: runsAccount, amount: cost.negated() },
          { account: wallet, amount: cost },
        ],
      });
      await trading.blocks.place(savepoint, row.userId, input);
    } else await trading.blocks.sell(savepoint, row.userId, input);
    const orders = (await trading.ordersOfKey(savepoint, row.userId, key)).filter((order) => order.status === orderStatuses.success);
    const sum = (of: (order: Order) => string | null) => orders.reduce((total, order) => total.plus(of(order) ?? 0), new Decimal(0));
    const filled = { ...fill, amount: sum((order) => order.amount), fee: sum((order) => order.fee) };
    if (fill.direction === 0) {
      const spent = filled.amount.plus(filled.fee);
      const back = fill.amount.plus(fill.fee).minus(spent);
      if (!back.isZero())
        await ledger.post(savepoint, {
          idempotencyKey: `${key}:rest`,
          reason: 'robot_run',
          legs: [
            { account: wallet, amount: back.negated(), requireFunds: true },
            { account: runsAccount, amount: back },
          ],
        });
    } else {
      const proceeds = filled.amount.minus(filled.fee);
      await ledger.post(savepoint, {
        idempotencyKey: `${key}:proceeds`,
        reason: 'robot_run',
        legs: [
          { account: wallet, amount: proceeds.negated(), requireFunds: true },
          { account: runsAccount, amount: proceeds },
        ],
      });
    }
    return { orders, fill: filled };
  });
}

/** Records a filled order of a run: its row, the day's output, and the run's cash, shares, income and fees. */
async function recordFill(tx: Executor, row: RunRow, state: RunState, fill: Fill, orderId: string, at: Date) {
  const applied = applyFill(state, fill);
  await tx.insert(robotRunOrders).values({
    runId: row.id,
    sequence: row.tradesCount,
    orderId: Number(orderId),
    direction: fill.direction,
    quantity: fill.quantity.toString(),
    price: fill.price.toString(),
    amount: money(fill.amount),
    fee: money(fill.fee),
    realised: money(applied.realised),
    filledAt: at,
  });
  const date = dayOf(at.getTime());
  await tx
    .insert(robotRunDays)
    .values({ runId: row.id, date, output: money(applied.realised), fees: money(fill.fee), trades: 1 })
    .onConflictDoUpdate({
      target: [robotRunDays.runId, robotRunDays.date],
      set: {
        output: sql`${robotRunDays.output} + ${money(applied.realised)}`,
        fees: sql`${robotRunDays.fees} + ${money(fill.fee)}`,
        trades: sql`${robotRunDays.trades} + 1`,
      },
    });
  return applied;
}

const stateOf = (row: RunRow): RunState => ({
  cash: new Decimal(row.cash),
  quantity: new Decimal(row.quantity),
  costBasis: new Decimal(row.costBasis),
  memory: row.memory as Memory,
});

/**
 * One round of a run in progress (the job's): energy first — each hour is paid at its start from the
 * user's units, and the run ends at the very hour no unit is left (or when its rental ends) — then, if
 * the instrument trades now, the strategy's decision filled as the user's market order. A refusal by
 * trading ends the run failed with trading's reason.
 */
export async function advanceRun(dependencies: RobotsDependencies, tx: Executor, row: RunRow) {
  const at = dependencies.now();
  const licenceEnd = await licenceEndOf(tx, row.userId, row.templateId);
  const expiry = licenceEnd === undefined ? row.startedAt : licenceEnd;
  let billed = row.billedUntil;
  let used = row.energyUsed;
  while (billed.getTime() <= at.getTime()) {
    if (expiry && expiry.getTime() <= billed.getTime()) {
      await tx.update(robotRuns).set({ billedUntil: billed, energyUsed: used }).where(eq(robotRuns.id, row.id));
      return endRun(dependencies, tx, row, { status: 'successful', reason: 'licence_expired', at: expiry });
    }
    if (!(await takeEnergy(tx, row.userId))) {
      await tx.update(robotRuns).set({ billedUntil: billed, energyUsed: used }).where(eq(robotRuns.id, row.id));
      return endRun(dependencies, tx, row, { status: 'failed', reason: 'energy', at: billed });
    }
    billed = new Date(billed.getTime() + HOUR);
    used += 1;
  }
  if (expiry && expiry.getTime() <= at.getTime()) {
    await tx.update(robotRuns).set({ billedUntil: billed, energyUsed: used }).where(eq(robotRuns.id, row.id));
    return endRun(dependencies, tx, row, { status: 'successful', reason: 'licence_expired', at: expiry });
  }
  const patch: Partial<typeof robotRuns.$inferInsert> = { billedUntil: billed, energyUsed: used };
  let pricing: ReturnType<typeof instrumentOf>;
  try {
    pricing = instrumentOf(dependencies, row.code);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    // Halted or without a quote: the round waits.
    await tx.update(robotRuns).set(patch).where(eq(robotRuns.id, row.id));
    return row;
  }
  if (!pricing.pricing.isTrading) {
    await tx.update(robotRuns).set(patch).where(eq(robotRuns.id, row.id));
    return row;
  }
  const round = { bid: pricing.pricing.bid, ask: pricing.pricing.ask, at: at.getTime() };
  const allocated = new Decimal(row.allocated);
  const decided = roundOf(row.parameters as RobotParameters, stateOf(row), allocated, round, pricing.lot, pricing.costOf);
  let state = decided.state;
  let income = new Decimal(row.income);
  let fees = new Decimal(row.fees);
  let trades = row.tradesCount;
  if (decided.fill) {
    let placed: Awaited<ReturnType<typeof placeFill>>;
    try {
      placed = await placeFill(dependencies, tx, row, decided.fill);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await tx.update(robotRuns).set(patch).where(eq(robotRuns.id, row.id));
      return endRun(dependencies, tx, row, { status: 'failed', reason: 'trading', at, failCode: error.result });
    }
    const applied = await recordFill(tx, row, state, placed.fill, placed.orders[0]?.id ?? '0', at);
    state = applied.state;
    income = income.plus(applied.realised);
    fees = fees.plus(placed.fill.fee);
    trades += 1;
  }
  const price = round.bid.plus(round.ask).dividedBy(2);
  const value = state.cash.plus(state.quantity.times(price));
  const drawdown = drawdownOf(new Decimal(row.peakValue), value);
  const [updated] = await tx
    .update(robotRuns)
    .set({
      ...patch,
      memory: state.memory,
      cash: money(state.cash),
      quantity: state.quantity.toString(),
      costBasis: money(state.costBasis),
      income: money(income),
      fees: money(fees),
      tradesCount: trades,
      startPrice: row.startPrice ?? price.toString(),
      lastPrice: price.toString(),
      peakValue: money(drawdown.peak),
      maxDrawdownBps: Math.max(row.maxDrawdownBps, drawdown.bps),
    })
    .where(eq(robotRuns.id, row.id))
    .returning();
  return updated ?? row;
}
