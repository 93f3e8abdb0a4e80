import base from '../../jest.config.base.mjs';

export default {
  ...base,
  // The workspace packages' current source, as the contract tests run it, but the server's: the
  // sandbox runs its build (`@brokerage/server/testing`), and its source beside it was a second
  // copy of the whole server.
  moduleNameMapper: {
    ...base.moduleNameMapper,
    '^@brokerage/client$': '<rootDir>/../../packages/client/src/index.ts',
    '^@brokerage/client/oauth2$': '<rootDir>/../../packages/client/src/auth/oauth2.ts',
    '^@brokerage/testing$': '<rootDir>/../../packages/testing/src/index.ts',
  },
};
