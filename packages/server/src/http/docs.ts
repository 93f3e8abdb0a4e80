import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Router } from 'express';
import { controlDocumentFiles } from '../control/document.js';
import { documentFiles } from './document.js';

/** The Redoc pages, built by scripts/build-docs.mjs as part of this package's build. */
export const docsPages = {
  brokerage: fileURLToPath(new URL('../../dist/public/brokerage.html', import.meta.url)),
  control: fileURLToPath(new URL('../../dist/public/control.html', import.meta.url)),
};

/** `<prefix>/docs` (Redoc, offline), `<prefix>/openapi.json` and `<prefix>/openapi.yaml`. */
function serveDocument(
  router: Router,
  prefix: string,
  files: { json: string; yaml: string },
  page: string,
): void {
  const json = readFileSync(files.json, 'utf8');
  const yaml = readFileSync(files.yaml, 'utf8');
  router.get(`${prefix}/openapi.json`, (_req, res) => {
    res.type('application/json').send(json);
  });
  router.get(`${prefix}/openapi.yaml`, (_req, res) => {
    res.type('application/yaml').send(yaml);
  });
  router.get(`${prefix}/docs`, (_req, res) => {
    if (!existsSync(page)) {
      res.status(503).type('text/plain').send('The docs page is not built: run `pnpm build`.');
      return;
    }
    res.type('text/html').sendFile(page);
  });
}

/** The bundled brokerage document at `/docs`, `/openapi.json`, `/openapi.yaml`, and the control
 * API document at `/control/docs`, `/control/openapi.json`, `/control/openapi.yaml`. */
export function docsRouter(): Router {
  const router = Router();
  serveDocument(router, '', documentFiles, docsPages.brokerage);
  serveDocument(router, '/control', controlDocumentFiles, docsPages.control);
  return router;
}
