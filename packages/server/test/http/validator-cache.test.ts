// The compiled validators kept on disk (http/validator-cache.ts): a validator loaded from the
// cache answers as a fresh one, word for word; a corrupt or cut entry is ignored and written
// again; `off` writes nothing.
import { createHash } from 'node:crypto';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express, { type NextFunction, type Request, type Response } from 'express';
import { bundledDocument, documentFiles, loadDocument } from '../../src/http/document.js';
import { openApiValidator, type ValidatorOptions } from '../../src/http/openapi-validator.js';
import { takesMultipart, validatorDocument } from '../../src/http/validator-document.js';
import { keepPreprocessed, restorePreprocessed } from '../../src/http/validator-preprocessed.js';
import { validatorSpec } from '../../src/http/validator-spec.js';
import {
  skipIdentifierWalk,
  type ResolveModule,
} from '../../src/http/validator-identifier-walk.js';

const require = createRequire(import.meta.url);

interface Case {
  method: string;
  path: string;
  body?: unknown;
  /** What the handler answers (the response validator checks it). */
  answer: { status: number; body: unknown };
}

const accountId = 'U1234567';
const order = { conid: 265598, orderType: 'LMT', side: 'BUY', tif: 'DAY', price: 1, quantity: 1 };
const cases: Case[] = [
  { method: 'GET', path: '/v1/api/tickle', answer: { status: 200, body: { session: 'x' } } },
  { method: 'GET', path: '/v1/api/tickle', answer: { status: 200, body: { session: 1 } } },
  {
    method: 'GET',
    path: '/v1/api/iserver/account/trades?days=9',
    answer: { status: 200, body: [] },
  },
  {
    method: 'GET',
    path: '/v1/api/iserver/account/trades?days=3&weeks=1',
    answer: { status: 200, body: [] },
  },
  {
    method: 'GET',
    path: '/v1/api/iserver/account/trades?days=3',
    answer: { status: 200, body: [{ execution_id: 1 }] },
  },
  {
    method: 'GET',
    path: '/v1/api/iserver/account/trades?days=2',
    answer: { status: 400, body: { error: 'Bad Request: x', statusCode: 400 } },
  },
  {
    method: 'POST',
    path: `/v1/api/iserver/account/${accountId}/orders`,
    body: { orders: [order] },
    answer: { status: 200, body: [{ order_id: '1', order_status: 'Submitted' }] },
  },
  {
    method: 'POST',
    path: `/v1/api/iserver/account/${accountId}/orders`,
    body: { orders: [{ ...order, side: 'HOLD', quantity: 'one' }, {}] },
    answer: { status: 200, body: [] },
  },
];

const options = (): ValidatorOptions => ({
  apiSpec: validatorSpec(bundledDocument) as ValidatorOptions['apiSpec'],
  validateRequests: { allErrors: true },
  validateResponses: { allErrors: true },
  validateSecurity: false,
  validateApiSpec: false,
});

/** Every case's answer through a validator built afresh (its own Ajv instances). */
async function answers(): Promise<string[]> {
  const app = express();
  let next: Case['answer'] = { status: 200, body: null };
  app.use(express.json());
  app.use(openApiValidator(options()));
  app.use((_req: Request, res: Response) => {
    res.status(next.status).json(next.body);
  });
  app.use(
    (
      error: { status?: number; message?: string },
      _req: Request,
      res: Response,
      _next: NextFunction,
    ) => {
      res.status(error.status ?? 500).json({ refused: error.message });
    },
  );
  const listener: Server = await new Promise((resolve) => {
    const started = app.listen(0, '127.0.0.1', () => resolve(started));
  });
  const baseUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  try {
    const seen: string[] = [];
    for (const c of cases) {
      next = c.answer;
      const response = await fetch(baseUrl + c.path, {
        method: c.method,
        ...(c.body === undefined
          ? {}
          : { body: JSON.stringify(c.body), headers: { 'content-type': 'application/json' } }),
      });
      seen.push(`${c.method} ${c.path}: ${response.status} ${await response.text()}`);
    }
    return seen;
  } finally {
    await new Promise((resolve) => listener.close(resolve));
  }
}

/** The cache's one document folder (validator-cache-folders.ts). */
function folderOf(directory: string): string {
  const folders = readdirSync(directory);
  expect(folders).toHaveLength(1);
  expect(folders[0]).toMatch(/^[0-9a-f]{64}$/);
  return join(directory, folders[0] ?? '');
}

const entries = (directory: string) => {
  const folder = folderOf(directory);
  return Object.fromEntries(
    readdirSync(folder)
      .sort()
      .map((name) => [name, readFileSync(join(folder, name), 'utf8')]),
  );
};

