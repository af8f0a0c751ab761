import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // Tests that need Redis run in their own project, present when REDIS_URL is set.
    exclude: ['src/**/*.redis.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
