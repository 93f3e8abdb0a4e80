// Shared jest settings: TypeScript ESM through ts-jest (transpile only; `tsc` type-checks).
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': [
      'ts-jest',
      { useESM: true, tsconfig: { isolatedModules: true }, diagnostics: false },
    ],
  },
  testMatch: ['**/?(*.)test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // Tests start servers: generous on a loaded 2-core machine (a timeout, not a timing assertion;
  // CI runs every package's suites at once on two cores, some on Redis).
  testTimeout: 60_000,
};
