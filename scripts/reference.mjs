// Reads the reference the checks compare our document with: the vendor's published descriptions
// (OpenAPI 3.0, paths without the `/v1/api` prefix) and the answers recorded from the real
// service (WireMock fixtures). Both are read at run time from ../shared/reference/ (next to the
// repository) or from BROKERAGE_REFERENCE_DIR; they are never part of the repository.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { deref, documentOperations } from '../packages/types/document-operations.mjs';
import { repoRoot } from './paths.mjs';

export const vendorPrefix = '/v1/api';

/** The vendor's descriptions, oldest first (2.27 has the richest descriptions, 2.29 is newest). */
export const vendorFiles = [
  { version: '2.27', file: 'vendor-openapi-2.27.json' },
  { version: '2.28', file: 'vendor-openapi-2.28.json' },
  { version: '2.29', file: 'vendor-openapi-2.29.json' },
];

/** The reference folder: BROKERAGE_REFERENCE_DIR, else ../shared/reference beside the repository. */
export const referenceDir = () =>
  process.env.BROKERAGE_REFERENCE_DIR
    ? resolve(process.env.BROKERAGE_REFERENCE_DIR)
    : resolve(repoRoot, '..', 'shared', 'reference');

/** The vendor's descriptions of the given versions found in `dir`: `{ version, file, document }`. */
export const loadVendors = (dir, versions) =>
  vendorFiles
    .filter(({ version }) => versions.includes(version))
    .map(({ version, file }) => ({ version, file: join(dir, file) }))
    .filter(({ file }) => existsSync(file))
    .map((vendor) => ({ ...vendor, document: JSON.parse(readFileSync(vendor.file, 'utf8')) }));

/** Path template with anonymous parameters, so `{accountId}` and `{acctId}` compare equal. */
export const pathShape = (path) => path.replace(/\{[^}]*\}/g, '{}');

/** Key of an operation by method and path shape. */
export const operationKey = (method, path) => `${method.toLowerCase()} ${pathShape(path)}`;

/** A vendor document's operations keyed by `operationKey`, under its own path and under ours
 * (with the `/v1/api` prefix): `{ path, operation }`. */
export function vendorOperationIndex(document) {
  const byKey = new Map();
  for (const { path, method, operation } of documentOperations(document)) {
    for (const candidate of [`${vendorPrefix}${path}`, path]) {
      const key = operationKey(method, candidate);
      if (!byKey.has(key)) byKey.set(key, { path, operation });
    }
  }
  return byKey;
}

export const baseMediaType = (mediaType) => mediaType.split(';')[0].trim().toLowerCase();
export const isJson = (mediaType) => /^application\/(.+\+)?json$/.test(baseMediaType(mediaType));

const exampleObjectKeys = new Set(['summary', 'description', 'value', 'externalValue']);

/** A map of Example Objects written under `example` by mistake (`{success: {value: ...}}`). */
const isMisplacedExampleMap = (value) =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.keys(value).length > 0 &&
  Object.values(value).every(
    (entry) =>
      typeof entry === 'object' &&
      entry !== null &&
      'value' in entry &&
      Object.keys(entry).every((key) => exampleObjectKeys.has(key)),
  );

/** The named examples of one media type object: `example`, `examples` and the schema's own. */
export function mediaExamples(document, media) {
  const found = [];
  if (isMisplacedExampleMap(media.example)) {
    for (const [name, entry] of Object.entries(media.example)) {
      found.push({ name, value: entry.value });
    }
  } else if (media.example !== undefined) {
    found.push({ name: 'example', value: media.example });
  }
  for (const [name, raw] of Object.entries(media.examples ?? {})) {
    const example = deref(document, raw);
    if (example?.value !== undefined) found.push({ name, value: example.value });
  }
  const schema = deref(document, media.schema);
  if (schema?.example !== undefined) found.push({ name: 'schema-example', value: schema.example });
  return found;
}

// --- recorded answers ------------------------------------------------------------------------

const fixturesDir = (dir) => join(dir, 'recorded', 'ibkr-conduit', 'fixtures');

/**
 * Fixtures that are not recordings of live traffic (see the recorded README and the author's
 * status report): hand-made from the vendor's description, or trimmed to the fields the author's
 * client maps. A field they lack is no evidence that the service leaves it out.
 */
const notRecordings = new Map([
  ['Accounts/GET-search-dynamic-account.json', 'hand-made'],
  ['Accounts/POST-set-dynamic-account.json', 'hand-made'],
  ['Alerts/DELETE-alert.json', 'hand-made'],
  ['Alerts/GET-alert-detail.json', 'hand-made'],
  ['Alerts/GET-alerts-list.json', 'hand-made'],
  ['Alerts/POST-activate-alert.json', 'hand-made'],
  ['Alerts/POST-create-alert.json', 'hand-made'],
  ['Fyi/DELETE-device.json', 'hand-made'],
  ['Fyi/POST-register-device.json', 'hand-made'],
  ['Fyi/PUT-set-email-delivery.json', 'hand-made'],
  ['Orders/GET-live-orders.json', 'trimmed'],
  ['Orders/GET-trades.json', 'trimmed'],
  ['Orders/POST-dismiss-notification.json', 'hand-made'],
  ['Orders/POST-modify-order-submitted.json', 'hand-made'],
  ['Orders/POST-place-order-submitted.json', 'hand-made'],
  ['Orders/POST-reply-submitted.json', 'hand-made'],
  ['Portfolio/GET-portfolio-summary.json', 'trimmed'],
  ['Scanner/POST-hmds-scanner.json', 'hand-made'],
]);

const jsonFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? jsonFiles(join(dir, entry.name))
      : entry.name.endsWith('.json')
        ? [join(dir, entry.name)]
        : [],
  );

/**
 * The recorded exchanges: `{ file, method, path, status, body, provenance }`, where provenance is
 * `recording`, `hand-made` or `trimmed`. Empty when the folder is not there.
 */
export function loadRecordings(dir) {
  const root = fixturesDir(dir);
  if (!existsSync(root)) return [];
  return jsonFiles(root).flatMap((file) => {
    const { Request: request, Response: response } = JSON.parse(readFileSync(file, 'utf8'));
    const name = relative(root, file).split('\\').join('/');
    return (request?.Methods ?? []).map((method) => ({
      file: name,
      method: method.toLowerCase(),
      path: String(request.Path ?? '').split('?')[0],
      status: String(response?.StatusCode ?? 200),
      body: response?.Body,
      provenance: notRecordings.get(name) ?? 'recording',
    }));
  });
}

/** The operation of `operations` (`{ path, method, ... }`) a concrete request path belongs to:
 * the template that matches it with the most fixed segments. */
export function matchOperation(operations, method, path) {
  const segments = path.split('/');
  let best;
  let bestFixed = -1;
  for (const operation of operations) {
    if (operation.method !== method) continue;
    const template = operation.path.split('/');
    if (template.length !== segments.length) continue;
    const matches = template.every(
      (part, index) => /^\{[^}]+\}$/.test(part) || part === segments[index],
    );
    const fixed = template.filter((part) => !part.startsWith('{')).length;
    if (matches && fixed > bestFixed) [best, bestFixed] = [operation, fixed];
  }
  return best;
}
