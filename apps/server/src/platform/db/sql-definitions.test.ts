import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import { type DatabaseHandle, migrateDatabase } from './client.ts';
import { type DefinitionFile, declaredNames, definitionDrift, readDefinitionFiles } from './sql-definitions.ts';

const files = readDefinitionFiles();
const labelOf = (file: DefinitionFile) => `${file.kind}/${file.name}.sql`;

describe('sql/functions and sql/triggers, the current state of our SQL', () => {
  let database: DatabaseHandle;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    const opened = await openTestDatabase();
    database = opened.database;
    dispose = opened.dispose;
    await migrateDatabase(database);
  });
  afterAll(async () => dispose());

  async function driftOf(candidates: DefinitionFile[]) {
    const client = await database.pool.connect();
    try {
      return await definitionDrift(client, candidates);
    } finally {
      client.release();
    }
  }

  it('are exactly what the migrations of a fresh database define, and nothing is defined without a file', async () => {
    const drift = await driftOf(files);
    expect(drift.changed.map(labelOf)).toEqual([]);
    expect(drift.unowned.map((entry) => entry.signature)).toEqual([]);
    expect(files.filter((file) => file.kind === 'functions').length).toBeGreaterThanOrEqual(13);
    expect(files.filter((file) => file.kind === 'triggers').length).toBeGreaterThanOrEqual(7);
  });

  it('each file creates only what it is named after: its function, or the triggers of its table', () => {
    for (const file of files) {
      expect(file.statements.length, labelOf(file)).toBeGreaterThan(0);
      expect(declaredNames(file), labelOf(file)).toEqual(file.statements.map(() => file.name));
    }
  });

  it('notices a body that differs by one character, and a function or trigger left without its file', async () => {
    const tampered = files.map((file) =>
      file.kind === 'functions' && file.name === 'ledger_post'
        ? { ...file, statements: file.statements.map((statement) => statement.replace('RETURN NEXT;', 'RETURN NEXT ;')) }
        : file,
    );
    const withoutSome = files.filter(
      (file) =>
        !(file.kind === 'functions' && file.name === 'ledger_account_id') && !(file.kind === 'triggers' && file.name === 'audit_log'),
    );
    expect((await driftOf(tampered)).changed.map(labelOf)).toEqual(['functions/ledger_post.sql']);
    expect((await driftOf(withoutSome)).unowned.map((entry) => entry.signature)).toEqual([
      'ledger_account_id(p_user bigint, p_wallet text, p_system text, p_currency text)',
      'ledger_account_id(p_user bigint, p_wallet text, p_system text, p_currency text, p_shard integer)',
      'audit_log.audit_log_append_only',
      'audit_log.audit_log_no_truncate',
    ]);
  });
});
