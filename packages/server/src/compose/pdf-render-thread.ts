// A worker thread of the PDF pool (`pdf-pool.ts`): draws each report it is sent and answers its
// bytes (or the error's message), one at a time.
import { parentPort } from 'node:worker_threads';
import { renderPdf } from '../domain/reports/render-pdf.js';
import type { Report } from '../domain/reports/report.js';

parentPort?.on('message', (report: Report) => {
  renderPdf(report).then(
    (bytes) => parentPort?.postMessage({ bytes }, [bytes.buffer as ArrayBuffer]),
    (error: unknown) =>
      parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) }),
  );
});
