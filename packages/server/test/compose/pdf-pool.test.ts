// PDFs are drawn in worker threads (issue 39, finding 4): the same bytes as in this thread, at
// most `threads` at once, and a report whose request ended first is cancelled, its thread ended.
// The threads run the package's build (`dist/`), as an installed copy has it.
import { busyRetryAfterSeconds, PdfPool } from '../../src/compose/pdf-pool.js';
import { DomainError } from '../../src/domain/kernel/errors.js';
import { renderPdf } from '../../src/domain/reports/render-pdf.js';
import type { Report } from '../../src/domain/reports/report.js';

const report = (rows: number): Report => ({
  kind: 'statement',
  title: 'Activity statement',
  accountId: 'U1234567',
  accountTitle: 'Alex Morgan',
  baseCurrency: 'USD',
  period: { from: '2026-01-05', to: '2026-01-05' },
  producedAt: '2026-01-05T21:00:00.000Z',
  tables: [
    {
      title: 'Trades',
      columns: [
        { key: 'symbol', title: 'Symbol', kind: 'text', width: 0.5 },
        { key: 'quantity', title: 'Quantity', kind: 'number', width: 0.5 },
      ],
      rows: Array.from({ length: rows }, (_, index) => ({ symbol: 'AAPL', quantity: index })),
      empty: 'No trades.',
    },
  ],
});

let pool: PdfPool;
afterEach(() => pool.close());

describe('the PDF pool', () => {
  it('draws in a thread the bytes this thread draws', async () => {
    pool = new PdfPool(2);
    const bytes = await pool.render(report(3), undefined);
    expect(pool.threadCount).toBe(1);
    expect(Buffer.from(bytes).equals(Buffer.from(await renderPdf(report(3))))).toBe(true);
  });

  it('draws at most `threads` reports at once; the others wait their turn', async () => {
    pool = new PdfPool(2);
    const drawing = Array.from({ length: 5 }, (_, index) => pool.render(report(index), undefined));
    expect(pool.threadCount).toBe(2);
    const drawn = await Promise.all(drawing);
    expect(drawn.map((bytes) => Buffer.from(bytes.subarray(0, 5)).toString('latin1'))).toEqual(
      Array(5).fill('%PDF-'),
    );
    expect(pool.threadCount).toBe(2);
  }, 30_000);

  it('cancels a report whose request ended: waiting, it leaves the queue; drawn, its thread ends', async () => {
    pool = new PdfPool(1);
    const [first, second] = [new AbortController(), new AbortController()];
    const drawing = pool.render(report(5_000), first.signal);
    const waiting = pool.render(report(5_000), second.signal);
    second.abort();
    await expect(waiting).rejects.toThrow('cancelled');
    first.abort();
    await expect(drawing).rejects.toThrow('cancelled');
    expect(pool.threadCount).toBe(0);
    // The pool goes on with a new thread.
    expect((await pool.render(report(1), undefined)).length).toBeGreaterThan(0);
  }, 30_000);

  it('refuses a report at once, 503 with Retry-After, when its threads are drawing and `maxWaiting` wait', async () => {
    pool = new PdfPool(1, 1);
    const controller = new AbortController();
    const drawing = pool.render(report(5_000), controller.signal);
    const waiting = pool.render(report(1), controller.signal);
    expect(pool.waiting).toBe(1);
    const refused = await pool.render(report(1), undefined).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({
      kind: 'unavailable',
      retryAfterSeconds: busyRetryAfterSeconds,
      message: 'The documents being drawn and 1 waiting fill the renderer: retry later',
    });
    controller.abort();
    await expect(waiting).rejects.toThrow('cancelled');
    await expect(drawing).rejects.toThrow('cancelled');
    expect(pool.waiting).toBe(0);
  }, 30_000);
});
