// startScratchRedis() without redis-server on PATH: the prerequisites' one message, before it
// starts anything.
import { MissingProgramError, missingProgramsMessage } from '../../prerequisites.mjs';
import { startScratchRedis } from '../../src/store/redis/scratch-redis.js';

const path = process.env.PATH;
afterEach(() => {
  process.env.PATH = path;
});

test('without redis-server on PATH it says what is missing and how to install it', async () => {
  process.env.PATH = '';
  const failure = startScratchRedis();
  await expect(failure).rejects.toThrow(MissingProgramError);
  await expect(failure).rejects.toThrow(missingProgramsMessage(['redis-server']));
});
