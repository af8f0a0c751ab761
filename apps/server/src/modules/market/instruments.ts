import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AssetSource } from '@bolsa/contracts';
import { serverPackageRoot } from '../../platform/paths.ts';
import { addDays, type CalendarId } from './calendars.ts';
import { contractsThrough, type FuturesProduct } from './futures-terms.ts';

/**
 * The instrument catalog, built at start from the reference data shipped in
 * `apps/server/reference-data` (see its README for provenance and licence). Nothing is read from
 * outside the project at run time.
 */

export type TickRule = ReadonlyArray<readonly [priceBelow: number, tick: string]>;

export type Instrument = {
  code: string;
  name: string;
  /** Listing market shown to users: NASDAQ, NYSE, AMEX, BYMA, TWSE, CME, CBOT, NYMEX, COMEX, FX, INDEX. */
  market: string;
  calendar: CalendarId;
  source: AssetSource;
  classify: 'US' | 'ARG' | 'TW' | 'FUTURE' | 'FOREX' | 'INDEX';
  currency: string;
  sector: string | null;
  /** Futures group (equity, energy, metals, grains, rates, currency). */
  group: string | null;
  tickRule: TickRule;
  lotSize: string;
  minQuantity: string;
  /** Mean-reversion target of the simulated market and the start of its history. */
  referencePrice: number;
  /** Annualised volatility calibrated from the 52-week range. */
  volatility: number;
  low52: number;
  high52: number;
  /** Shares outstanding (market cap / price), when known. */
  sharesOutstanding: number | null;
  /**
   * An S&P 500 stock's fundamentals from the reference data (a past snapshot): earnings per share and
   * the yearly dividend per share (the snapshot's yield × its price), so P/E and yield follow the
   * simulated price; the GICS sub-industry is `sector`.
   */
  fundamentals: { eps: number | null; dividendPerShare: number | null } | null;
  /** Typical traded units per day, for the simulated volume. */
  dailyVolume: number;
  /** Futures: the product's root symbol (ES for ESZ6). */
  root: string | null;
  multiplier: string | null;
  margin: string | null;
  contractMonth: string | null;
  lastTradeDate: string | null;
  listedOn: string | null;
  /** A stock listed by a new-share offering (issue 18): its simulated history starts at this instant, at its offer price. */
  offeringListedAtMs: number | null;
  /** Forex: the two currencies of the pair. */
  baseCurrency: string | null;
  quoteCurrency: string | null;
  /**
   * Futures: what the contract is priced from at fair value (`fair-value.ts`): the index or pair it is
   * written on (SPX for ES, EURUSD for 6E), or the product's own simulated spot series (gold, crude).
   */
  underlying: Instrument | null;
};

/** The symbol a price is shown with: an index is points, never money (no $, NT$ or ARS). */
export function priceSymbolOf(instrument: Instrument, symbols: Record<string, string>): string {
  if (instrument.source === '99') return '';
  return symbols[instrument.currency] ?? instrument.currency;
}

export const referenceDataDirectory = join(serverPackageRoot, 'reference-data');

/** A stock listed through a new-share offering (issue 18): priced from its offer price, with first-day volatility. */
export function newListingOf(listing: {
  code: string;
  name: string;
  market: string;
  price: number;
  shares: number;
  listedOn: string;
  listedAtMs: number;
}): Instrument {
  return base({
    code: listing.code,
    name: listing.name,
    market: listing.market,
    calendar: 'US',
    source: '0',
    classify: 'US',
    referencePrice: listing.price,
    volatility: 0.6,
    low52: listing.price,
    high52: listing.price,
    sharesOutstanding: listing.shares,
    dailyVolume: Math.max(200_000, Math.round(listing.shares * 0.05)),
    listedOn: listing.listedOn,
    offeringListedAtMs: listing.listedAtMs,
  });
}

