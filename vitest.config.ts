import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * One test command for the whole repository. The server suite runs on embedded PGlite always,
 * and a second time on PostgreSQL when TEST_DATABASE_URL is set (CI sets it).
 */
const serverProjects: TestProjectInlineConfiguration[] = [
  {
    extends: './apps/server/vitest.config.ts',
    test: { name: 'server-pglite', root: './apps/server', env: { TEST_DATABASE_KIND: 'pglite' } },
  },
];
if (process.env.TEST_DATABASE_URL) {
  serverProjects.push({
    extends: './apps/server/vitest.config.ts',
    test: { name: 'server-postgres', root: './apps/server', env: { TEST_DATABASE_KIND: 'postgres' } },
  });
}

if (process.env.REDIS_URL) {
  serverProjects.push({
    test: { name: 'server-redis', root: './apps/server', include: ['src/**/*.redis.test.ts'], testTimeout: 30_000 },
  });
}

export default defineConfig({
  test: {
    // Every server test file starts its own database; two files at a time suits a 2-core machine.
    maxWorkers: 2,
    projects: [
      'packages/contracts',
      'packages/client-kit',
      ...serverProjects,
      'apps/web',
      'apps/admin',
      // One file at a time: lint-config.test.ts writes probe files under apps/ that check-boundaries.test.ts scans.
      { test: { name: 'tooling', include: ['scripts/**/*.test.ts'], fileParallelism: false } },
    ],
  },
});
