// The suite's runs by groups of files (jest.groups.mjs): the test command's `test` task, and the
// Redis pass of `test:full` (`BROKERAGE_TEST_STORE=redis`: the HTTP files again, on Redis). The
// Redis store's own tests, the multi-process and the browser files run in tasks of their own.
import { fileURLToPath } from 'node:url';
import { groupedConfig } from '../../jest.groups.mjs';
import config from './jest.config.mjs';

const onRedis = process.env.BROKERAGE_TEST_STORE === 'redis';

export default groupedConfig(config, {
  rootDir: fileURLToPath(new URL('.', import.meta.url)),
  groups: 4,
  ignore: [
    '/test/processes/',
    '/test/store/store\\.test',
    '/test/browser/',
    // What does not depend on the store: the rules without HTTP, the command's options, the
    // proxy, the answers' status texts and JSON bodies, the validator's own, the stream's outbox.
    ...(onRedis
      ? [
          '/test/domain/',
          '/test/bin/',
          '/test/proxy/',
          '/test/http/status-texts',
          '/test/http/json-body',
          '/test/http/openapi-validator',
          '/test/streaming/stream-outbox',
        ]
      : []),
  ],
  // Each asserts what a process does the first time it uses the validator cache, or (the
  // validator's file) the first time its route walk meets an operation.
  alone: [
    '/test/http/openapi-validator\\.test',
    '/test/http/validator-cache\\.test',
    '/test/http/validator-cache-folders\\.test',
    '/test/http/validator-warm\\.test',
  ],
});
