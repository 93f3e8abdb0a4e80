import {
  BrokerageApiError,
  RequestTimeoutError,
  sessionCookie,
  type SessionLostEvent,
} from '../src/index.js';
import { setup, type Setup } from './support/server.js';

const pings = (env: Setup) => env.sent.filter((entry) => entry.endpoint === 'POST /v1/api/tickle');

describe('session keep-alive', () => {
  let env: Setup;
  afterEach(() => env.close());

  it('pings /tickle every 60 s and keeps a session open past its idle timeout', async () => {
    env = await setup({ sessionTimeoutMs: 120_000 });
    const client = env.client({ keepAlive: true });
    const started = env.clock.now();
    await env.drive(waitFor(() => pings(env).length === 10, env));
    expect(env.clock.now() - started).toBe(10 * 60_000);
    expect(pings(env)).toHaveLength(10);
    expect(pings(env).every((entry) => entry.status === 200)).toBe(true);
    expect(client.keepAlive?.running).toBe(true);
    const status = await env.drive(client.POST('/v1/api/tickle'));
    expect(status.response.status).toBe(200);
  });

  it('keeps going through 503s and a timeout, retrying sooner with backoff', async () => {
    env = await setup();
    const errors: unknown[] = [];
    const client = env.client({
      keepAlive: { onTickError: (error) => errors.push(error) },
      timeoutMs: 5000,
      retry: false,
      pacing: false,
    });
    env.server.faults.setFault('tickle', { status: 503, times: 2 });
    await env.drive(waitFor(() => errors.length === 2, env));
    env.server.faults.setLatency('tickle', 30_000);
    await env.drive(
      waitFor(() => errors.length === 3, env),
      { ioWaitMs: 300 },
    );
    env.server.faults.clear();
    const beforeSuccess = pings(env).length;
    await env.drive(
      waitFor(() => pings(env).length > beforeSuccess && client.keepAlive?.failures === 0, env),
    );
    expect(errors[0]).toMatchObject({ status: 503, operation: 'tickle' });
    expect(errors[2]).toBeInstanceOf(RequestTimeoutError);
    const times = pings(env).map((entry) => entry.at);
    const gaps = times.slice(1).map((at, index) => at - (times[index] ?? 0));
    // 503, then 1 s later 503, 2 s later a ping that times out after 5 s, 4 s later success.
    expect(gaps).toEqual([1000, 2000, 5000 + 4000]);
    expect(client.keepAlive?.running).toBe(true);
    // After a success it waits the full interval again.
    expect(env.clock.pending('client')).toBe(1);
  });

  it('counts a ping the service did not process (200 with only an error) as a failed ping', async () => {
    env = await setup();
    const errors: unknown[] = [];
    const lost: SessionLostEvent[] = [];
    let unprocessed = 1;
    const client = env.client({
      keepAlive: {
        onTickError: (error) => errors.push(error),
        onSessionLost: (event) => lost.push(event),
      },
      retry: false,
      pacing: false,
      fetch: async (request: Request) =>
        request.url.endsWith('/tickle') && unprocessed-- > 0
          ? Response.json({ error: 'failed to process request' })
          : fetch(request),
    });
    await env.drive(waitFor(() => errors.length === 1, env));
    expect(errors[0]).toBeInstanceOf(BrokerageApiError);
    expect(errors[0]).toMatchObject({ status: 200, operation: 'tickle' });
    expect(client.keepAlive?.failures).toBe(1);
    await env.drive(waitFor(() => client.keepAlive?.failures === 0, env));
    expect(lost).toEqual([]);
  });

  it('reports a lost session (401) through the callback and stops', async () => {
    env = await setup({ mode: 'hosted' });
    const session = env.openSession(true);
    const lost: SessionLostEvent[] = [];
    const client = env.client({
      auth: sessionCookie(session.id),
      keepAlive: { onSessionLost: (event) => lost.push(event) },
    });
    await env.drive(waitFor(() => pings(env).length === 1, env));
    env.server.brokerage.sessions.end(session);
    await env.drive(waitFor(() => lost.length === 1, env));
    expect(lost[0]).toMatchObject({ reason: 'unauthorized' });
    expect(client.keepAlive?.running).toBe(false);
    expect(env.clock.pending('client')).toBe(0);
  });

  it('reports once that the brokerage session is closed, and keeps the session pinged', async () => {
    env = await setup({ mode: 'hosted' });
    const session = env.openSession(false);
    const lost: SessionLostEvent[] = [];
    const client = env.client({
      auth: sessionCookie(session.id),
      keepAlive: { onSessionLost: (event) => lost.push(event) },
    });
    await env.drive(waitFor(() => pings(env).length === 3, env));
    expect(lost).toEqual([expect.objectContaining({ reason: 'brokerageClosed' })]);
    expect(client.keepAlive?.running).toBe(true);
  });

  it('close() stops the timer and aborts a ping in flight: nothing of the client is left', async () => {
    env = await setup();
    env.server.faults.setLatency('tickle', 30_000);
    const client = env.client({ keepAlive: true });
    env.clock.advance(60_000);
    await waitFor(() => env.inFlight() === 1, env);
    await client.close();
    expect(client.keepAlive?.running).toBe(false);
    expect(env.clock.pending('client')).toBe(0);
    expect(env.inFlight()).toBe(0);
  });
});

/** Resolves once `condition` holds, polling in real time (the clock is driven by `drive`). */
async function waitFor(condition: () => boolean, _env: Setup): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 2));
}
