// Chaos: three server processes (the built command) on one Redis take concurrent orders with
// client order ids (cOID) on one shared account; one is killed with SIGKILL in the middle. Every
// accepted order must then exist exactly once, and no order twice, whatever the killed process
// was doing; the state must stay consistent (no trade, no cash moved: the orders rest).
import { defaultFixtures } from '../../src/fixtures/index.js';
import { RedisStore } from '../../src/store/redis/redis-store.js';
import { startCommand, type Command } from '../command.js';
import { useScratchRedis } from './scratch-redis-servers.js';
import { AAPL } from '../trading-helpers.js';

const accountId = 'U1234567';
const orderCount = 60;
const killAfterAccepted = 15;
const inFlight = 6;

const scratch = useScratchRedis();
const processes: Command[] = [];

async function startProcess(store: string): Promise<Command> {
  const command = await startCommand(['--log-level', 'silent', '--no-pacing', '--store', store]);
  processes.push(command);
  return command;
}

afterAll(() => {
  for (const { child } of processes) if (child.exitCode === null) child.kill('SIGKILL');
});

type Outcome = 'accepted' | 'refused' | 'cut off';

it('books every accepted order exactly once when a process is killed mid-load', async () => {
  const store = scratch.redis.urlWithPrefix('chaos');
  const servers = await Promise.all([1, 2, 3].map(() => startProcess(store)));
  for (const { url } of servers) await fetch(`${url}/v1/api/iserver/accounts`);

  const outcomes = new Map<string, Outcome>();
  let accepted = 0;
  let killed = false;
  const victim = servers[2];
  const place = async (n: number): Promise<void> => {
    const cOID = `chaos-${n}`;
    const { url } = servers[n % servers.length] as (typeof servers)[number];
    try {
      const answer = await fetch(`${url}/v1/api/iserver/account/${accountId}/orders`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          orders: [
            {
              conid: AAPL,
              orderType: 'LMT',
              side: 'BUY',
              tif: 'DAY',
              quantity: 1,
              price: 189,
              cOID,
            },
          ],
        }),
      });
      const body = (await answer.json()) as [{ order_id?: string }] | { error: string };
      const ok = answer.status === 200 && Array.isArray(body) && body[0]?.order_id !== undefined;
      outcomes.set(cOID, ok ? 'accepted' : 'refused');
      if (ok) accepted += 1;
    } catch {
      outcomes.set(cOID, 'cut off');
    }
    if (!killed && accepted >= killAfterAccepted && victim) {
      killed = true;
      victim.child.kill('SIGKILL');
    }
  };
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < orderCount) await place(next++);
    }),
  );

  const reader = new RedisStore({ url: store });
  await reader.open();
  const orders = reader.collection('orders').values();
  const account = reader.collection('accounts').get(accountId);
  const executions = reader.collection('executions').values();
  await reader.close();

  const booked = new Map<string, number>();
  for (const order of orders) {
    if (order.cOID !== undefined) booked.set(order.cOID, (booked.get(order.cOID) ?? 0) + 1);
  }
  const cOIDs = [...outcomes.keys()];
  const acceptedIds = cOIDs.filter((id) => outcomes.get(id) === 'accepted');
  const cutOff = cOIDs.filter((id) => outcomes.get(id) === 'cut off');
  const figures = {
    sent: orderCount,
    accepted: acceptedIds.length,
    refused: cOIDs.filter((id) => outcomes.get(id) === 'refused').length,
    cutOff: cutOff.length,
    cutOffBooked: cutOff.filter((id) => booked.has(id)).length,
    found: acceptedIds.filter((id) => booked.get(id) === 1).length,
    lost: acceptedIds.filter((id) => !booked.has(id)).length,
    duplicated: [...booked.values()].filter((count) => count > 1).length,
  };
  console.log(`chaos figures: ${JSON.stringify(figures)}`);

  expect(killed).toBe(true);
  expect(figures.accepted).toBeGreaterThanOrEqual(killAfterAccepted);
  expect(figures.found).toBe(figures.accepted);
  expect(figures.lost).toBe(0);
  expect(figures.duplicated).toBe(0);
  // Nothing else was booked: every order is one of those sent.
  expect([...booked.keys()].every((id) => outcomes.has(id))).toBe(true);
  expect(executions).toEqual([]);
  const seeded = defaultFixtures.accounts.find((candidate) => candidate.id === accountId);
  expect(account?.cash).toEqual(seeded?.cash);
  expect(account?.positions).toEqual(seeded?.positions);
}, 120_000);
