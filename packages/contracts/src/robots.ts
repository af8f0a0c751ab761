import { z } from 'zod';
import { stockCodeSchema } from './market.ts';
import { pageBodyFields, pageOf, pageQueryFields, pathIdSchema, recordIdSchema } from './paging.ts';
import { amountSchema, positiveDecimalSchema, typeError } from './validation.ts';
import { idempotencyKeySchema, walletTypeSchema } from './wallet.ts';

/**
 * Strategy robots (issue 22): rule-based trading bots on the user's own money, running on the live
 * engine and reported honestly. The spec's "quantitative AI robot", "rental", "purchase", "mining" are
 * only words here: a robot is a published strategy template (grid, periodic buying, moving-average
 * crossover, rebalancing) with parameters; a user buys a licence for it (once) or rents it (7, 30 or 90
 * days), and starts a run ("mining") on one instrument with an amount moved from a wallet into the run.
 * Every order of a run is a market order of the trading module placed as the user's own (it is in their
 * statement, with its fee). Running uses energy: one unit per hour, bought in packs or included in a
 * rental; a run stops the moment its owner's energy ends. No return is ever promised or projected: the
 * figures are what happened (live) or what would have happened on stored candles (backtest, labelled
 * hypothetical).
 *
 * Money, prices and quantities are decimal strings; times are Unix milliseconds; days are UTC
 * `YYYY-MM-DD`. User calls are under /web (paths below start /robot/…); console calls under /admin/api
 * (paths start /robots/…). Every answer is the usual `{ code, msg, data }`; refusals carry a result code
 * of the 8600–8619 block (see result-codes.ts), worded in the reader's language.
 */

/** The four strategies a template can be. */
export const robotKinds = ['grid', 'dca', 'ma-cross', 'rebalance'] as const;
export type RobotKind = (typeof robotKinds)[number];

/** Robots pay and are paid in US dollars from and to this wallet (licences, rentals, energy packs, runs). */
export const ROBOT_WALLET = 'BALANCE' as const;

export const robotLimits = {
  /** Rental periods on offer, in days. */
  rentalDays: [7, 30, 90] as const,
  /** Energy a running robot uses: one unit per hour, charged at the start of each hour it runs. */
  energyPerHour: 1,
  hourMs: 3_600_000,
  /** Runs a user may have in progress at once. */
  runningMax: 5,
  /** The smallest amount a run may be given (USD). */
  runAmountMin: '100',
  /** An annualised figure is shown only once a run (or backtest) covers this many days. */
  annualiseAfterDays: 90,
  /** Backtests look back at most this many daily candles. */
  backtestDaysMax: 365,
} as const;

// ---- Parameters of each kind ----

const int = (min: number, max: number) =>
  z
    .number({ error: typeError })
    .int({ error: 'validation.invalidValue' })
    .min(min, { error: 'validation.invalidValue' })
    .max(max, { error: 'validation.invalidValue' });

/**
 * Grid: `levels` price lines evenly spaced from `lowerPrice` to `upperPrice`. Each time the price falls
 * through a line the robot buys one slice (the run's amount over the number of levels, in whole lots);
 * each time it rises through a line with a slice held it sells one. Outside the range it does nothing.
 */
export const gridParametersSchema = z
  .object({
    kind: z.literal('grid'),
    lowerPrice: positiveDecimalSchema,
    upperPrice: positiveDecimalSchema,
    levels: int(2, 50),
  })
  .refine((value) => Number(value.upperPrice) > Number(value.lowerPrice), { error: 'validation.invalidValue', path: ['upperPrice'] });

/** Periodic buying (DCA): every `intervalHours` while running, buys `amountPerBuy` worth (whole lots) until the run's cash is spent. Never sells. */
export const dcaParametersSchema = z.object({
  kind: z.literal('dca'),
  amountPerBuy: amountSchema,
  intervalHours: int(1, 24 * 30),
});

/**
 * Moving-average crossover: the price is sampled every `sampleMinutes`; when the average of the last
 * `shortWindow` samples crosses above that of the last `longWindow`, buys with all the run's cash; when
 * it crosses below, sells everything the run holds.
 */