/** Splits CSV text into rows of fields, honouring double-quoted fields with commas. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') continue;
    const fields: string[] = [];
    let field = '';
    let isQuoted = false;
    for (let index = 0; index < line.length; index += 1) {
      const character = line[index];
      if (isQuoted) {
        if (character === '"' && line[index + 1] === '"') {
          field += '"';
          index += 1;
        } else if (character === '"') isQuoted = false;
        else field += character;
      } else if (character === '"') isQuoted = true;
      else if (character === ',') {
        fields.push(field);
        field = '';
      } else field += character;
    }
    fields.push(field);
    rows.push(fields);
  }
  return rows;
}

function readCsvObjects(file: string): Array<Record<string, string>> {
  const [header, ...rows] = parseCsv(readFileSync(join(referenceDataDirectory, file), 'utf8'));
  if (!header) return [];
  return rows.map((row) => Object.fromEntries(header.map((name, index) => [name, row[index] ?? ''])));
}

/**
 * Volatility from a 52-week range: over a year of geometric Brownian motion the log range is about
 * 2.5 standard deviations, so sigma ≈ ln(high/low) / 2.5, kept within sensible bounds.
 */
export function volatilityFromRange(low: number, high: number, fallback = 0.3): number {
  if (!(low > 0) || !(high > low)) return fallback;
  return Math.min(0.9, Math.max(0.06, Math.log(high / low) / 2.5));
}

const usTicks: TickRule = [
  [1, '0.0001'],
  [Number.POSITIVE_INFINITY, '0.01'],
];
/** TWSE price bands. */
const taiwanTicks: TickRule = [
  [10, '0.01'],
  [50, '0.05'],
  [100, '0.1'],
  [500, '0.5'],
  [1000, '1'],
  [Number.POSITIVE_INFINITY, '5'],
];
const argentinaTicks: TickRule = [
  [100, '0.01'],
  [1000, '0.05'],
  [10000, '0.25'],
  [Number.POSITIVE_INFINITY, '1'],
];
const fixedTick = (tick: string): TickRule => [[Number.POSITIVE_INFINITY, tick]];

export function tickSizeAt(rule: TickRule, price: number): string {
  for (const [below, tick] of rule) if (Math.abs(price) < below) return tick;
  return rule[rule.length - 1]?.[1] ?? '0.01';
}

const decimalsCache = new Map<string, number>();
export function decimalsOf(tick: string): number {
  let decimals = decimalsCache.get(tick);
  if (decimals === undefined) {
    decimals = tick.includes('.') ? (tick.split('.')[1]?.length ?? 0) : 0;
    decimalsCache.set(tick, decimals);
  }
  return decimals;
}

/** Rounds a price to its tick and writes it as a decimal string with the tick's decimals. */
export function formatPrice(rule: TickRule, price: number): string {
  const tick = tickSizeAt(rule, price);
  const size = Number(tick);
  const decimals = decimalsOf(tick);
  const rounded = Math.max(size, Math.round(price / size) * size);
  return rounded.toFixed(decimals);
}

export function roundToTick(rule: TickRule, price: number): number {
  return Number(formatPrice(rule, price));
}

type ExtraData = {
  argentina: Array<{ code: string; name: string; sector: string; price: number; low52: number; high52: number }>;
  taiwan: Array<{ code: string; name: string; sector: string; price: number; low52: number; high52: number }>;
  futureProducts: Array<FuturesProduct & { price: number; low52: number; high52: number }>;
  forex: Array<{
    code: string;
    name: string;
    base: string;
    quote: string;
    tickSize: string;
    dataSetCountry: string | null;
    price: number | null;
  }>;
  indices: Array<{ code: string; name: string; calendar: CalendarId; currency: string; price: number; low52: number; high52: number }>;
  amex: Array<{ code: string; name: string; sector: string; price: number; low52: number; high52: number; marketCap: number }>;
  usFallback: Record<string, { price: number; low52: number; high52: number }>;
  newListings: Record<string, string>;
};

function base(
  overrides: Partial<Instrument> & Pick<Instrument, 'code' | 'name' | 'market' | 'calendar' | 'source' | 'classify'>,
): Instrument {
  return {
    currency: 'USD',
    sector: null,
    group: null,
    tickRule: usTicks,
    lotSize: '1',
    minQuantity: '1',
    referencePrice: 100,
    volatility: 0.3,
    low52: 80,
    high52: 120,
    sharesOutstanding: null,
    fundamentals: null,
    dailyVolume: 1_000_000,
    root: null,
    multiplier: null,
    margin: null,
    contractMonth: null,
    lastTradeDate: null,
    listedOn: null,
    offeringListedAtMs: null,
    baseCurrency: null,
    quoteCurrency: null,
    underlying: null,
    ...overrides,
  };
}

