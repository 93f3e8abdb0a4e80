import base from '../../jest.config.base.mjs';

export default {
  ...base,
  // The client and the validators from their current source. The server as built: the sandbox
  // (@brokerage/testing) runs its build, and mapping `@brokerage/server` to its source loaded a
  // second copy of the whole server in every test file (a second of CPU each).
  moduleNameMapper: {
    ...base.moduleNameMapper,
    '^@brokerage/client$': '<rootDir>/../client/src/index.ts',
    '^@brokerage/client/oauth1$': '<rootDir>/../client/src/auth/oauth1.ts',
    '^@brokerage/validators$': '<rootDir>/../validators/src/index.ts',
    '^@brokerage/validators/stream$': '<rootDir>/../validators/src/stream.ts',
  },
  globalSetup: '<rootDir>/test/global-setup.mjs',
  globalTeardown: '<rootDir>/test/global-teardown.mjs',
  testTimeout: 60_000,
};
