import base from '../../jest.config.base.mjs';

export default {
  ...base,
  // The workspace packages' current source, as the contract tests run it (no build needed).
  moduleNameMapper: {
    ...base.moduleNameMapper,
    '^@brokerage/server$': '<rootDir>/../../packages/server/src/index.ts',
    '^@brokerage/client$': '<rootDir>/../../packages/client/src/index.ts',
    '^@brokerage/client/oauth2$': '<rootDir>/../../packages/client/src/auth/oauth2.ts',
    '^@brokerage/testing$': '<rootDir>/../../packages/testing/src/index.ts',
  },
};
