// startScratchRedis(): without redis-server on PATH, the prerequisites' one message, before it
// starts anything; a port taken between its probe and the server's bind, another port; a failed
// start, not kept for the next store.
import { once } from 'node:events';
import { createServer, type AddressInfo } from 'node:net';
import { MissingProgramError, missingProgramsMessage } from '../../prerequisites.mjs';
import { scratchStore, startScratchRedis } from '../../src/store/redis/scratch-redis.js';

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

test("a Redis that failed to start is not kept: the next test's store starts one", async () => {
  process.env.PATH = '';
  await expect(scratchStore()).rejects.toThrow(MissingProgramError);
  process.env.PATH = path;
  const scratch = await scratchStore();
  try {
    expect(scratch.store).toMatch(/^redis:\/\/127\.0\.0\.1:\d+\/0\?prefix=scratch-/);
  } finally {
    await scratch.release();
  }
});

/** A loopback port nobody listens on now. */
async function probedPort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

test('a port another process took after the probe is left for the next free one', async () => {
  const holder = createServer().listen(0, '127.0.0.1');
  await once(holder, 'listening');
  const taken = (holder.address() as AddressInfo).port;
  const picked: number[] = [];
  const redis = await startScratchRedis(async () => {
    const port = picked.length === 0 ? taken : await probedPort();
    picked.push(port);
    return port;
  });
  try {
    expect(picked).toHaveLength(2);
    expect(redis.url).toBe(`redis://127.0.0.1:${picked[1]}`);
  } finally {
    await redis.remove();
    holder.close();
  }
});

test('gives up after five taken ports, with what redis-server said', async () => {
  const holder = createServer().listen(0, '127.0.0.1');
  await once(holder, 'listening');
  const taken = (holder.address() as AddressInfo).port;
  let asked = 0;
  const failure = startScratchRedis(async () => {
    asked++;
    return taken;
  });
  await expect(failure).rejects.toThrow('Address already in use');
  expect(asked).toBe(5);
  holder.close();
});
