// The validating proxy: traffic passes unchanged, and every exchange that breaks the document is
// reported (NDJSON), with a summary by operation when it stops. The upstream is our own server.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { PassThrough } from 'node:stream';
import type express from 'express';
import { gzipSync } from 'node:zlib';
import { main } from '../../src/bin/main.js';
import type { RunningProxy } from '../../src/bin/proxy.js';
import { checkExchange } from '../../src/proxy/exchange-check.js';
import { startServer, type Harness } from '../harness.js';
import { rewritingJson } from '../rewritten-answers.js';

function sink() {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { stream, text: () => text };
}

const reportLines = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

/** The service drifting from the document: its ledger answers `netliquidationvalue` as a string
 * while `drift.ledger` is on, as a real upstream might after a release. */
const drift = { ledger: false };
const drifting = (app: express.Express): express.Express =>
  rewritingJson(app, (req, value) => {
    if (!drift.ledger || !req.path.endsWith('/ledger')) return undefined;
    const ledger = value as Record<string, Record<string, unknown>>;
    if (ledger.BASE) ledger.BASE.netliquidationvalue = String(ledger.BASE.netliquidationvalue);
    return ledger;
  });

describe('brokerage-server --proxy', () => {
  let upstream: Harness;
  let upstreamListener: Server;
  let upstreamUrl: string;
  let proxy: RunningProxy;
  const report = sink();
  const people = sink();

  beforeAll(async () => {
    // Like the real service, the upstream does not hold its answers to the document.
    upstream = await startServer({ validateResponses: false });
    upstreamListener = await new Promise((resolve) => {
      const started = drifting(upstream.app).listen(0, '127.0.0.1', () => resolve(started));
    });
    upstreamUrl = `http://127.0.0.1:${(upstreamListener.address() as AddressInfo).port}`;
    const running = await main(
      ['node', 'brokerage-server', '--proxy', upstreamUrl, '--port', '0', '--log-level', 'silent'],
      { stdout: report.stream, stderr: people.stream },
    );
    if (running.kind !== 'proxy') throw new Error('expected the proxy');
    proxy = running;
  });
  afterAll(async () => {
    upstreamListener.close();
    await upstream.close();
  });

  it('answers with the upstream answer unchanged and reports nothing when it agrees', async () => {
    const path = '/v1/api/portfolio/accounts';
    const direct = await fetch(`${upstreamUrl}${path}`);
    const proxied = await fetch(`${proxy.url}${path}`);
    expect(proxied.status).toBe(direct.status);
    expect(proxied.headers.get('content-type')).toBe(direct.headers.get('content-type'));
    expect(await proxied.text()).toBe(await direct.text());
    expect(reportLines(report.text())).toEqual([]);
  });

  it('forwards bodies and reports a request that breaks the document', async () => {
    const answer = await fetch(`${proxy.url}/v1/api/trsrv/stocks?symbols=aapl`);
    expect(answer.status).toBe(400);
    expect(reportLines(report.text())).toContainEqual(
      expect.objectContaining({
        type: 'violation',
        operationId: 'getStocksBySymbols',
        direction: 'request',
        status: 400,
        location: 'query',
        pointer: '/symbols',
        rule: 'pattern',
        actual: 'aapl',
      }),
    );
  });

  it('reports a response that drifts from the document', async () => {
    await fetch(`${proxy.url}/v1/api/portfolio/accounts`);
    drift.ledger = true;
    const answer = await fetch(`${proxy.url}/v1/api/portfolio/U1234567/ledger`);
    drift.ledger = false;
    expect(answer.status).toBe(200);
    expect(
      ((await answer.json()) as { BASE: Record<string, unknown> }).BASE.netliquidationvalue,
    ).toEqual(expect.any(String));
    expect(reportLines(report.text())).toContainEqual(
      expect.objectContaining({
        operationId: 'getLedger',
        direction: 'response',
        status: 200,
        location: 'body',
        pointer: '/BASE/netliquidationvalue',
        rule: 'type',
        expected: 'number',
      }),
    );
  });

  it('reports a route the document does not have', async () => {
    const answer = await fetch(`${proxy.url}/v1/api/iserver/undocumented`, { method: 'POST' });
    expect(answer.status).toBe(404);
    expect(reportLines(report.text())).toContainEqual(
      expect.objectContaining({
        operationId: null,
        rule: 'route',
        path: '/v1/api/iserver/undocumented',
      }),
    );
  });

  it('writes the summary by operation when it stops', async () => {
    await proxy.close();
    const summary = reportLines(report.text()).find((line) => line.type === 'summary');
    expect(summary?.operations).toMatchObject({
      getPortfolioAccounts: { exchanges: 2, invalid: 0, violations: 0 },
      getStocksBySymbols: { exchanges: 1, invalid: 1 },
      getLedger: { exchanges: 1, invalid: 1 },
      '(undocumented)': { exchanges: 1, invalid: 1, violations: 1 },
    });
    expect(people.text()).toContain('5 exchanges, 3 broke the document');
  });
});

describe('the exchange check', () => {
  it('reads compressed responses', () => {
    const body = gzipSync(JSON.stringify({ error: 'nope' }));
    const { operationId, violations } = checkExchange({
      method: 'GET',
      url: '/v1/api/portfolio/U1234567/ledger',
      requestHeaders: {},
      requestBody: Buffer.alloc(0),
      status: 400,
      responseHeaders: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      responseBody: body,
    });
    expect(operationId).toBe('getLedger');
    expect(violations).toContainEqual(
      expect.objectContaining({ direction: 'response', rule: 'required', pointer: '/statusCode' }),
    );
  });

  it('reports a body that is not JSON', () => {
    const { violations } = checkExchange({
      method: 'POST',
      url: '/v1/api/iserver/account',
      requestHeaders: { 'content-type': 'application/json' },
      requestBody: Buffer.from('{oops'),
      status: 400,
      responseHeaders: { 'content-type': 'application/json' },
      responseBody: Buffer.from('{"error":"bad","statusCode":400}'),
    });
    expect(violations).toEqual([
      expect.objectContaining({ direction: 'request', rule: 'json', location: 'body' }),
    ]);
  });
});

describe('an unreachable upstream', () => {
  it('answers 502', async () => {
    const running = await main(
      [
        'node',
        'brokerage-server',
        '--proxy',
        'http://127.0.0.1:9',
        '--port',
        '0',
        '--log-level',
        'silent',
      ],
      { stdout: sink().stream, stderr: sink().stream },
    );
    if (running.kind !== 'proxy') throw new Error('expected the proxy');
    const answer = await fetch(`${running.url}/v1/api/tickle`, { method: 'POST' });
    expect(answer.status).toBe(502);
    await running.close();
  });
});
