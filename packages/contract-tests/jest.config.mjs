import base from '../../jest.config.base.mjs';

export default {
  ...base,
  // The suite runs the workspace packages' current source (no build needed to run it).
  moduleNameMapper: {
    ...base.moduleNameMapper,
    '^@brokerage/server$': '<rootDir>/../server/src/index.ts',
    '^@brokerage/client$': '<rootDir>/../client/src/index.ts',
    '^@brokerage/client/oauth1$': '<rootDir>/../client/src/auth/oauth1.ts',
    '^@brokerage/validators$': '<rootDir>/../validators/src/index.ts',
    '^@brokerage/validators/stream$': '<rootDir>/../validators/src/stream.ts',
  },
  globalSetup: '<rootDir>/test/global-setup.mjs',
  globalTeardown: '<rootDir>/test/global-teardown.mjs',
  testTimeout: 60_000,
};
