import type { PriceAlertKind } from '@bolsa/contracts';
import Decimal from 'decimal.js';

/** An armed alert as the index keeps it (and as processes announce it to each other), its level parsed once. */
export type ArmedAlert = { id: number; userId: number; code: string; kind: PriceAlertKind; threshold: string };
type Entry = ArmedAlert & { level: number };

/**
 * Far below any tick and far above a double's error on a price or percentage: the float look lets through
 * a superset, and the decimal check decides, so an alert at exactly the traded price always fires.
 */
const TOLERANCE = 1e-9;

/**
 * One instrument's armed alerts in three sorted arrays, so that a quote touches only the alerts it crosses:
 * `above` by level ascending (a price p fires the prefix whose level ≤ p), `below` by level descending
 * (the prefix whose level ≥ p), `change` by percentage ascending (the prefix whose size ≤ |change|).
 * A quote that crosses nothing costs three comparisons, however many alerts wait.
 */
type Book = { above: Entry[]; below: Entry[]; change: Entry[] };

/** Where an entry goes in an array kept sorted by `before` (after the equal ones: the older alert first). */
function insertionIndex(entries: readonly Entry[], level: number, isDescending: boolean) {
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const other = (entries[middle] as Entry).level;
    const goesAfter = isDescending ? other >= level : other <= level;
    if (goesAfter) low = middle + 1;
    else high = middle;
  }
  return low;
}

const isDescendingKind = (kind: PriceAlertKind) => kind === 'below';

function arrayOf(book: Book, kind: PriceAlertKind) {
  return kind === 'above' ? book.above : kind === 'below' ? book.below : book.change;
}

/** How many entries at the front of a sorted array this value reaches (float look, superset). */
function reachedCount(entries: readonly Entry[], value: number, isDescending: boolean) {
  let count = 0;
  if (isDescending) while (count < entries.length && (entries[count] as Entry).level >= value - TOLERANCE) count += 1;
  else while (count < entries.length && (entries[count] as Entry).level <= value + TOLERANCE) count += 1;
  return count;
}

/**
 * Removes and answers the front of a sorted array that a quote meets: the float look first (a superset),
 * then the decimals decide; one a hair away stays, and so does everything behind it.
 */
function takeFrom(entries: Entry[], value: number, isDescending: boolean, price: string, changeRatio: string): Entry[] {
  const count = reachedCount(entries, value, isDescending);
  let decided = 0;
  while (decided < count && meets(entries[decided] as Entry, price, changeRatio)) decided += 1;
  return decided === 0 ? [] : entries.splice(0, decided);
}

/** Removes one entry from whichever array of the book holds it. */
function removeFrom(book: Book, id: number) {
  for (const entries of [book.above, book.below, book.change]) {
    const at = entries.findIndex((entry) => entry.id === id);
    if (at >= 0) {
      entries.splice(at, 1);
      return;
    }
  }
}

const sizeOf = (book: Book) => book.above.length + book.below.length + book.change.length;

/** Whether a quote's last price and day's change meet an alert, decided in decimals. */
export function meets(alert: Pick<ArmedAlert, 'kind' | 'threshold'>, price: string, changeRatio: string): boolean {
  switch (alert.kind) {
    case 'above':
      return new Decimal(price).gte(alert.threshold);
    case 'below':
      return new Decimal(price).lte(alert.threshold);
    case 'change':
      return new Decimal(changeRatio).abs().gte(alert.threshold);
  }
}

/**
 * Every armed alert of this process by instrument. `take` removes and answers the alerts a quote meets,
 * so each is handed out once per process; the caller fires them (a guarded update decides across
 * processes) and puts back with `add` only what failed for a reason other than being fired or deleted.
 */
export function createAlertIndex() {
  const books = new Map<string, Book>();
  const codeOf = new Map<number, string>();

  function bookOf(code: string) {
    let book = books.get(code);
    if (!book) {
      book = { above: [], below: [], change: [] };
      books.set(code, book);
    }
    return book;
  }

  function entryOf(alert: ArmedAlert): Entry {
    return {
      id: alert.id,
      userId: alert.userId,
      code: alert.code,
      kind: alert.kind,
      threshold: alert.threshold,
      level: Number(alert.threshold),
    };
  }

  return {
    /** Indexes an armed alert; answers false when it is already indexed. */
    add(alert: ArmedAlert): boolean {
      if (codeOf.has(alert.id)) return false;
      const entry = entryOf(alert);
      const entries = arrayOf(bookOf(alert.code), alert.kind);
      const isDescending = isDescendingKind(alert.kind);
      entries.splice(insertionIndex(entries, entry.level, isDescending), 0, entry);
      codeOf.set(alert.id, alert.code);
      return true;
    },

    /** Indexes many at once (the start): appended, then each array sorted once. */
    addAll(alerts: readonly ArmedAlert[]) {
      const touched = new Set<Book>();
      for (const alert of alerts) {
        if (codeOf.has(alert.id)) continue;
        const book = bookOf(alert.code);
        arrayOf(book, alert.kind).push(entryOf(alert));
        codeOf.set(alert.id, alert.code);
        touched.add(book);
      }
      for (const book of touched) {
        // Stable sorts: equal levels keep the older alert first.
        book.above.sort((a, b) => a.level - b.level);
        book.below.sort((a, b) => b.level - a.level);
        book.change.sort((a, b) => a.level - b.level);
      }
    },

    /** Forgets an alert (deleted, or fired by any process); answers whether it was indexed here. */
    remove(id: number): boolean {
      const code = codeOf.get(id);
      if (code === undefined) return false;
      codeOf.delete(id);
      const book = books.get(code);
      if (!book) return true;
      removeFrom(book, id);
      if (sizeOf(book) === 0) books.delete(code);
      return true;
    },

    /**
     * Removes and answers the alerts of this instrument that a quote's last price and day's change meet.
     * Each array is sorted, so only its front is looked at: the alerts met, and the first one not met.
     */
    take(code: string, price: string, changeRatio: string): ArmedAlert[] {
      const book = books.get(code);
      if (!book) return [];
      const last = Number(price);
      const change = Math.abs(Number(changeRatio));
      const met: ArmedAlert[] = [];
      for (const entry of [
        ...takeFrom(book.above, last, false, price, changeRatio),
        ...takeFrom(book.below, last, true, price, changeRatio),
        ...takeFrom(book.change, change, false, price, changeRatio),
      ]) {
        codeOf.delete(entry.id);
        met.push({ id: entry.id, userId: entry.userId, code: entry.code, kind: entry.kind, threshold: entry.threshold });
      }
      if (sizeOf(book) === 0) books.delete(code);
      return met;
    },

    has: (id: number) => codeOf.has(id),
    /** Instruments with at least one armed alert. */
    codes: () => books.keys(),
    countIn: (code: string) => {
      const book = books.get(code);
      return book ? sizeOf(book) : 0;
    },
    count: () => codeOf.size,
    clear() {
      books.clear();
      codeOf.clear();
    },
  };
}
export type AlertIndex = ReturnType<typeof createAlertIndex>;
