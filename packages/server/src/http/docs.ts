import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Router } from 'express';
import { controlDocumentFiles, documentFiles, streamingDocumentFiles } from './document.js';

/** The documentation pages, built by scripts/build-docs.mjs as part of this package's build:
 * Redoc for the HTTP documents, the AsyncAPI component for the streaming one. */
export const docsPages = {
  brokerage: fileURLToPath(new URL('../../dist/public/brokerage.html', import.meta.url)),
  control: fileURLToPath(new URL('../../dist/public/control.html', import.meta.url)),
  streaming: fileURLToPath(new URL('../../dist/public/streaming.html', import.meta.url)),
};

/** The bundles' texts, read on their first request and kept for the process: a server (and a
 * test suite starts many) need not read 3 MB of documents that nobody asks for. */
const bundleTexts = new Map<string, string>();

function bundleText(path: string): string {
  let text = bundleTexts.get(path);
  if (text === undefined) {
    text = readFileSync(path, 'utf8');
    bundleTexts.set(path, text);
  }
  return text;
}

/** A bundled document at `<base>.json` and `<base>.yaml`, and its page (offline) at `pagePath`. */
function serveDocument(
  router: Router,
  base: string,
  files: { json: string; yaml: string },
  pagePath: string,
  page: string,
): void {
  router.get(`${base}.json`, (_req, res) => {
    res.type('application/json').send(bundleText(files.json));
  });
  router.get(`${base}.yaml`, (_req, res) => {
    res.type('application/yaml').send(bundleText(files.yaml));
  });
  router.get(pagePath, (_req, res) => {
    if (!existsSync(page)) {
      res.status(503).type('text/plain').send('The docs page is not built: run `pnpm build`.');
      return;
    }
    res.type('text/html').sendFile(page);
  });
}

/** The bundled brokerage document at `/docs`, `/openapi.json`, `/openapi.yaml`, the control
 * API document at `/control/docs`, `/control/openapi.json`, `/control/openapi.yaml`, and the
 * streaming document (AsyncAPI) at `/docs/streaming`, `/asyncapi.json`, `/asyncapi.yaml`. */
export function docsRouter(): Router {
  const router = Router();
  serveDocument(router, '/openapi', documentFiles, '/docs', docsPages.brokerage);
  serveDocument(
    router,
    '/control/openapi',
    controlDocumentFiles,
    '/control/docs',
    docsPages.control,
  );
  serveDocument(
    router,
    '/asyncapi',
    streamingDocumentFiles,
    '/docs/streaming',
    docsPages.streaming,
  );
  return router;
}