/** Daily volume that falls with price, so cheap shares trade more units, as on real exchanges. */
function typicalVolume(price: number, scale: number) {
  return Math.max(1_000, Math.round(scale / Math.max(price, 1) ** 0.7));
}

function latestByKey(rows: Array<Record<string, string>>, keyField: string, valueField: string): Map<string, number> {
  const latest = new Map<string, { date: string; value: number }>();
  for (const row of rows) {
    const key = row[keyField] ?? '';
    const value = Number(row[valueField]);
    const date = row.Date ?? '';
    if (!Number.isFinite(value) || value <= 0) continue;
    const current = latest.get(key);
    if (!current || date > current.date) latest.set(key, { date, value });
  }
  return new Map([...latest].map(([key, entry]) => [key, entry.value]));
}

function rangeOf(values: number[]): { low: number; high: number } {
  return { low: Math.min(...values), high: Math.max(...values) };
}

type ProductTerms = { product: FuturesProduct; price: number; range: { low: number; high: number }; underlying: Instrument };

/**
 * The spot series of a product written on no instrument of the catalog (gold, crude, grains, rates):
 * never quoted nor listed, it only drives the product's contracts, trading their hours. The grains keep
 * their own CBOT hours; every other product trades Globex equity hours.
 */
function spotOf(product: FuturesProduct, price: number, range: { low: number; high: number }): Instrument {
  return base({
    code: `${product.root}.SPOT`,
    name: product.name,
    market: product.market,
    calendar: product.group === 'grains' ? 'CBOT_GRAINS' : 'CME',
    source: '3',
    classify: 'FUTURE',
    group: product.group,
    tickRule: fixedTick(product.tickSize),
    referencePrice: price,
    volatility: volatilityFromRange(range.low, range.high, 0.2),
    low52: range.low,
    high52: range.high,
  });
}

/** One futures contract of a product as an instrument: its product's calibration and hours, its own month. */
function futureOf({ product, price, range, underlying }: ProductTerms, terms: ReturnType<typeof contractsThrough>[number]): Instrument {
  return {
    ...spotOf(product, price, range),
    code: terms.code,
    name: terms.name,
    dailyVolume: typicalVolume(price, 8_000_000),
    root: product.root,
    multiplier: product.multiplier,
    margin: product.margin,
    contractMonth: terms.contractMonth,
    lastTradeDate: terms.lastTradeDate,
    underlying,
  };
}

/**
 * How long an expired contract stays in the catalog: long enough for its orders, positions, K-lines
 * and settlement to find it (settlement runs minutes after expiry), short enough that the catalog
 * does not grow for ever.
 */
export const EXPIRED_CONTRACT_RETENTION_DAYS = 400;

/**
 * The futures contracts of every product on a date (`YYYY-MM-DD`): the listed front months and the
 * contracts that expired within the retention, in product order.
 */
function futuresOn(products: readonly ProductTerms[], date: string): Instrument[] {
  const keepFrom = addDays(date, -EXPIRED_CONTRACT_RETENTION_DAYS);
  return products.flatMap((terms) =>
    contractsThrough(terms.product, date)
      .filter((contract) => contract.lastTradeDate >= keepFrom)
      .map((contract) => futureOf(terms, contract)),
  );
}

/** EPS and the yearly dividend per share of a row of the S&P 500 data, when it has them. */
function fundamentalsOf(row: Record<string, string | undefined>): Instrument['fundamentals'] {
  const number = (text: string | undefined) =>
    text === undefined || text.trim() === '' || !Number.isFinite(Number(text)) ? null : Number(text);
  const eps = number(row['Earnings/Share']);
  const dividendYield = number(row['Dividend Yield']);
  const price = number(row.Price);
  const dividendPerShare = dividendYield !== null && price !== null && price > 0 ? dividendYield * price : null;
  return eps === null && dividendPerShare === null ? null : { eps, dividendPerShare };
}

