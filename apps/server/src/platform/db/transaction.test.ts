import { describe, expect, it } from 'vitest';
import type { Database } from './client.ts';
import { afterCommit, inSavepoint, inTransaction } from './transaction.ts';

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

  it('runs after-commit callbacks once the work has committed, and never those of a rolled-back attempt', async () => {
    const events: string[] = [];
    const db = {
      attempt: 0,
      async transaction(work: (tx: unknown) => Promise<unknown>) {
        this.attempt += 1;
        const result = await work({});
        // The first attempt's commit fails as a deadlock would: its callback must not run.
        if (this.attempt === 1) throw Object.assign(new Error('aborted'), { cause: { code: '40P01' } });
        events.push('committed');
        return result;
      },
    };
    await inTransaction(db as unknown as Database, async (tx) => {
      afterCommit(tx, () => events.push(`announced ${db.attempt}`));
      events.push(`worked ${db.attempt}`);
    });
    expect(events).toEqual(['worked 1', 'worked 2', 'committed', 'announced 2']);
  });

  it('runs the callback of a statement outside a transaction right away (it committed as it ran)', async () => {
    const events: string[] = [];
    afterCommit({} as never, () => events.push('announced'));
    await Promise.resolve();
    expect(events).toEqual(['announced']);
  });
});

describe('inSavepoint', () => {
  /** A transaction whose savepoints are nested `transaction` calls, as Drizzle's are; a throw rolls back only that one. */
  function nestingDatabase(events: string[]) {
    const transactionOf = (name: string): { transaction: (work: (tx: unknown) => Promise<unknown>) => Promise<unknown> } => ({
      async transaction(work) {
        const result = await work(transactionOf(`${name}+`));
        events.push(`${name} done`);
        return result;
      },
    });
    return transactionOf('tx') as unknown as Database;
  }

  it("holds a savepoint's after-commit callbacks until the caller's commit, and drops those of a savepoint rolled back", async () => {
    const events: string[] = [];
    await inTransaction(nestingDatabase(events), async (tx) => {
      await inSavepoint(tx, async (savepoint) => {
        afterCommit(savepoint, () => events.push('announced kept'));
      });
      await expect(
        inSavepoint(tx, async (savepoint) => {
          afterCommit(savepoint, () => events.push('announced refused'));
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      events.push('run over');
    });
    expect(events).toEqual(['tx+ done', 'run over', 'tx done', 'announced kept']);
  });
});
