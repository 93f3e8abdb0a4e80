// The validating proxy against a hostile upstream (issue 29): answers too large, too deep, slow,
// malformed, cut short, compressed bombs, odd statuses and huge headers. The answer reaches the
// client as it arrives and unchanged, the proxy holds a bounded copy only, every exchange it
// could not check whole is a report line, /health stays the proxy's own, and close() stops it.
import {
  createServer,
  request,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import {
  createServer as createTcpServer,
  type AddressInfo,
  type Server as TcpServer,
} from 'node:net';
import { PassThrough, Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { main } from '../../src/bin/main.js';
import type { RunningProxy } from '../../src/bin/proxy.js';
import type { Unchecked } from '../../src/proxy/exchange-check.js';
import { nestsDeeperThan } from '../../src/proxy/json-depth.js';
import { createValidatingProxy } from '../../src/proxy/validating-proxy.js';

const MiB = 1024 * 1024;
/** The proxy keeps at most this much of each body to check it (`--proxy-check-bytes`). */
const checkBytes = MiB;

function sink() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream, text: () => text };
}

const linesOf = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** A promise and the function that settles it: the test decides when the upstream goes on. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/** A JSON array `size` bytes long, made chunk by chunk as it is read (never held whole), which
 * waits for `halfway` once half of it is sent. */
function lazyArray(size: number, halfway: Promise<void>): Readable {
  const chunk = Buffer.from('0,'.repeat(32 * 1024));
  let sent = 0;
  return new Readable({
    read() {
      if (sent === 0) {
        sent = 2;
        this.push('[ ');
      } else if (sent + chunk.length + 2 <= size) {
        const before = sent;
        sent += chunk.length;
        if (before < size / 2 && sent >= size / 2) void halfway.then(() => this.push(chunk));
        else this.push(chunk);
      } else {
        this.push(`${'0,'.repeat((size - sent - 2) / 2)}0]`);
        sent = size;
        this.push(null);
      }
    },
  });
}

const hugeSize = 64 * MiB;
const depth = 500_000;
const slowGate = gate();
const hugeGate = gate();

/** The hostile upstream: one behaviour per path, each under a documented GET. */
const behaviours: Record<string, (res: ServerResponse) => void> = {
  '/v1/api/portfolio/accounts': (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    // Halfway, it waits for the test: /health must answer while the answer is in flight.
    lazyArray(hugeSize, hugeGate.opened).pipe(res);
  },
  '/v1/api/iserver/accounts': (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(`${'['.repeat(depth)}${']'.repeat(depth)}`);
  },
  '/v1/api/portfolio/subaccounts': (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write('[');
    void slowGate.opened.then(() => res.end(']'));
  },
  '/v1/api/portfolio/U1234567/ledger': (res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"BASE": {"netliquidationvalue": ');
  },
  '/v1/api/portfolio/U1234567/meta': (res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100000' });
    res.write('{"id": "U1234567", ');
    // Reset mid-answer: the connection ends with most of the promised bytes missing.
    setImmediate(() => res.socket?.destroy());
  },
  '/v1/api/portfolio/U1234567/summary': (res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
    res.end(bomb);
  },
  '/v1/api/portfolio/U1234567/allocation': (res) => {
    res.writeHead(299, 'Odd', { 'content-type': 'application/json', 'x-huge': hugeHeader });
    res.end('{}');
  },
};
/** 32 MiB of spaces, gzipped to about 32 KiB. */
const bomb = gzipSync(Buffer.alloc(32 * MiB, ' '));
const hugeHeader = 'h'.repeat(60 * 1024);

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  size: number;
  /** The first bytes received (up to 256). */
  head: string;
  error?: string;
}

/** A GET through the proxy that reads the answer as it comes, keeping only its size. */
function get(url: string, onFirstBytes?: (head: string) => void): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { maxHeaderSize: 256 * 1024 }, (res) => {
      const answer: Answer = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        size: 0,
        head: '',
      };
      res.on('data', (chunk: Buffer) => {
        if (answer.size === 0) onFirstBytes?.(chunk.subarray(0, 64).toString());
        if (answer.head.length < 256) answer.head += chunk.subarray(0, 256).toString();
        answer.size += chunk.length;
      });
      res.once('end', () => resolve(answer));
      res.once('error', (error) => resolve({ ...answer, error: error.message }));
      res.once('aborted', () => resolve({ ...answer, error: 'aborted' }));
    });
    req.once('error', reject);
    req.end();
  });
}

