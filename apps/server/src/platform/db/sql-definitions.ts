import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { serverPackageRoot } from '../paths.ts';

/**
 * The current state of our hand-written SQL (ADR 0016): one file per function in `sql/functions/<name>.sql`
 * (all overloads of the name) and one per table in `sql/triggers/<table>.sql` (its triggers). Migrations
 * apply them: a change to a file is copied into a new migration (`npm run db:sql -w @bolsa/server`), and a
 * test checks that the migrations of a fresh database yield exactly these definitions.
 */
export const sqlDefinitionsFolder = join(serverPackageRoot, 'sql');

export type DefinitionKind = 'functions' | 'triggers';

export type DefinitionFile = {
  kind: DefinitionKind;
  /** The function's name, or the table whose triggers it holds. */
  name: string;
  path: string;
  text: string;
  /** Its statements, split where drizzle-kit splits a migration. */
  statements: string[];
};

export const STATEMENT_BREAKPOINT = '--> statement-breakpoint';

export function readDefinitionFiles(folder = sqlDefinitionsFolder): DefinitionFile[] {
  return (['functions', 'triggers'] as const).flatMap((kind) =>
    readdirSync(join(folder, kind))
      .filter((file) => file.endsWith('.sql'))
      .sort()
      .map((file) => {
        const path = join(folder, kind, file);
        const text = readFileSync(path, 'utf8');
        const statements = text
          .split(STATEMENT_BREAKPOINT)
          .map((statement) => statement.trim())
          .filter((statement) => statement.length > 0);
        return { kind, name: basename(file, '.sql'), path, text, statements };
      }),
  );
}

const createPattern = {
  functions: /^CREATE OR REPLACE FUNCTION (\w+)\(/m,
  triggers: /^CREATE OR REPLACE TRIGGER \w+ [^;]*? ON (\w+) /m,
};

/** What each statement of a file creates: the function's name or the trigger's table (undefined when it creates neither). */
export function declaredNames(file: DefinitionFile): Array<string | undefined> {
  return file.statements.map((statement) => createPattern[file.kind].exec(statement)?.[1]);
}

/** A function or trigger of the public schema, as PostgreSQL prints it. */
export type DatabaseDefinition = {
  kind: DefinitionKind;
  oid: string;
  /** The catalog row's version (its xmin): a statement that rewrites the definition changes it, even to the same text. */
  version: string;
  name: string;
  signature: string;
  definition: string;
};

type SqlClient = { query(text: string): Promise<{ rows: unknown[] }> };

/** Every function (not an extension's) and every user trigger of the public schema. */
export async function databaseDefinitions(client: SqlClient): Promise<DatabaseDefinition[]> {
  const functions = await client.query(`
    SELECT 'functions' AS kind, p.oid::text AS oid, p.xmin::text AS version, p.proname AS name,
           p.proname || '(' || pg_get_function_identity_arguments(p.oid) || ')' AS signature, pg_get_functiondef(p.oid) AS definition
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = 'public'
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass AND d.objid = p.oid AND d.deptype = 'e')
`);
  const triggers = await client.query(`
    SELECT 'triggers' AS kind, t.oid::text AS oid, t.xmin::text AS version, c.relname AS name, c.relname || '.' || t.tgname AS signature,
           pg_get_triggerdef(t.oid) AS definition
    FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND NOT t.tgisinternal`);
  // Sorted here, not by the database's collation, so that PGlite and PostgreSQL list them alike.
  const byName = (rows: unknown[]) =>
    (rows as DatabaseDefinition[]).sort((left, right) =>
      left.signature < right.signature ? -1 : left.signature > right.signature ? 1 : 0,
    );
  return [...byName(functions.rows), ...byName(triggers.rows)];
}

export type DefinitionDrift = {
  /** Files whose statements would change or add a definition: the database does not hold them yet. */
  changed: DefinitionFile[];
  /** Functions and triggers of the database that no file (re)defines, e.g. `ledger_post(text, ...)`. */
  unowned: DatabaseDefinition[];
};

/**
 * Compares the files with the database: runs every file's statements in a transaction that is rolled
 * back, and reports the files that change what PostgreSQL prints of any definition (the body byte for
 * byte) or add one, and the definitions no file rewrites. The connection must not be in a transaction.
 */
export async function definitionDrift(client: SqlClient, files: DefinitionFile[]): Promise<DefinitionDrift> {
  await client.query('BEGIN');
  try {
    const initial = await databaseDefinitions(client);
    const rewritten = new Set<string>();
    const changed: DefinitionFile[] = [];
    let current = new Map(initial.map((entry) => [entry.oid, entry]));
    for (const file of files) {
      for (const statement of file.statements) await client.query(statement);
      const after = await databaseDefinitions(client);
      const touched = after.filter((entry) => current.get(entry.oid)?.version !== entry.version);
      for (const entry of touched) rewritten.add(entry.oid);
      if (touched.some((entry) => current.get(entry.oid)?.definition !== entry.definition)) changed.push(file);
      current = new Map(after.map((entry) => [entry.oid, entry]));
    }
    return { changed, unowned: initial.filter((entry) => !rewritten.has(entry.oid)) };
  } finally {
    await client.query('ROLLBACK');
  }
}
