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
  // Both cores: jest's default (cores - 1) runs a package's files one at a time on a two-core
  // machine, and most files wait on loopback HTTP for part of their time.
  maxWorkers: 2,
  // Tests start servers: generous on a loaded 2-core machine (a timeout, not a timing assertion;
  // CI runs every package's suites at once on two cores, some on Redis).
  testTimeout: 60_000,
};