const listenOn = <T extends Server | TcpServer>(server: T): Promise<string> =>
  new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );

async function startProxy(upstream: string, report: ReturnType<typeof sink>) {
  const running = await main(
    [
      'node',
      'brokerage-server',
      '--proxy',
      upstream,
      '--port',
      '0',
      '--log-level',
      'silent',
      '--proxy-check-bytes',
      String(checkBytes),
      '--shutdown-grace',
      '50',
    ],
    { stdout: report.stream, stderr: sink().stream },
  );
  if (running.kind !== 'proxy') throw new Error('expected the proxy');
  return running;
}

describe('the validating proxy against a hostile upstream', () => {
  let upstream: Server;
  let proxy: RunningProxy;
  const report = sink();
  const linesFor = (path: string) => linesOf(report.text()).filter((line) => line.path === path);

  beforeAll(async () => {
    upstream = createServer((req, res) => {
      const behave = behaviours[req.url ?? ''];
      if (behave) behave(res);
      else res.end();
    });
    proxy = await startProxy(await listenOn(upstream), report);
  });
  afterAll(async () => {
    await proxy.close();
    upstream.closeAllConnections();
    upstream.close();
  });

  it('streams a huge answer through, holds only the bounded copy, and says it is too large to check', async () => {
    const path = '/v1/api/portfolio/accounts';
    const firstBytes = gate();
    const answered = get(`${proxy.url}${path}`, () => firstBytes.open());
    // The answer is in flight (the upstream waits halfway): /health is the proxy's own, at once.
    await firstBytes.opened;
    const health = await get(`${proxy.url}/health`);
    hugeGate.open();
    const answer = await answered;
    expect(health.status).toBe(200);
    expect(answer).toMatchObject({ status: 200, size: hugeSize });
    expect(answer.error).toBeUndefined();
    expect(proxy.proxy.stats()).toMatchObject({ inFlight: 0, heldBytes: 0 });
    // What the proxy held at most: the bounded copy, not the answer.
    expect(proxy.proxy.stats().peakHeldBytes).toBeLessThanOrEqual(2 * checkBytes);
    expect(linesFor(path)).toEqual([
      expect.objectContaining({
        type: 'unchecked',
        operationId: 'getPortfolioAccounts',
        direction: 'response',
        reason: 'too large to check',
        size: hugeSize,
      }),
    ]);
    expect(linesFor('/health')).toEqual([]);
  });

  it('passes a 500,000-deep answer unchanged and reports it as too deep to check', async () => {
    const path = '/v1/api/iserver/accounts';
    const answer = await get(`${proxy.url}${path}`);
    expect(answer).toMatchObject({ status: 200, size: 2 * depth });
    expect(linesFor(path)).toEqual([
      expect.objectContaining({ type: 'unchecked', reason: 'too deep to check' }),
    ]);
  });

  it('forwards a slow answer as it arrives', async () => {
    const path = '/v1/api/portfolio/subaccounts';
    const firstBytes = gate();
    const answered = get(`${proxy.url}${path}`, () => firstBytes.open());
    // The client has the upstream's first byte while the upstream still holds the rest.
    await firstBytes.opened;
    expect((await get(`${proxy.url}/health`)).status).toBe(200);
    slowGate.open();
    expect(await answered).toEqual(expect.objectContaining({ status: 200, head: '[]' }));
    expect(linesFor(path).filter((line) => line.type === 'unchecked')).toEqual([]);
  });

  it('reports a malformed JSON answer', async () => {
    const path = '/v1/api/portfolio/U1234567/ledger';
    expect((await get(`${proxy.url}${path}`)).status).toBe(200);
    expect(linesFor(path)).toEqual([
      expect.objectContaining({ type: 'violation', rule: 'json', direction: 'response' }),
    ]);
  });

  it('cuts the client off where the upstream reset, and reports the answer cut short', async () => {
    const path = '/v1/api/portfolio/U1234567/meta';
    const answer = await get(`${proxy.url}${path}`);
    expect(answer.error).toBeDefined();
    expect(answer.size).toBeLessThan(100_000);
    expect(linesFor(path)).toEqual([
      expect.objectContaining({ type: 'unchecked', reason: 'answer cut short' }),
    ]);
  });

  it('forwards a gzip bomb compressed and decodes no more than the bounded copy', async () => {
    const path = '/v1/api/portfolio/U1234567/summary';
    const answer = await get(`${proxy.url}${path}`);
    expect(answer).toMatchObject({ status: 200, size: bomb.length });
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(linesFor(path)).toEqual([
      expect.objectContaining({
        type: 'unchecked',
        reason: 'too large to check',
        message: expect.stringContaining(`more than ${checkBytes} bytes once decoded`),
      }),
    ]);
  });

  it('forwards status 299 with a 60 KB header and reports the status', async () => {
    const path = '/v1/api/portfolio/U1234567/allocation';
    const answer = await get(`${proxy.url}${path}`);
    expect(answer.status).toBe(299);
    expect(answer.headers['x-huge']).toBe(hugeHeader);
    expect(linesFor(path)).toContainEqual(
      expect.objectContaining({ type: 'violation', status: 299, rule: 'status' }),
    );
  });

  it('answers /health itself and reports nothing about it', async () => {
    const answer = await get(`${proxy.url}/health`);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.head)).toMatchObject({ status: 'ok' });
    expect(linesFor('/health')).toEqual([]);
  });
});

