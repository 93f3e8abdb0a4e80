// `/health` is liveness: it answers while the store stalls (issue 39, finding 11: the first
// /health during a Redis pause waited on the store). The store here is one whose units can be
// held, as a paused Redis holds them; nothing waits on real time but the server's own bound.
import { startServer, type Harness } from '../harness.js';
import { StrictMemoryStore } from '../../src/store/strict-memory.js';

/** A store of units that run at once, or, while `hold()` is on, only once released. */
class StallingStore extends StrictMemoryStore {
  #held: Promise<void> | undefined;
  #release: (() => void) | undefined;
  unitsStarted = 0;

  hold(): void {
    this.#held = new Promise((resolve) => (this.#release = resolve));
  }

  release(): void {
    this.#release?.();
    this.#held = undefined;
  }

  async unit<T>(work: () => T | Promise<T>): Promise<T> {
    this.unitsStarted += 1;
    await this.#held;
    return work();
  }
}

let server: Harness | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('/health', () => {
  it('answers while the store holds every unit, without waiting for it', async () => {
    const store = new StallingStore();
    server = await startServer({ store });
    const before = store.unitsStarted;
    store.hold();
    // Were /health to wait for the store, this would never resolve (the test would time out).
    const answer = await server.call('GET', '/health');
    const held = store.unitsStarted;
    store.release();
    // It did ask the store (a unit began), and answered without it.
    expect(held).toBeGreaterThan(before);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      status: 'ok',
      time: new Date(server.clock.now()).toISOString(),
    });
  });
});