export const maCrossParametersSchema = z
  .object({
    kind: z.literal('ma-cross'),
    shortWindow: int(2, 100),
    longWindow: int(3, 400),
    sampleMinutes: int(1, 1440),
  })
  .refine((value) => value.longWindow > value.shortWindow, { error: 'validation.invalidValue', path: ['longWindow'] });

/**
 * Rebalancing: keeps `targetPercent` of the run's value in the instrument and the rest in cash; when the
 * instrument's share drifts more than `bandPercent` points away, trades back to the target (whole lots).
 */
export const rebalanceParametersSchema = z.object({
  kind: z.literal('rebalance'),
  targetPercent: int(5, 95),
  bandPercent: int(1, 50),
});

/** A run's or backtest's parameters: one of the four, told apart by `kind` (which must match the template's). */
export const robotParametersSchema = z.discriminatedUnion('kind', [
  gridParametersSchema,
  dcaParametersSchema,
  maCrossParametersSchema,
  rebalanceParametersSchema,
]);
export type RobotParameters = z.infer<typeof robotParametersSchema>;
export type GridParameters = z.infer<typeof gridParametersSchema>;
export type DcaParameters = z.infer<typeof dcaParametersSchema>;
export type MaCrossParameters = z.infer<typeof maCrossParametersSchema>;
export type RebalanceParameters = z.infer<typeof rebalanceParametersSchema>;

/**
 * The plain-language explanation of each kind, as keys of the web feature's locale
 * (`robots.kinds.<kind>.<part>`): what it does, what it cannot do, when it loses money. The app must show
 * all three parts on the template page and before a run starts.
 */
export const robotExplanationParts = ['does', 'cannot', 'loses'] as const;
export function robotExplanationKeys(kind: RobotKind) {
  return {
    does: `robots.kinds.${kind}.does`,
    cannot: `robots.kinds.${kind}.cannot`,
    loses: `robots.kinds.${kind}.loses`,
  } as const;
}

const money = z.string();
const time = z.number().int();

// ---- Licences, energy ----

export const robotPriceKinds = ['purchase', 'rental'] as const;
export type RobotPriceKind = (typeof robotPriceKinds)[number];

export const robotLicenceSchema = z.object({
  id: z.string(),
  templateId: z.string(),
  templateName: z.string(),
  kind: z.enum(robotPriceKinds),
  /** When it was bought or rented; a rental ends at `expiresAtTimestamp` (null: a purchase never expires). */
  startsAtTimestamp: time,
  expiresAtTimestamp: time.nullable(),
  isValid: z.boolean(),
});
export type RobotLicence = z.infer<typeof robotLicenceSchema>;

/** A user's energy: the balance and what a running robot uses. */
// ---- Templates and prices ----

/** One offer of a template: a one-time licence, or a rental of 7, 30 or 90 days with the energy it includes. */
export const robotPriceSchema = z.object({
  id: z.string(),
  templateId: z.string(),
  kind: z.enum(robotPriceKinds),
  /** Rentals: 7, 30 or 90; purchases: null (the licence does not expire). */
  days: z.number().int().nullable(),
  price: money,
  currency: z.literal('USD'),
  /** Energy units credited with the purchase or rental (0 when none). */
  energyIncluded: z.number().int(),
  isEnabled: z.boolean(),
});
export type RobotPrice = z.infer<typeof robotPriceSchema>;

export const robotTemplateSchema = z.object({
  id: z.string(),
  kind: z.enum(robotKinds),
  /** Short code operators give it (GRID-1). */
  code: z.string(),
  /** Operators' name for it, shown as is (a proper name, not translated). */
  name: z.string(),
  /** Suggested parameters the run and backtest forms start from (the user may change them). */
  defaultParameters: robotParametersSchema,
  /** The web feature's locale keys explaining the kind: does, cannot, loses. */
  explanation: z.object({ does: z.string(), cannot: z.string(), loses: z.string() }),
  /** Enabled offers only (for the user); all of them for the console. */
  prices: z.array(robotPriceSchema),
  isEnabled: z.boolean(),
  /** The caller's licence of this template, if valid now. */
  licence: robotLicenceSchema.nullable(),
});
export type RobotTemplate = z.infer<typeof robotTemplateSchema>;