describe('compiled validators kept on disk', () => {
  const before = process.env.BROKERAGE_VALIDATOR_CACHE;
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'validator-cache-'));
    process.env.BROKERAGE_VALIDATOR_CACHE = directory;
  });
  afterEach(() => {
    rmSync(directory, { recursive: true, force: true });
    if (before === undefined) delete process.env.BROKERAGE_VALIDATOR_CACHE;
    else process.env.BROKERAGE_VALIDATOR_CACHE = before;
  });

  it('answers from the cache exactly as when compiled: verdicts and messages', async () => {
    process.env.BROKERAGE_VALIDATOR_CACHE = 'off';
    const compiled = await answers();
    expect(compiled.filter((line) => /: 200 /.test(line)).length).toBeGreaterThan(1);
    expect(compiled.filter((line) => /: [45]00 /.test(line)).length).toBeGreaterThan(3);

    process.env.BROKERAGE_VALIDATOR_CACHE = directory;
    expect(await answers()).toEqual(compiled);
    const written = entries(directory);
    expect(Object.keys(written).length).toBeGreaterThan(cases.length);
    // The routes' code, the document the validator bundled and its preprocessing of it.
    const names = Object.keys(written);
    const others = names.filter((name) => !/^[0-9a-f]{64}\.js$/.test(name));
    expect(others).toEqual([expect.stringMatching(/^[0-9a-f]{64}\.json$/), 'document.json']);

    // Loaded, not compiled nor preprocessed again: nothing is rewritten.
    expect(await answers()).toEqual(compiled);
    expect(entries(directory)).toEqual(written);
  });

  it('ignores a corrupt, cut or foreign entry and writes it again', async () => {
    const compiled = await answers();
    const written = entries(directory);
    const names = Object.keys(written);
    names.forEach((name, index) => {
      const text = written[name] ?? '';
      const damaged = [
        'garbage',
        text.slice(0, text.length / 2),
        // A valid entry under another name: its header names the other entry.
        written[names[(index + 1) % names.length] ?? ''] ?? '',
        // The code changed, the header kept.
        text.replace(/return /, 'return true || '),
      ][index % 4];
      writeFileSync(join(folderOf(directory), name), damaged ?? '');
    });
    expect(await answers()).toEqual(compiled);
    expect(entries(directory)).toEqual(written);
  });

  it("keeps the validator's document as its bundler leaves the stripped document", async () => {
    await answers();
    const kept = readFileSync(join(folderOf(directory), 'document.json'), 'utf8');
    const validatorRequire = createRequire(require.resolve('express-openapi-validator'));
    const bundler = validatorRequire('@apidevtools/json-schema-ref-parser') as {
      bundle(document: object): Promise<object>;
    };
    const bundled = await bundler.bundle(validatorDocument(loadDocument()));
    expect(JSON.parse(kept.slice(kept.indexOf('\n') + 1))).toEqual(bundled);
    // A later server parses it instead, without reading the document, a copy of its own each time.
    const unread = {
      hash: bundledDocument.hash,
      read: () => {
        throw new Error('read');
      },
    };
    const spec = validatorSpec(unread);
    expect(spec).toEqual(bundled);
    expect(validatorSpec(unread)).not.toBe(spec);
    // The validator changes the copy it is given: it serves one validator.
    const once = { ...options(), apiSpec: spec as ValidatorOptions['apiSpec'] };
    openApiValidator(once);
    expect(() => openApiValidator({ ...once })).toThrow(/serves one validator/);
  });

  it("keeps the validator's preprocessing of its document, read back as the same graph", async () => {
    await answers();
    const folder = folderOf(directory);
    const [name = ''] = readdirSync(folder).filter((file) => /^[0-9a-f]{64}\.json$/.test(file));
    const text = readFileSync(join(folder, name), 'utf8');
    const kept = text.slice(text.indexOf('\n') + 1);
    const validatorRequire = createRequire(require.resolve('express-openapi-validator'));
    const { defaultSerDes } = validatorRequire('./framework/base.serdes.js') as {
      defaultSerDes: { format: string; serialize?: unknown }[];
    };
    const serDesMap = Object.fromEntries(defaultSerDes.map((serDes) => [serDes.format, serDes]));
    const restored = restorePreprocessed(kept, serDesMap);
    if (!restored) throw new Error('the kept preprocessing does not read back');
    // The document's date-times are serialised (the validator's default serialisers).
    expect(JSON.stringify(restored.apiDocRes)).toContain(
      '"x-eov-res-serdes":{"format":"date-time"',
    );
    // Kept again, the same text: every node, and every node shared, where it was.
    expect(keepPreprocessed(restored, restored.serialisers)).toBe(kept);
  });

  it("names the document by its text's hash, as generated beside it", () => {
    const text = readFileSync(documentFiles.json);
    expect(bundledDocument.hash()).toBe(createHash('sha256').update(text).digest('hex'));
  });

  it('has the multipart step only for a document with a multipart body', () => {
    expect(takesMultipart(loadDocument())).toBe(false);
    const upload = { content: { 'multipart/form-data': { schema: { type: 'object' } } } };
    expect(takesMultipart({ paths: { '/upload': { post: { requestBody: upload } } } })).toBe(true);
    expect(takesMultipart({ components: { requestBodies: { upload } } })).toBe(true);
    expect(
      takesMultipart({ components: { pathItems: { upload: { put: { requestBody: upload } } } } }),
    ).toBe(true);
  });

  it('writes nothing when off', async () => {
    process.env.BROKERAGE_VALIDATOR_CACHE = 'off';
    await answers();
    expect(readdirSync(directory)).toEqual([]);
  });
});

describe("Ajv's walk for identifiers", () => {
  it("is skipped on a plain document's instances only, once however often it is hooked", () => {
    const walked: object[] = [];
    const module: ResolveModule = {
      getSchemaRefs(this: object) {
        walked.push(this);
        return { '#price': { type: 'number' } };
      },
    };
    const plain = new WeakSet<object>();
    const plainAjv = {};
    const otherAjv = {};
    plain.add(plainAjv);
    skipIdentifierWalk(module, plain);
    skipIdentifierWalk(module, new WeakSet());
    expect(module.getSchemaRefs.call(plainAjv, { type: 'object' })).toEqual({});
    expect(module.getSchemaRefs.call(otherAjv, { $anchor: 'price' })).toEqual({
      '#price': { type: 'number' },
    });
    expect(walked).toEqual([otherAjv]);
  });
});
