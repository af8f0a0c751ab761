import { describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { inTransaction } from './transaction.ts';

/** A stand-in that only runs the work: what is under test is the retry decision, not PostgreSQL. */
function databaseFailingWith(codes: Array<string | undefined>) {
  let calls = 0;
  const db = {
    async transaction(work: (tx: unknown) => Promise<unknown>) {
      const code = codes[calls];
      calls += 1;
      if (code !== undefined) throw Object.assign(new Error('aborted'), { cause: { code } });
      return work({});
    },
  };
  return { db: db as unknown as Database, calls: () => calls };
}

describe('inTransaction', () => {
  it('runs the work again after a deadlock or a serialization failure', async () => {
    const { db, calls } = databaseFailingWith(['40P01', '40001']);
    await expect(inTransaction(db, async () => 'done')).resolves.toBe('done');
    expect(calls()).toBe(3);
  });

  it('gives up after three attempts', async () => {
    const { db, calls } = databaseFailingWith(['40P01', '40P01', '40P01', undefined]);
    await expect(inTransaction(db, async () => 'done')).rejects.toThrow('aborted');
    expect(calls()).toBe(3);
  });

  it('never retries any other error, such as a refused movement', async () => {
    const { db, calls } = databaseFailingWith(['BL001']);
    await expect(inTransaction(db, async () => 'done')).rejects.toThrow('aborted');
    expect(calls()).toBe(1);
  });
});
