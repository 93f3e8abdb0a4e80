import type { Schema } from '@brokerage/types';
import { base64Bytes } from '../kernel/digest.js';
import type { Report } from './report.js';
import { renderCsv, renderHtml, renderJson } from './render-text.js';

/** The formats a report is produced in, by media type. */
export type ReportMimeType = Schema<'ReportMimeType'>;

export const pdfMimeType = 'application/pdf';

/** Draws a report as a PDF; `signal`: the request it is drawn for, which cancels it when it ends
 * first. */
export type PdfRenderer = (report: Report, signal?: AbortSignal) => Promise<Uint8Array>;

// pdf-lib (1.2 MB of code with its fonts and pako) is loaded with the first PDF: most servers
// never render one, and a static import made every start (every test file) compile it.
const inThisThread: PdfRenderer = async (report) =>
  (await import('./render-pdf.js')).renderPdf(report);

/** The process's PDF renderer: in this thread (a browser, `@brokerage/msw`), unless the server
 * installs another (on Node, a pool of worker threads: `compose/pdf-pool.ts`), so that a long
 * document does not stall every other request. */
let pdfRenderer: PdfRenderer = inThisThread;

/** Installs the process's PDF renderer (undefined: back to this thread's). */
export function renderPdfWith(renderer: PdfRenderer | undefined): void {
  pdfRenderer = renderer ?? inThisThread;
}

const renderers: Record<
  ReportMimeType,
  (report: Report, signal?: AbortSignal) => Uint8Array | Promise<Uint8Array>
> = {
  'application/pdf': (report, signal) => pdfRenderer(report, signal),
  'application/json': (report) => new TextEncoder().encode(renderJson(report)),
  'text/csv': (report) => new TextEncoder().encode(renderCsv(report)),
  'text/html': (report) => new TextEncoder().encode(renderHtml(report)),
};

/** A report's document: its bytes and media type. */
export interface ReportFile {
  bytes: Uint8Array;
  mimeType: ReportMimeType;
}

/** The report in `mimeType`; `signal`: the request it is made for (a PDF drawn in a thread stops
 * when the request ends first). */
export async function reportFile(
  report: Report,
  mimeType: ReportMimeType,
  signal?: AbortSignal,
): Promise<ReportFile> {
  return { bytes: await renderers[mimeType](report, signal), mimeType };
}

/** Bytes gzip-compressed (the Compression Streams API, in Node 20 as in browsers). */
async function gzipped(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([new Uint8Array(bytes)])
    .stream()
    .pipeThrough(new CompressionStream('gzip'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** The JSON envelope the report operations answer: the document base64-encoded, compressed
 * first when asked. */
export async function reportEnvelope(
  file: ReportFile,
  gzip: boolean,
): Promise<Schema<'ReportDocument'>> {
  const bytes = gzip ? await gzipped(file.bytes) : file.bytes;
  return {
    data: {
      accept: file.mimeType,
      dataType: 'byte[]',
      encoding: 'base64',
      gzip,
      mimeType: file.mimeType,
      value: base64Bytes(bytes),
    },
  };
}
