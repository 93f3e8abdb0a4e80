import { existsSync } from 'node:fs';
import { controlOperationRoutes, operationRoutes } from '@brokerage/types';
import { chromium, type Browser, type Page } from 'playwright-core';
import { requireProgram } from '../../prerequisites.mjs';
import { docsPages } from '../../src/http/docs.js';
import { startServer, type Harness } from '../harness.js';

const slow = 60_000;

/** Opens a docs page with every request outside the server refused; answers the refused URLs. */
async function openOffline(page: Page, server: Harness, path: string): Promise<string[]> {
  const origin = new URL(server.baseUrl).origin;
  const refused: string[] = [];
  await page.route('**/*', async (route) => {
    const url = route.request().url();
    if (new URL(url).origin === origin) await route.continue();
    else {
      refused.push(url);
      await route.abort('blockedbyclient');
    }
  });
  const response = await page.goto(server.baseUrl + path, { waitUntil: 'load' });
  expect(response?.status()).toBe(200);
  return refused;
}

/** Every operation the page's menu lists, as the operationId part of its link, lower-case (Redoc
 * shows one tag group's operations at a time: open each group in turn). */
async function listedOperations(page: Page): Promise<string[]> {
  const listed: string[] = [];
  for (const group of await page.locator('.menu-item-type-group').all()) {
    await group.locator('> a').click();
    const items = group.locator('.menu-item-type-operation > a');
    await items.first().waitFor({ timeout: slow });
    const links = await items.evaluateAll((anchors) =>
      anchors.map((anchor) => anchor.getAttribute('href') ?? ''),
    );
    listed.push(...links.map((link) => link.split('/').pop() ?? ''));
  }
  return listed.sort();
}

/** Opens an operation from the menu; resolves once its summary heading and path are shown. */
async function openOperation(
  page: Page,
  tag: string,
  operationId: string,
  summary: string,
  path: string,
) {
  const item = page.locator(`.menu-item-type-operation > a[href$="/${operationId.toLowerCase()}"]`);
  if (!(await item.isVisible())) {
    await page.locator('.menu-item-type-group > a', { hasText: new RegExp(`^${tag}$`) }).click();
  }
  await item.click();
  await page.getByRole('heading', { name: summary }).waitFor({ timeout: slow });
  await page.getByText(path, { exact: true }).first().waitFor({ timeout: slow });
}

describe('API reference pages (Redoc, offline, in a headless browser)', () => {
  let server: Harness;
  let browser: Browser;

  beforeAll(async () => {
    for (const page of Object.values(docsPages)) {
      if (!existsSync(page)) {
        throw new Error(`${page} is missing: run \`pnpm --filter @brokerage/server build\` first.`);
      }
    }
    // Chromium on PATH, or the prerequisites' message saying how to install it.
    const chromiumPath = requireProgram('chromium');
    server = await startServer();
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  }, slow);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it(
    'lists every operation of the brokerage document at /docs, with nothing fetched elsewhere',
    async () => {
      const operationIds = operationRoutes.map((row) => row.operationId);
      const page = await browser.newPage();
      const refused = await openOffline(page, server, '/docs');
      expect(await page.title()).toBe('Brokerage Web API');
      const listed = await listedOperations(page);
      expect(listed).toHaveLength(operationIds.length);
      expect(listed).toEqual(operationIds.map((id) => id.toLowerCase()).sort());
      await openOperation(
        page,
        'Trading Orders',
        'placeOrders',
        'Place an order, a bracket or an OCA group',
        '/v1/api/iserver/account/{accountId}/orders',
      );
      expect(refused).toEqual([]);
      await page.close();
    },
    slow,
  );

  it(
    'lists the control API at /control/docs, with nothing fetched elsewhere',
    async () => {
      const page = await browser.newPage();
      const refused = await openOffline(page, server, '/control/docs');
      expect(await page.title()).toBe('Brokerage reference server control API');
      const controlIds = controlOperationRoutes.map((row) => row.operationId);
      expect(controlIds.length).toBeGreaterThan(0);
      expect(await listedOperations(page)).toEqual(controlIds.map((id) => id.toLowerCase()).sort());
      await openOperation(
        page,
        'Control',
        'injectFault',
        'Inject latency or a fault into a brokerage operation',
        '/control/faults/{operationId}',
      );
      expect(refused).toEqual([]);
      await page.close();
    },
    slow,
  );

  it(
    'renders the streaming document at /docs/streaming, with nothing fetched elsewhere',
    async () => {
      const page = await browser.newPage();
      const failures: string[] = [];
      page.on('pageerror', (error) => failures.push(error.message));
      const refused = await openOffline(page, server, '/docs/streaming');
      expect(await page.title()).toBe('Brokerage Web API streaming');
      await page
        .locator('h1', { hasText: 'Brokerage Web API streaming' })
        .waitFor({ state: 'attached', timeout: slow });
      const html = await page.content();
      for (const title of ['Subscribe to market data', 'Live order updates', 'Session status']) {
        expect(html).toContain(title);
      }
      expect(html).not.toContain('Error occurred during');
      expect(failures).toEqual([]);
      expect(refused).toEqual([]);
      await page.close();
    },
    slow,
  );

  it('serves the bundled documents', async () => {
    const brokerage = await server.call('GET', '/openapi.json');
    expect(brokerage.status).toBe(200);
    expect(brokerage.body).toMatchObject({
      openapi: '3.1.0',
      info: { title: 'Brokerage Web API' },
    });
    const yaml = await server.call('GET', '/openapi.yaml');
    expect(yaml.headers.get('content-type')).toMatch(/^application\/yaml/);
    expect(yaml.body).toMatch(/^openapi: 3\.1\.0$/m);
    const control = await server.call('GET', '/control/openapi.json');
    expect(control.status).toBe(200);
    expect(control.body.info.title).toBe('Brokerage reference server control API');
    expect(Object.keys(control.body.paths)).toContain('/control/faults/{operationId}');
    expect((await server.call('GET', '/control/openapi.yaml')).body).toMatch(/^openapi: 3\.1\.0$/m);
    const streaming = await server.call('GET', '/asyncapi.json');
    expect(streaming.status).toBe(200);
    expect(streaming.body).toMatchObject({
      asyncapi: '3.0.0',
      channels: { ws: { address: '/v1/api/ws' } },
    });
    expect((await server.call('GET', '/asyncapi.yaml')).body).toMatch(/^asyncapi: 3\.0\.0$/m);
  });
});
