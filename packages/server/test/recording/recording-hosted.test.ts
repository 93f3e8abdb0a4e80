// `compare --against` a hosted-mode server: the recorded credentials are never sent again, so the
// target's own come from `--cookie` (or `--bearer`); without them every answer is a 401.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { PassThrough } from 'node:stream';
import { main } from '../../src/bin/main.js';
import { startServer, type Harness } from '../harness.js';
import { userSession } from '../user-session.js';

const quiet = () => new PassThrough().resume();
const example = fileURLToPath(new URL('../../../../examples/sandbox-session.har', import.meta.url));

describe('compare against a hosted target', () => {
  let hosted: Harness;
  beforeAll(async () => {
    hosted = await startServer({ mode: 'hosted' });
  });
  afterAll(() => hosted.close());

  const compare = async (...credentials: string[]) => {
    const argv = ['compare', example, '--against', hosted.baseUrl, '--json', ...credentials];
    const run = await main(['node', 'brokerage-server', ...argv], {
      stdout: quiet(),
      stderr: quiet(),
    });
    if (run.kind !== 'compare') throw new Error('expected compare');
    return run;
  };
  const statuses = (run: Awaited<ReturnType<typeof compare>>) =>
    run.comparison.operations.flatMap((operation) =>
      operation.statuses.map((status) => `${operation.operation} ${status.live}`),
    );

  it('gets 401 for every request without credentials', async () => {
    const run = await compare();
    expect(statuses(run)).toEqual([
      'getTickle 401',
      'getAccounts 401',
      'getPortfolioAccounts 401',
      'getLedger 401',
      'placeOrders 401',
    ]);
    expect(run.exitCode).toBe(1);
  });

  it('sends the session cookie given with --cookie on every request', async () => {
    const { headers } = userSession(hosted, 'demo_individual');
    const run = await compare('--cookie', headers.cookie);
    expect(statuses(run)).toEqual([]);
  });

  it('sends the token given with --bearer as Authorization: Bearer', async () => {
    const seen: (string | undefined)[][] = [];
    const target = createServer((request, response) => {
      seen.push([request.headers.authorization, request.headers.cookie]);
      response.writeHead(401).end();
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    const { port } = target.address() as AddressInfo;
    const argv = ['compare', example, '--against', `http://127.0.0.1:${port}`, '--bearer', 'tok'];
    await main(['node', 'brokerage-server', ...argv], { stdout: quiet(), stderr: quiet() });
    target.close();
    expect(seen).toEqual(Array.from({ length: 5 }, () => ['Bearer tok', undefined]));
  });
});
