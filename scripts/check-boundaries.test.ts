import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM script without type declarations.
import { check } from './check-boundaries.mjs';

const root = join(import.meta.dirname, '..');
const probes: string[] = [];

function probe(path: string, source: string) {
  writeFileSync(join(root, path), source);
  probes.push(join(root, path));
}

afterEach(() => {
  for (const path of probes.splice(0)) rmSync(path, { force: true });
});

describe('the import rules', () => {
  it('hold for the repository as it is', () => {
    expect(check().violations).toEqual([]);
  });

  it('catch a module reaching into another module instead of its index', () => {
    probe(
      'apps/server/src/modules/content/boundary-probe.ts',
      "import { users } from '../auth/auth.tables.ts';\nexport const x = users;\n",
    );
    expect(check().violations).toContainEqual(expect.stringMatching(/^modules-through-their-index: .*boundary-probe\.ts/));
  });

  it("catch a module querying another module's table with raw SQL", () => {
    probe(
      'apps/server/src/modules/trading/boundary-probe.ts',
      "import { sql } from 'drizzle-orm';\nexport const q = sql`SELECT status FROM kyc_submissions k JOIN users u ON u.id = k.user_id`;\n",
    );
    const { violations } = check();
    expect(violations).toContainEqual(
      'modules-query-only-their-own-tables: apps/server/src/modules/trading/boundary-probe.ts queries kyc_submissions (owned by kyc)',
    );
    expect(violations).toContainEqual(
      'modules-query-only-their-own-tables: apps/server/src/modules/trading/boundary-probe.ts queries users (owned by auth)',
    );
  });

  it('catch a lower module importing a higher one, and contracts importing the server', () => {
    probe('apps/server/src/modules/auth/boundary-probe.ts', "export * from '../content/index.ts';\n");
    probe('packages/contracts/src/boundary-probe.ts', "export * from '../../../apps/server/src/platform/config.ts';\n");
    const { violations } = check();
    expect(violations).toContainEqual(expect.stringMatching(/^module-order: apps\/server\/src\/modules\/auth\/boundary-probe\.ts/));
    expect(violations).toContainEqual(expect.stringMatching(/^contracts-import-nothing-of-ours: /));
  });

  it('catch a console feature importing another feature, and the console importing the app', () => {
    probe('apps/admin/src/features/dashboard/boundary-probe.ts', "export * from '../auth/api/logout.ts';\n");
    probe('apps/admin/src/lib/boundary-probe.ts', "export * from '../../../web/src/lib/format.ts';\n");
    const { violations } = check();
    expect(violations).toContainEqual(
      expect.stringMatching(/^web-features-do-not-import-each-other: apps\/admin\/src\/features\/dashboard/),
    );
    expect(violations).toContainEqual(expect.stringMatching(/^apps-do-not-import-each-other: apps\/admin\/src\/lib\/boundary-probe\.ts/));
  });

  it('catch the shared client kit importing an app', () => {
    probe('packages/client-kit/src/boundary-probe.ts', "export * from '../../../apps/web/src/lib/format.ts';\n");
    expect(check().violations).toContainEqual(
      expect.stringMatching(/^packages-do-not-import-apps: packages\/client-kit\/src\/boundary-probe\.ts/),
    );
  });

  it('catch an import cycle', () => {
    probe('apps/server/src/platform/boundary-probe-a.ts', "import { b } from './boundary-probe-b.ts';\nexport const a = () => b;\n");
    probe('apps/server/src/platform/boundary-probe-b.ts', "import { a } from './boundary-probe-a.ts';\nexport const b = () => a;\n");
    expect(check().violations).toContainEqual(expect.stringMatching(/^no-circular: .*boundary-probe-a\.ts → .*boundary-probe-b\.ts/));
  });
});
