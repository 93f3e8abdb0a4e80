// Record, compare, replay (issue 32): a session recorded through the proxy against one sandbox,
// compared with a second sandbox that differs in three injected ways, and served back.
import { mkdtempSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import type express from 'express';
import { main } from '../../src/bin/main.js';
import { startServer, type Harness } from '../harness.js';
import { rewritingJson } from '../rewritten-answers.js';

const quiet = () => new PassThrough().resume();

/** The session a user's code might run: accounts, a ledger, an order with its question. */
async function session(baseUrl: string): Promise<unknown[]> {
  const call = async (method: string, path: string, body?: unknown) => {
    const answer = await fetch(`${baseUrl}/v1/api${path}`, {
      method,
      ...(body === undefined
        ? {}
        : { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
    });
    return (await answer.json()) as unknown;
  };
  const accounts = (await call('GET', '/portfolio/accounts')) as { id: string }[];
  const account = accounts[0]?.id ?? '';
  await call('GET', `/portfolio/${account}/ledger`);
  const placed = (await call('POST', `/iserver/account/${account}/orders`, {
    orders: [{ conid: 265598, orderType: 'MKT', side: 'BUY', quantity: 1, tif: 'DAY' }],
  })) as { id?: string }[];
  const answers: unknown[] = [accounts, placed];
  if (placed[0]?.id !== undefined)
    answers.push(await call('POST', `/iserver/reply/${placed[0].id}`, { confirmed: true }));
  return answers;
}

/** A second sandbox that differs from the first in `changes` (an express layer before it). */
const differing = (app: express.Express): express.Express =>
  rewritingJson(app, (req, value) => {
    if (req.path.endsWith('/ledger')) {
      const ledger = value as Record<string, Record<string, unknown>>;
      if (ledger.BASE) ledger.BASE.netliquidationvalue = String(ledger.BASE.netliquidationvalue);
    } else if (req.path === '/v1/api/portfolio/accounts') {
      for (const account of value as Record<string, unknown>[]) {
        account.accountLabel = account.displayName;
        delete account.displayName;
      }
    } else if (/\/orders$/.test(req.path) && Array.isArray(value)) {
      for (const question of value as Record<string, unknown>[]) {
        if (Array.isArray(question.message)) question.message = ['A different warning.'];
      }
    }
    return value;
  });

async function listen(app: express.Express): Promise<{ url: string; server: Server }> {
  const server: Server = await new Promise((resolve) => {
    const started = app.listen(0, '127.0.0.1', () => resolve(started));
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('record, compare, replay', () => {
  const folder = mkdtempSync(join(tmpdir(), 'recording-'));
  const file = join(folder, 'session.har');
  let upstream: Harness;
  let recordedAnswers: unknown[];

  beforeAll(async () => {
    upstream = await startServer({ validateResponses: false });
    const url = upstream.baseUrl;
    const proxy = await main(
      [
        'node',
        'brokerage-server',
        '--proxy',
        url,
        '--record',
        file,
        '--port',
        '0',
        '--log-level',
        'silent',
      ],
      { stdout: quiet(), stderr: quiet() },
    );
    if (proxy.kind !== 'proxy') throw new Error('expected the proxy');
    recordedAnswers = await session(proxy.url);
    await proxy.close();
    await upstream.close();
  });

  it('writes a HAR 1.2 file with the operations and the secrets redacted', () => {
    const har = JSON.parse(readFileSync(file, 'utf8')) as {
      log: { version: string; entries: { _operationId: string; request: { url: string } }[] };
    };
    expect(har.log.version).toBe('1.2');
    expect(har.log.entries.map((entry) => entry._operationId)).toEqual(
      expect.arrayContaining([
        'getPortfolioAccounts',
        'getLedger',
        'placeOrders',
        'confirmOrderReply',
      ]),
    );
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain('U1234567');
  });

  it('reports exactly the injected differences', async () => {
    const second = await startServer({ validateResponses: false });
    const { url, server } = await listen(differing(second.app));
    const out = new PassThrough();
    let printed = '';
    out.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    const run = await main(
      ['node', 'brokerage-server', 'compare', file, '--against', url, '--json'],
      {
        stdout: out,
        stderr: quiet(),
      },
    );
    const markdown = new PassThrough();
    let markdownPrinted = '';
    markdown.on('data', (chunk: Buffer) => (markdownPrinted += chunk.toString()));
    await main(['node', 'brokerage-server', 'compare', file, '--against', url, '--markdown'], {
      stdout: markdown,
      stderr: quiet(),
    });
    server.close();
    await second.close();
    if (run.kind !== 'compare') throw new Error('expected compare');
    const differences = run.comparison.operations.flatMap((operation) => [
      ...operation.statuses.map(
        (status) => `${operation.operation} status ${status.recorded}/${status.live}`,
      ),
      ...operation.shapes.map(
        (shape) => `${operation.operation} ${shape.difference} ${shape.path}`,
      ),
      ...operation.messages.map((message) => `${operation.operation} message ${message.path}`),
    ]);
    expect(differences.sort()).toEqual([
      'getLedger number as string $.BASE.netliquidationvalue',
      'getPortfolioAccounts extra $[].accountLabel',
      'getPortfolioAccounts missing $[].displayName',
      'placeOrders message $[].message[]',
    ]);
    expect(run.exitCode).toBe(1);
    expect(JSON.parse(printed)).toEqual(run.comparison);
    // The differences' rows, the alignment's padding collapsed.
    const differenceRows = markdownPrinted
      .split('\n')
      .map((line) => line.replace(/ {2,}/g, ' '))
      .filter((line) => /^\| `\w+` \| [a-z]/.test(line));
    expect(differenceRows).toEqual([
      '| `getPortfolioAccounts` | missing | `$[].displayName` | `string` | `absent` |',
      '| `getPortfolioAccounts` | extra | `$[].accountLabel` | `absent` | `string` |',
      '| `getLedger` | number as string | `$.BASE.netliquidationvalue` | `number` | `numeric string` |',
      expect.stringMatching(
        /^\| `placeOrders` \| message \| `\$\[\]\.message\[\]` \| `\["You are submitting .*` \| `\["A different warning\."\]` \|$/,
      ),
    ]);
  });

  it('replays the session byte for byte and names the closest exchange for one never recorded', async () => {
    const replay = await main(['node', 'brokerage-server', 'replay', file, '--port', '0'], {
      stdout: quiet(),
      stderr: quiet(),
    });
    if (replay.kind !== 'replay') throw new Error('expected replay');
    const har = JSON.parse(readFileSync(file, 'utf8')) as {
      log: { entries: { request: { url: string }; response: { content: { text: string } } }[] };
    };
    const ledgerEntry = har.log.entries.find((entry) => entry.request.url.endsWith('/ledger'));
    const path = new URL(ledgerEntry?.request.url ?? '').pathname;
    const replayed = await fetch(`${replay.url}${path}`);
    expect(await replayed.text()).toBe(ledgerEntry?.response.content.text);
    const never = await fetch(`${replay.url}/v1/api/portfolio/U9999999/ledger`);
    expect(never.status).toBe(501);
    expect(((await never.json()) as { error: string }).error).toMatch(
      /no recorded answer for GET \/v1\/api\/portfolio\/U9999999\/ledger; the closest recorded is entry \d+, GET \/v1\/api\/portfolio\/U\d+\/ledger \(differs in path\)/,
    );
    await replay.close();
    expect(recordedAnswers.length).toBeGreaterThan(1);
  });
});
