// The answers recorded from the service (the reference folder's `recorded/`), read as exchanges:
// one per WireMock file (`Request.Path`, `Request.Methods`, query and body matchers,
// `Response.StatusCode/Headers/Body`), each with its provenance. Files that are not WireMock
// JSON (Flex XML statements) are listed as such, never dropped.
//
// Provenance: the collection's status report gives each endpoint's source, Recording (live
// traffic: evidence) or OpenAPI (made from the vendor's description: not evidence); the
// collection's README names fixtures hand-made or trimmed beyond that table (`readmeNotes`).
// A trimmed fixture is evidence for the fields it has (their types and spellings), not for the
// ones it lacks.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createRouteMatcher } from '../packages/types/dist/routes.js';
import { isJson } from './reference.mjs';

/** Collections of recorded answers under `recorded/`, with the report that gives provenance. */
const collections = [
  { name: 'ibkr-conduit', fixtures: 'fixtures', report: 'api-testing-status-report.md' },
];

export const provenances = {
  recording: { evidence: true, label: 'recordings' },
  trimmed: { evidence: true, label: 'trimmed recordings (absence is not evidence)' },
  'openapi-derived': { evidence: false, label: "made from the vendor's description" },
  'hand-made': { evidence: false, label: 'hand-made' },
  unknown: { evidence: false, label: 'source not stated' },
};

/** What the collection's README says beyond its status report, by fixture file. */
const readmeNotes = {
  'ibkr-conduit': {
    'Orders/POST-place-order-submitted.json': 'hand-made',
    'Orders/POST-reply-submitted.json': 'hand-made',
    'Orders/POST-modify-order-submitted.json': 'hand-made',
    'Orders/POST-dismiss-notification.json': 'hand-made',
    'Accounts/GET-search-dynamic-account.json': 'hand-made',
    'Accounts/POST-set-dynamic-account.json': 'hand-made',
    'Fyi/POST-register-device.json': 'hand-made',
    'Fyi/PUT-set-email-delivery.json': 'hand-made',
    'Scanner/POST-hmds-scanner.json': 'hand-made',
    // The README names the alerts hand-made; the report calls the MTA alert a 26-field recording,
    // but this fixture has 7 fields, in an array, of the hand-made alerts' sample account.
    'Alerts/GET-mta-alert.json': 'hand-made',
    'Orders/GET-live-orders.json': 'trimmed',
    'Orders/GET-trades.json': 'trimmed',
    'Portfolio/GET-portfolio-summary.json': 'trimmed',
    // The report lists it as the "more notifications" variant of GET /fyi/notifications.
    'Fyi/GET-more-notifications.json': 'recording',
    // The report lists /iserver/auth/status (a recording) under POST only; this one is a GET.
    'Session/GET-auth-status.json': 'recording',
  },
};

const reportSources = { Recording: 'recording', OpenAPI: 'openapi-derived' };

/**
 * The status report's endpoint rows as a route matcher: `| \`/path/{id}\` | GET | ... | Source |`
 * (the source is the fourth column). Its paths lack the `/v1/api` prefix and may carry `?id=`.
 */
function reportMatcher(text) {
  const rows = [];
  for (const line of text.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const path = /^`([^`]+)`$/.exec(cells[1] ?? '')?.[1];
    if (!path || !/^[A-Z]+$/.test(cells[2] ?? '')) continue;
    let parameter = 0;
    rows.push({
      method: cells[2],
      path: `/v1/api${path.split('?')[0].replace(/\{[^}]*\}/g, () => `{p${parameter++}}`)}`,
      source: reportSources[cells[4]] ?? 'hand-made',
    });
  }
  const match = createRouteMatcher(rows);
  return (method, path) => match(method, path)?.route.source;
}

function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) =>
      entry.isDirectory() ? listFiles(join(dir, entry.name)) : [join(dir, entry.name)],
    )
    .sort();
}

/** Query parameters a WireMock request gives: the path's query string and `QueryParameters`
 * matchers with an exact value (`EqualTo`, or WireMock.Net's `Matchers[].Pattern`). */
function requestQuery(request, search) {
  const query = Object.fromEntries(new URLSearchParams(search));
  const matchers = request.QueryParameters ?? request.Params ?? [];
  const list = Array.isArray(matchers)
    ? matchers
    : Object.entries(matchers).map(([Name, m]) => ({ Name, ...m }));
  for (const { Name, EqualTo, Matchers } of list) {
    const value = EqualTo ?? Matchers?.[0]?.Pattern;
    if (Name && typeof value === 'string') query[Name] = value;
  }
  return query;
}

/** The request body a WireMock request matches, and whether it matches only part of it. */
function requestBody(request) {
  const patterns = [request.Body, ...(request.BodyPatterns ?? [])].filter(Boolean);
  for (const pattern of patterns) {
    for (const [kind, partial] of [
      ['EqualToJson', false],
      ['JsonMatch', false],
      ['JsonPartialMatch', true],
      ['JsonPartialWildcardMatch', true],
    ]) {
      const raw =
        pattern[kind] ?? (pattern.Matcher?.Name === kind ? pattern.Matcher.Pattern : undefined);
      if (raw !== undefined) {
        return { value: typeof raw === 'string' ? JSON.parse(raw) : raw, partial };
      }
    }
  }
  return undefined;
}

const header = (headers, name) =>
  Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];

/** One exchange of a WireMock file, or `notCovered` with the reason it cannot be read as one. */
function readExchange(file, collection, provenanceOf) {
  const base = { collection: collection.name, fixture: file.name };
  if (!file.name.endsWith('.json')) {
    return { ...base, notCovered: 'not a WireMock exchange (a Flex statement file)' };
  }
  const { Request: request, Response: response } = JSON.parse(readFileSync(file.path, 'utf8'));
  const url = new URL(request.Path ?? request.Url ?? '/', 'http://recorded.invalid');
  const method = (request.Methods ?? ['GET'])[0].toUpperCase();
  const contentType = header(response.Headers, 'content-type') ?? 'application/json';
  const bodyText = response.Body ?? response.BodyAsJson;
  return {
    ...base,
    provenance:
      readmeNotes[collection.name]?.[file.name] ?? provenanceOf(method, url.pathname) ?? 'unknown',
    method,
    path: url.pathname,
    query: requestQuery(request, url.search),
    body: requestBody(request),
    response: { status: response.StatusCode ?? 200, contentType, body: bodyText },
  };
}

/**
 * Every exchange recorded under `<referenceDir>/recorded/`, or undefined when the folder is
 * missing.
 */
export function loadRecordings(referenceDir) {
  const root = join(referenceDir, 'recorded');
  if (!existsSync(root)) return undefined;
  return collections.flatMap((collection) => {
    const dir = join(root, collection.name);
    const report = join(dir, collection.report);
    const provenanceOf = existsSync(report)
      ? reportMatcher(readFileSync(report, 'utf8'))
      : () => undefined;
    const fixtures = join(dir, collection.fixtures);
    return listFiles(fixtures).map((path) =>
      readExchange({ path, name: relative(fixtures, path) }, collection, provenanceOf),
    );
  });
}

/** The recorded body as the client reads it: JSON text parsed when the answer is JSON. */
export function recordedBody({ body, contentType }) {
  if (typeof body !== 'string' || !isJson(contentType) || body === '') return body;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}
