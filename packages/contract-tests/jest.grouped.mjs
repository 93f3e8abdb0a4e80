// The suite's runs by groups of files (jest.groups.mjs): the test command's `test` task, and the
// Redis pass of `test:full` (`BROKERAGE_TEST_STORE=redis`), which leaves out the validation
// tests (they start no server).
import { fileURLToPath } from 'node:url';
import { groupedConfig } from '../../jest.groups.mjs';
import config from './jest.config.mjs';

export default groupedConfig(config, {
  rootDir: fileURLToPath(new URL('.', import.meta.url)),
  groups: 3,
  ignore: process.env.BROKERAGE_TEST_STORE === 'redis' ? ['/test/validate'] : [],
});
