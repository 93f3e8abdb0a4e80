import base from '../../jest.config.base.mjs';

// Tests start the reference server in process; its first requests compile validators.
export default { ...base, testTimeout: 30_000 };