/** Builds every instrument of the product from the reference data; futures as listed on `date`. */
export function loadInstrumentCatalog(date: string = todayUtc()): { instruments: Instrument[]; products: ProductTerms[] } {
  const extra = JSON.parse(readFileSync(join(referenceDataDirectory, 'instruments.json'), 'utf8')) as ExtraData;
  const exchanges = new Map(readCsvObjects('us-listing-exchanges.csv').map((row) => [row.Symbol ?? '', row.Exchange ?? 'NYSE']));
  const instruments: Instrument[] = [];
  const products: ProductTerms[] = [];

  for (const row of readCsvObjects('sp500-constituents-financials.csv')) {
    const code = row.Symbol ?? '';
    const fallback = extra.usFallback[code];
    const price = Number(row.Price) || fallback?.price || 100;
    const low52 = Number(row['52 Week Low']) || fallback?.low52 || price * 0.8;
    const high52 = Number(row['52 Week High']) || fallback?.high52 || price * 1.2;
    const marketCap = Number(row['Market Cap']);
    const shares = marketCap > 0 ? Math.round(marketCap / price) : null;
    instruments.push(
      base({
        code,
        name: row.Name ?? code,
        market: exchanges.get(code) ?? 'NYSE',
        calendar: 'US',
        source: '0',
        classify: 'US',
        sector: row.Sector || null,
        referencePrice: price,
        volatility: volatilityFromRange(low52, high52),
        low52,
        high52,
        sharesOutstanding: shares,
        fundamentals: fundamentalsOf(row),
        dailyVolume: shares ? Math.max(200_000, Math.round(shares * 0.006)) : typicalVolume(price, 60_000_000),
        listedOn: extra.newListings[code] ?? null,
      }),
    );
  }

  for (const entry of extra.amex) {
    instruments.push(
      base({
        code: entry.code,
        name: entry.name,
        market: 'AMEX',
        calendar: 'US',
        source: '0',
        classify: 'US',
        sector: entry.sector,
        referencePrice: entry.price,
        volatility: volatilityFromRange(entry.low52, entry.high52),
        low52: entry.low52,
        high52: entry.high52,
        sharesOutstanding: Math.round(entry.marketCap / entry.price),
        dailyVolume: Math.max(200_000, Math.round((entry.marketCap / entry.price) * 0.01)),
      }),
    );
  }

  for (const entry of extra.argentina) {
    instruments.push(
      base({
        code: entry.code,
        name: entry.name,
        market: 'BYMA',
        calendar: 'BYMA',
        source: 'ARG',
        classify: 'ARG',
        currency: 'ARS',
        sector: entry.sector,
        tickRule: argentinaTicks,
        referencePrice: entry.price,
        volatility: volatilityFromRange(entry.low52, entry.high52, 0.5),
        low52: entry.low52,
        high52: entry.high52,
        dailyVolume: typicalVolume(entry.price, 40_000_000),
      }),
    );
  }

  for (const entry of extra.taiwan) {
    instruments.push(
      base({
        code: entry.code,
        name: entry.name,
        market: 'TWSE',
        calendar: 'TWSE',
        source: '7',
        classify: 'TW',
        currency: 'TWD',
        sector: entry.sector,
        tickRule: taiwanTicks,
        lotSize: '1000',
        minQuantity: '1000',
        referencePrice: entry.price,
        volatility: volatilityFromRange(entry.low52, entry.high52, 0.25),
        low52: entry.low52,
        high52: entry.high52,
        dailyVolume: typicalVolume(entry.price, 300_000_000),
      }),
    );
  }

  const rates = readCsvObjects('exchange-rates-monthly.csv');
  const latestRate = latestByKey(rates, 'Country', 'Exchange rate');
  const euroPerDollar = latestRate.get('Euro') ?? 0.87;
  for (const entry of extra.forex) {
    const unitsPerDollar = entry.dataSetCountry ? latestRate.get(entry.dataSetCountry) : (entry.price ?? undefined);
    if (!unitsPerDollar) throw new Error(`No reference rate for ${entry.code}`);
    const price = entry.base === 'USD' ? unitsPerDollar : 1 / unitsPerDollar;
    const history = entry.dataSetCountry
      ? rates.filter((row) => row.Country === entry.dataSetCountry).map((row) => Number(row['Exchange rate']))
      : [];
    const values = history.map((value) => (entry.base === 'USD' ? value : 1 / value)).filter((value) => value > 0);
    const range = values.length > 1 ? rangeOf(values) : { low: price * 0.85, high: price * 1.1 };
    instruments.push(
      base({
        code: entry.code,
        name: entry.name,
        market: 'FX',
        calendar: 'FX',
        source: '2',
        classify: 'FOREX',
        currency: entry.quote,
        tickRule: fixedTick(entry.tickSize),
        lotSize: '1000',
        minQuantity: '1000',
        referencePrice: price,
        volatility: entry.code === 'USDARS' ? 0.35 : volatilityFromRange(range.low, range.high, 0.08),
        low52: range.low,
        high52: range.high,
        dailyVolume: 50_000,
        baseCurrency: entry.base,
        quoteCurrency: entry.quote,
      }),
    );
  }

  const goldPrices = readCsvObjects('gold-prices-monthly.csv').map((row) => Number(row.Price));
  const goldRange = rangeOf(goldPrices.slice(-12));
  const gold = goldPrices[goldPrices.length - 1] ?? 4000;
  for (const product of extra.futureProducts) {
    let price = product.price;
    let range = { low: product.low52, high: product.high52 };
    if (product.root === 'GC') {
      price = gold;
      range = goldRange;
    } else if (product.root === '6E') {
      price = 1 / euroPerDollar;
      range = { low: price * 0.92, high: price * 1.05 };
    }
    products.push({ product, price, range, underlying: spotOf(product, price, range) });
  }
  const spx = readCsvObjects('sp500-index-monthly.csv').map((row) => Number(row.SP500));
  const spxRange = rangeOf(spx.slice(-12));
  for (const entry of extra.indices) {
    const isSpx = entry.code === 'SPX';
    const price = isSpx ? (spx[spx.length - 1] ?? 7000) : entry.price;
    const range = isSpx ? spxRange : { low: entry.low52, high: entry.high52 };
    instruments.push(
      base({
        code: entry.code,
        name: entry.name,
        market: 'INDEX',
        calendar: entry.calendar,
        source: '99',
        classify: 'INDEX',
        currency: entry.currency,
        tickRule: fixedTick('0.01'),
        referencePrice: price,
        volatility: volatilityFromRange(range.low, range.high, 0.18),
        low52: range.low,
        high52: range.high,
        dailyVolume: 2_000_000_000,
      }),
    );
  }
  // A product written on an index or pair of the catalog is priced from it (ES from SPX, 6E from EURUSD).
  for (const terms of products) {
    const code = terms.product.underlying;
    const underlying = code ? instruments.find((instrument) => instrument.code === code) : undefined;
    if (code && !underlying) throw new Error(`No underlying ${code} for ${terms.product.root}`);
    if (underlying) terms.underlying = underlying;
  }
  // Futures sit between forex and indices, where the fixed contracts of the file used to be.
  const firstIndex = instruments.findIndex((instrument) => instrument.source === '99');
  instruments.splice(firstIndex < 0 ? instruments.length : firstIndex, 0, ...futuresOn(products, date));
  return { instruments, products };
}

