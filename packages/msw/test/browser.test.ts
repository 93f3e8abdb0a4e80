// The MSW handlers in a real browser (headless Chromium): a small page, bundled for the browser,
// starts them in a service worker and, with the typed client, places an order, fills it through
// the controls and reads the order status and the ledger. The static server serves the page's
// files only: every API call must be answered by the service worker.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { requireProgram } from '@brokerage/server/prerequisites';
import { buildPage } from './browser/bundle.js';

const mediaTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
};

describe('the MSW handlers in headless Chromium (service worker)', () => {
  let folder: string;
  let server: Server;
  let origin: string;
  let browser: Browser;
  const served: string[] = [];

  beforeAll(async () => {
    // Chromium on PATH, or the prerequisites' message saying how to install it.
    const chromiumPath = requireProgram('chromium');
    folder = await mkdtemp(join(tmpdir(), 'brokerage-msw-'));
    await buildPage(folder);
    server = createServer((request, response) => {
      const path = new URL(request.url ?? '/', 'http://localhost').pathname;
      served.push(path);
      const file = path === '/' ? 'index.html' : path.slice(1);
      readFile(join(folder, file)).then(
        (content) => {
          response.writeHead(200, { 'Content-Type': mediaTypes[extname(file)] ?? 'text/plain' });
          response.end(content);
        },
        () => {
          response.writeHead(404);
          response.end();
        },
      );
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
    });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('places an order, fills it and reads the ledger through the service worker', async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/`);
    const result = await page.evaluate(
      () => (globalThis as unknown as { brokerageResult: Promise<unknown> }).brokerageResult,
    );
    expect(result).toMatchObject({ orderStatus: 'Filled' });
    const { cashBefore, cashAfter } = result as { cashBefore: number; cashAfter: number };
    expect(cashAfter).toBeLessThan(cashBefore);
    expect(served.filter((path) => path.startsWith('/v1/api'))).toEqual([]);
    expect(served).toContain('/mockServiceWorker.js');
  }, 120_000);
});
