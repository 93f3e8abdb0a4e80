// Reads a description in any form the vendor has published, or ours: an OpenAPI 3.0 or 3.1
// document as JSON (paths with or without the service's `/v1/api` prefix, raw or normalised),
// or an operation list (tab-separated `METHOD path` lines, `#` comments: 2.40's index).
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { documentOperations, type OpenApiDocument } from '@brokerage/types/document-operations';
import type { OperationSurface, Surface } from './model.js';
import { operationSurface } from './surface.js';

/** The service's prefix of the brokerage operations; account management (`/gw/api/v1`) and
 * OAuth 2.0 (`/oauth2/api/v1`) sit beside it, so a path under none of the three lacks it: the
 * vendor's descriptions leave it out (to their servers, or to the reader). */
const servicePrefix = '/v1/api';
const prefixedRoots = ['/v1/', '/gw/', '/oauth2/'];

/** The path as the service serves it. */
export const servicePath = (path: string): string =>
  prefixedRoots.some((root) => path.startsWith(root)) ? path : `${servicePrefix}${path}`;

/** Key of an operation: method and path with anonymous parameters (`{accountId}` = `{acctId}`). */
export const operationKey = (method: string, path: string): string =>
  `${method.toUpperCase()} ${path.replace(/\{[^}]*\}/g, '{}')}`;

/** The path parameters' names in the order of the path. */
export const pathParameterNames = (path: string): string[] =>
  [...path.matchAll(/\{([^}]*)\}/g)].map((match) => match[1] ?? '');

/** How a document is read: `examples: false` leaves out the fields only its examples show (the
 * gate reads our document so: users' types come from its schemas alone). */
export interface ReadOptions {
  examples?: boolean;
}

/** Reads a description from a JSON document (already parsed). */
export function surfaceOfDocument(
  document: OpenApiDocument,
  source: string,
  options: ReadOptions = {},
): Surface {
  const version = String(document.openapi ?? '');
  if (!/^3\.[01]\./.test(version)) {
    throw new Error(
      `${source}: not an OpenAPI 3.0 or 3.1 document (openapi: ${version || 'missing'})`,
    );
  }
  const info = (document.info ?? {}) as { title?: unknown; version?: unknown };
  const operations = new Map<string, OperationSurface>();
  for (const entry of documentOperations(document)) {
    const path = servicePath(entry.path);
    const key = operationKey(entry.method, path);
    // Two operations of one key (the same path under two parameter names) keep the first.
    if (!operations.has(key)) {
      operations.set(
        key,
        operationSurface(document, { ...entry, path }, key, options.examples ?? true),
      );
    }
  }
  return {
    source,
    title: String(info.title ?? ''),
    version: String(info.version ?? ''),
    fieldsKnown: true,
    operations,
  };
}

/** Reads an operation list: `METHOD<tab>path` lines; `#` lines are comments. */
export function surfaceOfOperationList(text: string, source: string): Surface {
  const operations = new Map<string, OperationSurface>();
  const version = /Version:\s*([\d.]+)/.exec(text)?.[1] ?? '';
  for (const [index, raw] of text.split('\n').entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const [method, rawPath, ...rest] = line.split(/\s+/);
    if (!method || !rawPath?.startsWith('/') || rest.length > 0 || !/^[A-Za-z]+$/.test(method)) {
      throw new Error(`${source}:${index + 1}: expected "METHOD<tab>/path", found "${line}"`);
    }
    const path = servicePath(rawPath);
    const key = operationKey(method, path);
    operations.set(key, {
      key,
      method: method.toUpperCase(),
      path,
      pathParameters: pathParameterNames(path),
      statuses: [],
      fields: {},
    });
  }
  return { source, title: basename(source), version, fieldsKnown: false, operations };
}

/** Reads the file at `file`: JSON is a document, anything else an operation list. */
export function readDescription(file: string, options: ReadOptions = {}): Surface {
  const text = readFileSync(file, 'utf8');
  if (/^\s*\{/.test(text)) {
    let document: OpenApiDocument;
    try {
      document = JSON.parse(text) as OpenApiDocument;
    } catch (error) {
      throw new Error(`${file}: not valid JSON (${(error as Error).message})`);
    }
    return surfaceOfDocument(document, file, options);
  }
  return surfaceOfOperationList(text, file);
}