describe('an upstream that does not speak HTTP', () => {
  it('answers 502 and reports the exchange', async () => {
    const garbage: TcpServer = createTcpServer((socket) => socket.end('HTTP/1.1 abc\r\n\r\n'));
    const report = sink();
    const proxy = await startProxy(await listenOn(garbage), report);
    const answer = await get(`${proxy.url}/v1/api/portfolio/accounts`);
    await proxy.close();
    garbage.close();
    expect(answer.status).toBe(502);
    expect(linesOf(report.text())).toContainEqual(
      expect.objectContaining({
        type: 'unchecked',
        operationId: 'getPortfolioAccounts',
        reason: 'no answer',
      }),
    );
  });
});

describe('stopping the proxy', () => {
  it('ends the exchanges in flight after the grace period', async () => {
    const stalled = gate();
    const upstream = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('[');
      void stalled.opened.then(() => res.end(']'));
    });
    const proxy = await startProxy(await listenOn(upstream), sink());
    const firstBytes = gate();
    const answered = get(`${proxy.url}/v1/api/portfolio/accounts`, () => firstBytes.open());
    await firstBytes.opened;
    await proxy.close();
    expect((await answered).error).toBeDefined();
    stalled.open();
    upstream.closeAllConnections();
    upstream.close();
  });
});

describe('a check that throws', () => {
  it('passes the answer unchanged and reports the exchange as not checked', async () => {
    const upstream = createServer((_req, res) => res.end('[]'));
    const upstreamUrl = await listenOn(upstream);
    const unchecked: Unchecked[] = [];
    const errors: unknown[] = [];
    const proxy = createValidatingProxy({
      upstream: upstreamUrl,
      onUnchecked: (line) => unchecked.push(line),
      onError: (error) => errors.push(error),
      check: () => {
        throw new RangeError('Maximum call stack size exceeded');
      },
    });
    const listener = createServer(proxy.handle);
    const answer = await get(`${await listenOn(listener)}/v1/api/portfolio/accounts`);
    listener.close();
    upstream.close();
    expect(answer).toMatchObject({ status: 200, head: '[]' });
    expect(unchecked).toEqual([
      expect.objectContaining({
        reason: 'check failed',
        message: 'the check failed: Maximum call stack size exceeded',
      }),
    ]);
    expect(errors).toHaveLength(1);
  });
});

describe('the JSON depth scan', () => {
  it.each([
    ['[[1]]', 2, false],
    ['[[[1]]]', 2, true],
    ['{"a":{"b":[]}}', 3, false],
    ['{"a":{"b":[[]]}}', 3, true],
    ['["[[[[", "\\"[[["]', 1, false],
    ['"\\\\"', 0, false],
  ])('%s nests deeper than %i: %s', (text, limit, deeper) => {
    expect(nestsDeeperThan(Buffer.from(text), limit)).toBe(deeper);
  });
});
