import base from '../../jest.config.base.mjs';

export default {
  ...base,
  // One file at a time: each starts a sandbox whose first requests compile the server's route
  // validators, and the tests call it with the client's default timeout (10 s), as a user's
  // suite does; two files compiling at once on a loaded two-core machine ran past it.
  maxWorkers: 1,
};