export const robotEnergySchema = z.object({
  /** Units left. One unit runs one robot for one hour. */
  units: z.number().int(),
  /** Runs in progress now, each using one unit an hour. */
  runningRuns: z.number().int(),
  /** At this use, when the energy ends (null when nothing runs). No run continues past it. */
  endsAtTimestamp: time.nullable(),
});
export type RobotEnergy = z.infer<typeof robotEnergySchema>;

export const robotEnergyPackSchema = z.object({
  id: z.string(),
  units: z.number().int(),
  price: money,
  currency: z.literal('USD'),
  isEnabled: z.boolean(),
});
export type RobotEnergyPack = z.infer<typeof robotEnergyPackSchema>;

/** Purchases, rentals and energy packs bought: the history, with times, what was paid and how it ended. */
export const robotPurchaseKinds = ['purchase', 'rental', 'energy'] as const;
export const robotPurchaseSchema = z.object({
  id: z.string(),
  kind: z.enum(robotPurchaseKinds),
  /** Licences: the template and its name; energy: null. */
  templateId: z.string().nullable(),
  templateName: z.string().nullable(),
  /** Rentals: the days; energy: the units; purchases: null. */
  days: z.number().int().nullable(),
  energyUnits: z.number().int(),
  price: money,
  currency: z.literal('USD'),
  status: z.enum(['successful', 'failed']),
  /** A failed purchase: the result name of why (INSUFFICIENT_FUNDS…), worded by the app with errors.<name>. */
  failReason: z.string().nullable(),
  createTimeTimestamp: time,
  /** Rentals: when the licence ends. */
  expireTimeTimestamp: time.nullable(),
});
export type RobotPurchase = z.infer<typeof robotPurchaseSchema>;

// ---- Runs ----

/** in_progress ("mining"), successful (stopped by the user or at its end), failed (see `failReason`). */
export const robotRunStatuses = ['in_progress', 'successful', 'failed'] as const;
export type RobotRunStatus = (typeof robotRunStatuses)[number];

/**
 * Why a run ended. successful: `user` (the user stopped it), `licence_expired` (its rental ended).
 * failed: `energy` (energy ended: "Insufficient energy so mining stops"), `killed` (an operator's kill
 * switch), `trading` (trading refused an order: see `failCode`).
 */
export const robotRunEndReasons = ['user', 'licence_expired', 'energy', 'killed', 'trading'] as const;
export type RobotRunEndReason = (typeof robotRunEndReasons)[number];

/** One order of a run: a market order of the trading module (the user's own, in their statement). */
export const robotRunOrderSchema = z.object({
  orderId: z.string(),
  /** Buy 0, Sell 1. */
  direction: z.number().int(),
  quantity: z.string(),
  price: z.string(),
  amount: money,
  fee: money,
  /** Sells: what it realised against the run's average cost, net of its fee; buys: minus the fee. */
  realised: money,
  filledAtTimestamp: time,
});
export type RobotRunOrder = z.infer<typeof robotRunOrderSchema>;

/** A UTC day of a run: its output is the realised P&L of the day net of every fee of the day (may be negative). */
export const robotRunDaySchema = z.object({
  date: z.string(),
  output: money,
  fees: money,
  trades: z.number().int(),
});
export type RobotRunDay = z.infer<typeof robotRunDaySchema>;

