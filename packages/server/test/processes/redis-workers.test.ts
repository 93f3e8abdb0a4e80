// `--workers N`: one command, N server processes on one port (node:cluster), one brokerage on
// Redis; the primary replaces a worker that dies. Each request goes on a connection of its own,
// so the primary hands consecutive requests to different workers; the request logs (tagged with
// the worker) tell which one answered.
import { startCommand, send, stopCommand, type Command, type LogLine } from '../command.js';
import { useScratchRedis } from './scratch-redis-servers.js';
import { limitBuy } from '../trading-helpers.js';

const slow = 120_000;
const scratch = useScratchRedis();
const commands: Command[] = [];

async function workers(prefix: string): Promise<Command> {
  const command = await startCommand([
    '--workers',
    '2',
    '--no-pacing',
    '--store',
    scratch.redis.urlWithPrefix(prefix),
  ]);
  commands.push(command);
  return command;
}

/** The worker whose request log carries the request id. */
async function answeredBy(command: Command, id: string): Promise<unknown> {
  const line = await command.logged(
    (logged: LogLine) => (logged.req as { id?: string } | undefined)?.id === id,
  );
  return line.worker;
}

afterEach(async () => {
  await Promise.all(commands.splice(0).map(stopCommand));
});

describe('--workers 2 on Redis', () => {
  it(
    'serves one brokerage: an order placed through one worker is found through each, and a reset through one resets it for both',
    async () => {
      const command = await workers('workers-one');
      const { url } = command;
      for (let i = 0; i < 2; i++) await send(url, 'GET', '/v1/api/iserver/accounts');
      const placed = await send(url, 'POST', '/v1/api/iserver/account/U1234567/orders', {
        body: { orders: [limitBuy(3, 189, { cOID: 'workers-1' })] },
        id: 'place',
      });
      expect(placed.status).toBe(200);

      const readers = new Set<unknown>();
      for (let i = 0; i < 4; i++) {
        const id = `read-${i}`;
        const orders = await send(url, 'GET', '/v1/api/iserver/account/orders', { id });
        expect(orders.status).toBe(200);
        expect(orders.body.orders.map((order: { order_ref?: string }) => order.order_ref)).toEqual([
          'workers-1',
        ]);
        readers.add(await answeredBy(command, id));
      }
      expect([...readers].sort()).toEqual([1, 2]);

      // A reset through one worker: the other's gateway finds the session opened there.
      expect((await send(url, 'POST', '/control/reset')).status).toBe(200);
      for (let i = 0; i < 4; i++) {
        expect((await send(url, 'GET', '/v1/api/iserver/accounts')).status).toBe(200);
      }
    },
    slow,
  );

  it(
    'keeps answering when a worker is killed, and forks a replacement',
    async () => {
      const command = await workers('workers-kill');
      const { url } = command;
      const started = await command.logged(
        (line) => line.msg === 'worker started' && line.worker === 2,
      );
      process.kill(started.workerPid as number, 'SIGKILL');
      const died = await command.logged(
        (line) => line.msg === 'worker died: starting a replacement',
      );
      expect(died).toMatchObject({ worker: 2, signal: 'SIGKILL' });

      // While the replacement starts, the other worker answers every request.
      for (let i = 0; i < 4; i++) {
        expect((await send(url, 'GET', '/v1/api/iserver/accounts')).status).toBe(200);
      }
      await command.logged((line) => line.msg === 'listening' && line.worker === 3);
      const answering = new Set<unknown>();
      for (let i = 0; i < 4; i++) {
        const id = `after-${i}`;
        expect((await send(url, 'GET', '/v1/api/iserver/accounts', { id })).status).toBe(200);
        answering.add(await answeredBy(command, id));
      }
      expect([...answering].sort()).toEqual([1, 3]);
    },
    slow,
  );
});
