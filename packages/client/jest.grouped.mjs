// The test command's run (`npm test`'s `test` task): the package's files in groups (jest.groups.mjs).
import { fileURLToPath } from 'node:url';
import { groupedConfig } from '../../jest.groups.mjs';
import config from './jest.config.mjs';

export default groupedConfig(config, {
  rootDir: fileURLToPath(new URL('.', import.meta.url)),
  groups: 2,
});