export const robotRunSchema = z.object({
  id: z.string(),
  templateId: z.string(),
  templateName: z.string(),
  kind: z.enum(robotKinds),
  licenceId: z.string(),
  parameters: robotParametersSchema,
  status: z.enum(robotRunStatuses),
  endReason: z.enum(robotRunEndReasons).nullable(),
  /** A run failed by trading: the result name trading answered (INSUFFICIENT_FUNDS, INSTRUMENT_HALTED…). */
  failCode: z.string().nullable(),
  stockCode: z.string(),
  /** The wallet the instrument trades from (STOCK for US stocks): the amount came from it and goes back to it; its orders pay from it. */
  walletType: walletTypeSchema,
  currency: z.literal('USD'),
  /** Moved from the wallet into the run at start (ring-fenced: only the run's orders use it). */
  allocatedAmount: money,
  /** The run's money not in the instrument now (back in the wallet once it ends). */
  cash: money,
  /** Shares the run bought and has not sold (they stay the user's when it ends). */
  quantity: z.string(),
  /** Average cost of those shares, fees excluded; null when none. */
  averageCost: z.string().nullable(),
  /** The last price the run saw, and its value then: cash + quantity × price. */
  lastPrice: z.string().nullable(),
  value: money,
  /** Total realised P&L net of fees (the spec's income): sum of the daily outputs. */
  income: money,
  /** Today's (UTC) output, 0 when nothing happened. */
  todayOutput: money,
  fees: money,
  /** value − allocated amount. */
  profitLoss: money,
  /**
   * What simply holding would have made: the allocated amount put in the instrument at the start price
   * and valued at the last price (no fees), and the run's P&L minus that (null before a price was seen).
   */
  holdingProfitLoss: money.nullable(),
  versusHolding: money.nullable(),
  /** Largest fall of the run's value from a previous high, in percent ("3.25"). */
  maxDrawdownPercent: z.string(),
  tradesCount: z.number().int(),
  /** Yearly rate of the P&L: null before the run has lasted 90 days (never a projection). */
  annualisedPercent: z.string().nullable(),
  startedAtTimestamp: time,
  endedAtTimestamp: time.nullable(),
  /** Energy billed up to here (each hour is paid at its start). */
  billedUntilTimestamp: time,
  energyUsed: z.number().int(),
});
export type RobotRun = z.infer<typeof robotRunSchema>;

/** A run with its orders and daily output rows (the run page). */
export const robotRunDetailSchema = robotRunSchema.extend({
  orders: z.array(robotRunOrderSchema),
  days: z.array(robotRunDaySchema),
});
export type RobotRunDetail = z.infer<typeof robotRunDetailSchema>;

// ---- Backtest ----

/** One hypothetical fill of a backtest, by the same strategy code and fill rules as a live run. */
export const robotBacktestFillSchema = z.object({
  direction: z.number().int(),
  quantity: z.string(),
  price: z.string(),
  fee: money,
  realised: money,
  atTimestamp: time,
});

/**
 * A backtest: labelled hypothetical with its limits (`limitKeys`: locale keys `robots.backtest.limits.*`
 * the app must show): daily candles' closes only, fills at the close with no spread or slippage, fees as
 * trading charges today, past prices do not predict future ones.
 */
export const robotBacktestSchema = z.object({
  isHypothetical: z.literal(true),
  limitKeys: z.array(z.string()),
  stockCode: z.string(),
  parameters: robotParametersSchema,
  amount: money,
  fromTimestamp: time.nullable(),
  toTimestamp: time.nullable(),
  candles: z.number().int(),
  finalValue: money,
  income: money,
  fees: money,
  profitLoss: money,
  holdingProfitLoss: money.nullable(),
  versusHolding: money.nullable(),
  maxDrawdownPercent: z.string(),
  tradesCount: z.number().int(),
  /** Null when the candles cover fewer than 90 days. */
  annualisedPercent: z.string().nullable(),
  days: z.array(robotRunDaySchema),
  fills: z.array(robotBacktestFillSchema),
});
export type RobotBacktest = z.infer<typeof robotBacktestSchema>;

export const robotBacktestLimitKeys = [
  'robots.backtest.limits.hypothetical',
  'robots.backtest.limits.closesOnly',
  'robots.backtest.limits.noSlippage',
  'robots.backtest.limits.feesToday',
  'robots.backtest.limits.pastNotFuture',
] as const;

// ---- Bodies ----

