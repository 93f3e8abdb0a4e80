import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Router } from 'express';
import { documentFiles } from './document.js';

/** Built by scripts/build-docs.mjs as part of this package's build. */
const docsPage = fileURLToPath(new URL('../../dist/public/brokerage.html', import.meta.url));

/** `/docs` (Redoc, offline), `/openapi.json` and `/openapi.yaml`: the bundled document. */
export function docsRouter(): Router {
  const router = Router();
  const json = readFileSync(documentFiles.json, 'utf8');
  const yaml = readFileSync(documentFiles.yaml, 'utf8');
  router.get('/openapi.json', (_req, res) => {
    res.type('application/json').send(json);
  });
  router.get('/openapi.yaml', (_req, res) => {
    res.type('application/yaml').send(yaml);
  });
  router.get('/docs', (_req, res) => {
    if (!existsSync(docsPage)) {
      res.status(503).type('text/plain').send('The docs page is not built: run `pnpm build`.');
      return;
    }
    res.type('text/html').sendFile(docsPage);
  });
  return router;
}
