// Shared jest settings: TypeScript ESM through SWC (types stripped, modules kept; `tsc`
// type-checks). ts-jest's transpiler took about a minute of CPU of a clean clone's test command,
// every worker transforming the same sources on a cold cache.
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript' },
          target: 'es2022',
          keepClassNames: true,
          // JSON modules keep their `with { type: 'json' }` (jest 30 warns without it; its next major fails).
          experimental: { keepImportAttributes: true },
        },
        module: { type: 'es6' },
        sourceMaps: 'inline',
      },
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