export const robotBacktestBody = z.object({
  templateId: recordIdSchema,
  stockCode: stockCodeSchema,
  amount: amountSchema,
  parameters: robotParametersSchema,
  /** How many of the latest daily candles (default and at most 365). */
  days: int(10, robotLimits.backtestDaysMax).optional(),
});
export type RobotBacktestBody = z.input<typeof robotBacktestBody>;

/** Buys a licence or rents a template: pays `priceId`'s offer from the BALANCE wallet (idempotent per key). */
export const robotBuyBody = z.object({ priceId: recordIdSchema, idempotencyKey: idempotencyKeySchema });
export const robotEnergyBuyBody = z.object({ packId: recordIdSchema, idempotencyKey: idempotencyKeySchema });

export const robotStartBody = z.object({
  templateId: recordIdSchema,
  stockCode: stockCodeSchema,
  amount: amountSchema,
  parameters: robotParametersSchema,
  idempotencyKey: idempotencyKeySchema,
});
export type RobotStartBody = z.input<typeof robotStartBody>;

export const robotRunIdBody = z.object({ id: recordIdSchema });
export const robotRunsPageBody = z.object({ ...pageBodyFields, status: z.enum(robotRunStatuses).optional() });

/** The user's calls, under /web. */
export const robotApi = {
  /** Enabled templates with their enabled offers and the caller's valid licence. */
  templates: { method: 'POST', path: '/robot/templates', body: z.object({}).optional(), data: z.array(robotTemplateSchema) },
  template: { method: 'POST', path: '/robot/template', body: z.object({ id: recordIdSchema }), data: robotTemplateSchema },
  energyPacks: { method: 'POST', path: '/robot/energy/packs', body: z.object({}).optional(), data: z.array(robotEnergyPackSchema) },
  energy: { method: 'POST', path: '/robot/energy', body: z.object({}).optional(), data: robotEnergySchema },
  /** Purchase or rental; the inbox gets "Purchase successful" or "Failed purchase" with the reason. */
  buy: { method: 'POST', path: '/robot/buy', body: robotBuyBody, data: robotPurchaseSchema },
  buyEnergy: { method: 'POST', path: '/robot/energy/buy', body: robotEnergyBuyBody, data: robotPurchaseSchema },
  purchases: { method: 'POST', path: '/robot/purchases', body: z.object(pageBodyFields), data: pageOf(robotPurchaseSchema) },
  licences: { method: 'POST', path: '/robot/licences', body: z.object({}).optional(), data: z.array(robotLicenceSchema) },
  /** Hypothetical: stored daily candles through the live strategy code and fill rules. Writes nothing. */
  backtest: { method: 'POST', path: '/robot/backtest', body: robotBacktestBody, data: robotBacktestSchema },
  /** Starts a run: needs a valid licence and at least one energy unit; moves the amount into the run. */
  start: { method: 'POST', path: '/robot/runs/start', body: robotStartBody, data: robotRunDetailSchema },
  /** Stops a run in progress (successful): its cash goes back to the wallet; shares bought stay the user's. */
  stop: { method: 'POST', path: '/robot/runs/stop', body: robotRunIdBody, data: robotRunDetailSchema },
  runs: { method: 'POST', path: '/robot/runs', body: robotRunsPageBody, data: pageOf(robotRunSchema) },
  run: { method: 'POST', path: '/robot/runs/detail', body: robotRunIdBody, data: robotRunDetailSchema },
} as const;

// ---- Console ----

const rentalDays = z.union([z.literal(7), z.literal(30), z.literal(90)], { error: 'validation.invalidValue' });

/** A template as operators write it (its offers are edited separately). */
export const robotTemplateBody = z.object({
  kind: z.enum(robotKinds, { error: 'validation.invalidValue' }),
  code: z
    .string({ error: typeError })
    .trim()
    .regex(/^[A-Z0-9-]{2,20}$/, { error: 'validation.invalidValue' }),
  name: z.string({ error: typeError }).trim().min(2).max(80),
  defaultParameters: robotParametersSchema,
  isEnabled: z.boolean({ error: typeError }),
});
export type RobotTemplateBody = z.input<typeof robotTemplateBody>;

