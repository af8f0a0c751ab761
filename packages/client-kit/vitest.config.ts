import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'client-kit',
    include: ['src/**/*.test.ts'],
  },
});
