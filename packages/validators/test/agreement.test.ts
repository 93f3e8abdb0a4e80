// The same payloads through the reference server (and its express-openapi-validator) and through
// these validators: the verdicts must agree.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import { bundledDocument } from '../../server/src/http/document.js';
import { openApiValidator } from '../../server/src/http/openapi-validator.js';
import { operationValidatorOptions } from '../../server/src/http/pipeline.js';
import { startServer, type Harness } from '../../server/test/harness.js';
import { checkRequest, validateResponse } from '../src/index.js';
import { document, documentExamples, mutations } from './examples.js';
import { requestCases } from './request-cases.mjs';

const messageOf = (body: unknown): string => {
  const record = (body ?? {}) as { error?: unknown; detail?: unknown };
  return String(record.error ?? record.detail ?? '');
};

describe('requests: the reference server and validateRequest agree', () => {
  let server: Harness;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  it.each(
    requestCases.map((c) => [`${c.operationId} ${c.path} ${JSON.stringify(c.body)}`, c] as const),
  )('%s', async (_name, c) => {
    const checked = checkRequest({
      method: c.method,
      path: c.path,
      headers: c.body === undefined ? {} : { 'content-type': 'application/json' },
      body: c.body,
    });
    expect(checked?.operationId).toBe(c.operationId);
    const answer = await server.call(
      c.method,
      c.path,
      c.body === undefined ? {} : { body: c.body },
    );
    const serverRefused =
      answer.status === checked?.invalidStatus && messageOf(answer.body).startsWith('Bad Request');
    expect({ server: !serverRefused, validators: checked?.valid }).toEqual({
      server: c.valid,
      validators: c.valid,
    });
  });
});

// express-openapi-validator never validates 5xx responses (its express-mung hook skips them); these
// validators check them against the document like any other status. The comparison covers the rest.
describe("responses: express-openapi-validator and validateResponse agree on the document's examples and mutations", () => {
  let listener: Server;
  let baseUrl = '';
  const next: { status: number; body: unknown } = { status: 200, body: null };

  beforeAll(async () => {
    const app = express();
    // The server's own construction of the validator (its route compiler memoised) and its
    // settings, as it runs, but for the requests' check: its compiled validators are those the
    // validator cache keeps for the server.
    app.use(
      openApiValidator({
        ...operationValidatorOptions(bundledDocument, {
          validateRequests: true,
          validateResponses: true,
        }),
        validateRequests: false,
      }),
    );
    app.use((_req, res) => {
      res.status(next.status).json(next.body);
    });
    app.use(
      (
        error: { status?: number },
        _req: express.Request,
        res: express.Response,
        _next: express.NextFunction,
      ) => {
        res.status(599).json({ refused: error.status ?? 0 });
      },
    );
    listener = await new Promise((resolve) => {
      const started = app.listen(0, '127.0.0.1', () => resolve(started));
    });
    baseUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

  const concretePath = (template: string): string => template.replace(/\{[^}]+\}/g, '1');
  const cases = documentExamples()
    .filter(
      (e) =>
        e.kind === 'response' && e.mediaType === 'application/json' && /^[1-4]\d\d$/.test(e.status),
    )
    .flatMap((e) =>
      [['the example', e.value] as [string, unknown], ...mutations(e.value)].map(
        ([variant, body]) => ({ ...e, variant, body }),
      ),
    );

  it('covers valid and invalid payloads', () => {
    const verdicts = cases.map((c) => validateResponse(c.operationId, c.status, c.body).valid);
    expect(verdicts.filter(Boolean).length).toBeGreaterThan(100);
    expect(verdicts.filter((v) => !v).length).toBeGreaterThan(100);
  });

  // One request per example and mutation, each route's validator compiled on its first use, or
  // loaded from the validator cache the test command warms first (about 5 s then, 40 s cold at
  // 179 operations, several times that beside the other packages' tests on two cores: a limit,
  // not a timing assertion).
  it('gives the same verdict for every payload', async () => {
    const disagreements: string[] = [];
    for (const c of cases) {
      next.status = Number(c.status);
      next.body = c.body;
      // The request in the first media type its operation takes, as the server's warm-up sends
      // it: the response validators are kept under the request's media type.
      const mediaType = Object.keys(
        document.paths[c.path]?.[c.method]?.requestBody?.content ?? {},
      )[0];
      const response = await fetch(baseUrl + concretePath(c.path), {
        method: c.method.toUpperCase(),
        ...(mediaType === undefined ? {} : { headers: { 'content-type': mediaType }, body: '{}' }),
      });
      await response.text();
      const eovValid = response.status !== 599;
      const ours = validateResponse(c.operationId, c.status, c.body).valid;
      if (eovValid !== ours)
        disagreements.push(
          `${c.operationId} ${c.status} ${c.name} (${c.variant}): eov ${eovValid}, ours ${ours}`,
        );
    }
    expect(disagreements).toEqual([]);
  }, 480_000);

  it('differs on 5xx only: express-openapi-validator lets a wrong 503 body through, validateResponse does not', async () => {
    next.status = 503;
    next.body = { unexpected: true };
    const response = await fetch(`${baseUrl}/v1/api/tickle`, { method: 'POST' });
    expect(response.status).toBe(503);
    expect(validateResponse('tickle', 503, next.body).valid).toBe(false);
  });
});
