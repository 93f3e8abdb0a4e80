import { defineConfig } from 'vitest/config';

// The sandbox under vitest (jest runs test/*.test.ts): vitest's default, without globals.
export default defineConfig({
  test: { include: ['test/**/*.vitest.ts'], testTimeout: 30_000, hookTimeout: 30_000 },
});
