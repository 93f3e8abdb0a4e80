// A PDF is drawn for any report the document accepts (issue 39, findings 4 and 5): names with
// characters the standard fonts lack are drawn with a stand-in instead of failing, and a report of
// many rows is drawn up to a bound, saying what it leaves out.
import { PDFDocument } from 'pdf-lib';
import { maxPdfRows, renderPdf } from '../../../src/domain/reports/render-pdf.js';
import type { Report } from '../../../src/domain/reports/report.js';

const report = (accountTitle: string, rows: number, symbol = 'AAPL'): Report => ({
  kind: 'statement',
  title: 'Activity statement',
  accountId: 'U1234567',
  accountTitle,
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
      rows: Array.from({ length: rows }, (_, index) => ({ symbol, quantity: index + 1 })),
      empty: 'No trades.',
    },
  ],
});

const pages = async (bytes: Uint8Array) => (await PDFDocument.load(bytes)).getPageCount();

describe('renderPdf', () => {
  it.each([
    ['an emoji', 'Alex 😀 Morgan'],
    ['CJK', '李小龍'],
    ['a right-to-left override', 'Alex \u202eMorgan'],
    ['a NUL', 'Alex\u0000Morgan'],
    ['a tab and a newline', 'Alex\tMor\ngan'],
  ])('draws a holder name with %s', async (_, name) => {
    const bytes = await renderPdf(report(name, 2, name));
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    expect(await pages(bytes)).toBe(1);
  });

  it(`draws ${maxPdfRows} rows at most, however many the report has`, async () => {
    const bounded = await pages(await renderPdf(report('Alex Morgan', maxPdfRows)));
    expect(await pages(await renderPdf(report('Alex Morgan', maxPdfRows * 5)))).toBe(bounded);
  }, 60_000);
});
