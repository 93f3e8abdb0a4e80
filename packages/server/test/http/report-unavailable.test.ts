// A PDF that cannot be drawn now answers the documented 503 of the report operations (problem
// details, as their other errors), not the 500 an undocumented status falls back to: at once with
// Retry-After when the renderer is full, and when the request is aborted after its time limit
// while its report waits (the report then leaves the queue).
import { ManualClock } from '../../src/domain/kernel/clock.js';
import { PdfPool } from '../../src/compose/pdf-pool.js';
import { renderPdfWith } from '../../src/domain/reports/report-formats.js';
import { startServer, type Harness } from '../harness.js';
import { bearerHeader } from '../oauth2-helper.js';

(import.meta as unknown as { jest: { setTimeout(ms: number): void } }).jest.setTimeout(30_000);

let server: Harness | undefined;
let pool: PdfPool | undefined;
afterEach(async () => {
  renderPdfWith(undefined);
  await pool?.close();
  await server?.close();
  server = undefined;
});

/** Draws the server's PDFs with `installed` (a pool with no thread: nothing is ever drawn). */
function drawWith(installed: PdfPool): void {
  pool = installed;
  renderPdfWith((report, signal) => installed.render(report, signal));
}

const day = '20260105';
const requests = [
  ['/gw/api/v1/statements', { accountId: 'U1234567', startDate: day, endDate: day }],
  ['/gw/api/v1/trade-confirmations', { accountId: 'U1234567', startDate: day, endDate: day }],
] as const;

const asProblem = (answer: { status: number; headers: Headers; body: unknown }) => {
  expect(answer.status).toBe(503);
  expect(answer.headers.get('content-type')).toContain('application/problem+json');
  expect(answer.body).toMatchObject({ type: 'about:blank', title: 'Service Unavailable' });
};

it('answers 503 with Retry-After, in problem details, when the renderer is full', async () => {
  server = await startServer({ mode: 'hosted', testConsumer: true });
  drawWith(new PdfPool(0, 0));
  const headers = await bearerHeader(server, 'reports.write');
  for (const [path, body] of requests) {
    const answer = await server.call('POST', path, { headers, body });
    asProblem(answer);
    expect(answer.headers.get('retry-after')).toBe('5');
    expect(answer.body).toMatchObject({
      status: 503,
      detail: 'The documents being drawn and 0 waiting fill the renderer: retry later',
      instance: path,
    });
  }
});

it('answers 503 when the request is aborted while its report waits, and the report leaves the queue', async () => {
  const clock = new ManualClock();
  server = await startServer({ mode: 'hosted', testConsumer: true, clock });
  const waiting = new PdfPool(0, 1);
  drawWith(waiting);
  const [path, body] = requests[0];
  const answered = server.call('POST', path, {
    headers: await bearerHeader(server, 'statements.read'),
    body,
  });
  while (waiting.waiting === 0) await new Promise((resolve) => setImmediate(resolve));
  clock.advance(10_000);
  const answer = await answered;
  asProblem(answer);
  expect(answer.body).toMatchObject({ status: 503, detail: 'Request aborted after 10 seconds' });
  expect(answer.headers.get('retry-after')).toBeNull();
  while (waiting.waiting > 0) await new Promise((resolve) => setImmediate(resolve));
  expect(waiting.waiting).toBe(0);
});