function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * The catalog, optionally narrowed to some codes (tests and benchmarks run on a small subset); a
 * futures product's root (ES) stands for every contract of that product. Futures roll: `rollTo`
 * adds the contracts a later date lists (the catalog only grows while the process runs; expired
 * contracts stay for history and settlement, and the lists leave them out by their expiry).
 */
export function createCatalog(codes?: readonly string[], options: { date?: string } = {}) {
  const { instruments: all, products } = loadInstrumentCatalog(options.date);
  const wanted = codes && codes.length > 0 ? new Set(codes.map((code) => code.toUpperCase())) : undefined;
  const isWanted = (instrument: Instrument) =>
    !wanted || wanted.has(instrument.code) || (instrument.root !== null && wanted.has(instrument.root));
  const instruments = all.filter(isWanted);
  const byCode = new Map(instruments.map((instrument) => [instrument.code, instrument]));
  return {
    instruments,
    byCode,
    /** Adds one instrument (a new listing, issue 18) unless its code is known; answers whether it was added. */
    add(instrument: Instrument): boolean {
      if (byCode.has(instrument.code)) return false;
      instruments.push(instrument);
      byCode.set(instrument.code, instrument);
      return true;
    },
    /** Adds the futures contracts listed on `date` that the catalog lacks; returns the new ones. */
    rollTo(date: string): Instrument[] {
      const added = futuresOn(products, date).filter((instrument) => isWanted(instrument) && !byCode.has(instrument.code));
      for (const instrument of added) {
        instruments.push(instrument);
        byCode.set(instrument.code, instrument);
      }
      return added;
    },
  };
}
export type Catalog = ReturnType<typeof createCatalog>;
