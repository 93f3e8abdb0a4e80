// The socket's outbox: market data coalesced per contract while the socket is slow, the socket
// closed past the bound.
import { Outbox, type StreamSocket } from '../../src/streaming/outbox.js';

/** A socket whose buffer the test fills and drains. */
class SlowSocket implements StreamSocket {
  bufferedAmount = 0;
  readonly written: unknown[] = [];
  readonly #pending: (() => void)[] = [];
  closedWith: { code: number; reason: string } | undefined;

  send(data: string, done: (error?: Error) => void): void {
    this.written.push(JSON.parse(data));
    this.bufferedAmount += data.length;
    this.#pending.push(() => {
      this.bufferedAmount -= data.length;
      done();
    });
  }

  /** The network takes every buffered write. */
  drain(): void {
    for (const written of this.#pending.splice(0)) written();
  }

  close(code: number, reason: string): void {
    this.closedWith = { code, reason };
  }
}

const smd = (fields: Record<string, string>) =>
  ({ topic: 'smd+265598', conid: 265598, _updated: 1, ...fields }) as const;

describe('the outbox', () => {
  it('sends at once while the socket keeps up', () => {
    const socket = new SlowSocket();
    const outbox = new Outbox(socket, { highWaterBytes: 1000, maxQueuedBytes: 10_000 });
    outbox.send(smd({ '31': '1.00' }));
    outbox.send({ topic: 'system', hb: 2 });
    expect(socket.written).toEqual([smd({ '31': '1.00' }), { topic: 'system', hb: 2 }]);
  });

  it('coalesces market data of a contract while the socket is slow, keeping the order', () => {
    const socket = new SlowSocket();
    const outbox = new Outbox(socket, { highWaterBytes: 10, maxQueuedBytes: 10_000 });
    outbox.send(smd({ '31': '1.00' })); // fills the buffer
    outbox.send(smd({ '31': '1.01', '84': '1.00' }));
    outbox.send({ topic: 'system', hb: 2 });
    outbox.send(smd({ '31': '1.02' }));
    expect(socket.written).toHaveLength(1);
    socket.drain();
    socket.drain();
    expect(socket.written).toEqual([
      smd({ '31': '1.00' }),
      smd({ '31': '1.02', '84': '1.00' }),
      { topic: 'system', hb: 2 },
    ]);
    expect(outbox.waitingBytes).toBe(0);
  });

  it('closes a socket whose waiting messages pass the bound', () => {
    const socket = new SlowSocket();
    const outbox = new Outbox(socket, { highWaterBytes: 10, maxQueuedBytes: 200 });
    outbox.send(smd({ '31': '1.00' }));
    for (let beat = 0; beat < 10; beat++) outbox.send({ topic: 'system', hb: beat });
    expect(socket.closedWith).toEqual({ code: 4008, reason: 'slow consumer' });
    expect(outbox.waitingBytes).toBe(0);
    outbox.send({ topic: 'system', hb: 99 });
    expect(socket.written).toHaveLength(1);
  });
});