/** An offer: purchase (days null) or rental (7, 30, 90). A price change applies to later purchases only. */
export const robotPriceBody = z
  .object({
    templateId: recordIdSchema,
    kind: z.enum(robotPriceKinds, { error: 'validation.invalidValue' }),
    days: rentalDays.nullable(),
    price: amountSchema,
    energyIncluded: int(0, 100_000),
    isEnabled: z.boolean({ error: typeError }),
  })
  .refine((value) => (value.kind === 'purchase') === (value.days === null), { error: 'validation.invalidValue', path: ['days'] });
export type RobotPriceBody = z.input<typeof robotPriceBody>;

export const robotEnergyPackBody = z.object({
  units: int(1, 100_000),
  price: amountSchema,
  isEnabled: z.boolean({ error: typeError }),
});

/** A run as the console lists it: its owner and, when failed by trading, the reason worded in the operator's language. */
export const operatorRobotRunSchema = robotRunSchema.extend({
  userId: z.string(),
  userEmail: z.string(),
  failMessage: z.string().nullable(),
});
export const operatorRobotRunDetailSchema = operatorRobotRunSchema.extend({
  orders: z.array(robotRunOrderSchema),
  days: z.array(robotRunDaySchema),
});

/** Kill switch: one run, or every run in progress; each ends failed with reason `killed`, its cash back to the wallet. */
export const robotKillBody = z.object({ note: z.string({ error: typeError }).trim().min(3).max(500) });
export const robotKillResultSchema = z.object({ stopped: z.number().int(), runIds: z.array(z.string()) });

const idParams = z.object({ id: pathIdSchema });

/** The console's calls, under /admin/api; every change is audited. */
export const operatorRobotApi = {
  templates: { method: 'GET', path: '/robots/templates', permission: 'robots.read', data: z.array(robotTemplateSchema) },
  createTemplate: {
    method: 'POST',
    path: '/robots/templates',
    permission: 'robots.manage',
    body: robotTemplateBody,
    data: robotTemplateSchema,
  },
  updateTemplate: {
    method: 'POST',
    path: '/robots/templates/:id',
    permission: 'robots.manage',
    params: idParams,
    body: robotTemplateBody,
    data: robotTemplateSchema,
  },
  createPrice: { method: 'POST', path: '/robots/prices', permission: 'robots.manage', body: robotPriceBody, data: robotPriceSchema },
  updatePrice: {
    method: 'POST',
    path: '/robots/prices/:id',
    permission: 'robots.manage',
    params: idParams,
    body: robotPriceBody,
    data: robotPriceSchema,
  },
  packs: { method: 'GET', path: '/robots/packs', permission: 'robots.read', data: z.array(robotEnergyPackSchema) },
  createPack: {
    method: 'POST',
    path: '/robots/packs',
    permission: 'robots.manage',
    body: robotEnergyPackBody,
    data: robotEnergyPackSchema,
  },
  updatePack: {
    method: 'POST',
    path: '/robots/packs/:id',
    permission: 'robots.manage',
    params: idParams,
    body: robotEnergyPackBody,
    data: robotEnergyPackSchema,
  },
  runs: {
    method: 'GET',
    path: '/robots/runs',
    permission: 'robots.read',
    query: z.object({ ...pageQueryFields, status: z.enum(robotRunStatuses).optional() }),
    data: pageOf(operatorRobotRunSchema),
  },
  run: { method: 'GET', path: '/robots/runs/:id', permission: 'robots.read', params: idParams, data: operatorRobotRunDetailSchema },
  kill: {
    method: 'POST',
    path: '/robots/runs/:id/kill',
    permission: 'robots.manage',
    params: idParams,
    body: robotKillBody,
    data: robotKillResultSchema,
  },
  killAll: { method: 'POST', path: '/robots/kill-all', permission: 'robots.manage', body: robotKillBody, data: robotKillResultSchema },
} as const;
