// The breaking-change gate, one test per class of break: our bundled document changed on purpose
// (the operation, status or field picked from the document, so the tests follow it as it grows)
// fails the gate with a message naming the operation and the field; a pending changeset
// declaring a major version passes it, a minor one does not.
import { readFileSync } from 'node:fs';
import {
  documentOperations,
  resolve,
  type OpenApiDocument,
} from '@brokerage/types/document-operations';
import {
  compareSurfaces,
  judgeGate,
  packagesOfTheDocument,
  surfaceOfDocument,
} from '../../src/drift/index.js';
import { bundledDocument } from './reference.js';

type Schema = Record<string, unknown>;
const original = JSON.parse(readFileSync(bundledDocument, 'utf8')) as OpenApiDocument;
const packages = packagesOfTheDocument({ fixed: [['@brokerage/types', '@brokerage/client']] });
const major = new Map([['brave-change.md', "---\n'@brokerage/client': major\n---\n\nWhy.\n"]]);
const minor = new Map([['small-change.md', "---\n'@brokerage/types': minor\n---\n\nWhy.\n"]]);

const read = (document: OpenApiDocument) => surfaceOfDocument(document, 'doc', { examples: false });
const released = read(original);
const gate = (changed: OpenApiDocument, changesets = new Map<string, string>()) =>
  judgeGate(compareSurfaces(released, read(changed)), changesets, packages);

const schemaAt = (document: OpenApiDocument, raw: unknown) => resolve<Schema>(document, raw).value;
const jsonSchema = (document: OpenApiDocument, holder: unknown) => {
  const content = (schemaAt(document, holder)?.content ?? {}) as Record<string, Schema>;
  const media = Object.entries(content).find(([type]) => type.includes('json'))?.[1];
  return media === undefined ? undefined : schemaAt(document, media.schema);
};

/** The first object schema of a 200 response (or of a request body) that `pick` accepts. */
function findSchema(
  document: OpenApiDocument,
  where: 'response' | 'request',
  pick: (schema: Schema) => string | undefined,
) {
  for (const { path, method, operation } of documentOperations(document)) {
    const holder =
      where === 'response' ? (operation.responses as Schema)?.['200'] : operation.requestBody;
    const schema = holder === undefined ? undefined : jsonSchema(document, holder);
    const properties = schema?.properties as Record<string, Schema> | undefined;
    if (schema === undefined || properties === undefined) continue;
    const field = pick(schema);
    if (field !== undefined)
      return { operation: `${method.toUpperCase()} ${path}`, schema, properties, field };
  }
  throw new Error(`no ${where} schema fits`);
}

const fresh = () => structuredClone(original);

function expectBreak(changed: OpenApiDocument, operation: string, field: string) {
  const changes = compareSurfaces(released, read(changed));
  const result = judgeGate(changes, new Map(), packages);
  expect(result.ok).toBe(false);
  expect(result.message).toContain(operation);
  expect(result.message).toContain(field);
  expect(result.message).toContain('npx changeset');
  expect(judgeGate(changes, minor, packages).ok).toBe(false);
  expect(judgeGate(changes, major, packages).ok).toBe(true);
}

describe('check:breaking', () => {
  test('the document as released passes', () => {
    expect(gate(fresh()).ok).toBe(true);
  });

  test('an operation removed', () => {
    const changed = fresh();
    const [path, item] = Object.entries(changed.paths)[0] ?? [];
    const method =
      Object.keys(item ?? {}).find((key) =>
        ['get', 'post', 'put', 'delete', 'patch'].includes(key),
      ) ?? '';
    Reflect.deleteProperty(item as Schema, method);
    expectBreak(changed, `${method.toUpperCase()} ${path}`, 'operation removed');
  });

  test('a response (a status) removed', () => {
    const changed = fresh();
    const { operation, path, method } = documentOperations(changed).find((entry) =>
      Object.keys((entry.operation.responses as Schema) ?? {}).some((s) => s.startsWith('4')),
    ) as { operation: Schema; path: string; method: string };
    const status = Object.keys(operation.responses as Schema).find((s) => s.startsWith('4')) ?? '';
    Reflect.deleteProperty(operation.responses as Schema, status);
    expectBreak(changed, `${method.toUpperCase()} ${path}`, `status ${status} removed`);
  });

  test('a response field removed', () => {
    const changed = fresh();
    const { operation, properties, field } = findSchema(
      changed,
      'response',
      (s) => Object.keys(s.properties as Schema)[0],
    );
    Reflect.deleteProperty(properties, field);
    expectBreak(changed, operation, field);
  });

  test('a response field made optional', () => {
    const changed = fresh();
    const { operation, schema, field } = findSchema(
      changed,
      'response',
      (s) => (s.required as string[] | undefined)?.[0],
    );
    schema.required = (schema.required as string[]).filter((name) => name !== field);
    expectBreak(changed, operation, field);
  });

  test('a response type narrowed', () => {
    const changed = fresh();
    const { operation, properties, field } = findSchema(
      changed,
      'response',
      (s) =>
        Object.entries(s.properties as Record<string, Schema>).find(
          ([, p]) => Array.isArray(p.type) && p.type.length > 1,
        )?.[0],
    );
    const property = properties[field] as Schema;
    property.type = (property.type as string[]).filter((type) => type !== 'null');
    expectBreak(changed, operation, field);
  });

  test('a response enum narrowed', () => {
    const changed = fresh();
    const { operation, properties, field } = findSchema(
      changed,
      'response',
      (s) =>
        Object.entries(s.properties as Record<string, Schema>).find(
          ([, p]) => Array.isArray(p.enum) && p.enum.length > 1,
        )?.[0],
    );
    const property = properties[field] as Schema;
    property.enum = (property.enum as unknown[]).slice(1);
    expectBreak(changed, operation, field);
  });

  test('a request field made required', () => {
    const changed = fresh();
    const { operation, schema, field } = findSchema(changed, 'request', (s) =>
      Object.keys(s.properties as Schema).find(
        (name) => !((s.required as string[] | undefined) ?? []).includes(name),
      ),
    );
    schema.required = [...((schema.required as string[] | undefined) ?? []), field];
    expectBreak(changed, operation, field);
  });

  test('a request type narrowed so the validators refuse older payloads (a format added)', () => {
    const changed = fresh();
    const { operation, properties, field } = findSchema(
      changed,
      'request',
      (s) =>
        Object.entries(s.properties as Record<string, Schema>).find(
          ([, p]) => p.type === 'string' && p.format === undefined && p.enum === undefined,
        )?.[0],
    );
    (properties[field] as Schema).format = 'date-time';
    expectBreak(changed, operation, field);
  });

  test('additions pass without a changeset', () => {
    const changed = fresh();
    const { properties } = findSchema(
      changed,
      'response',
      (s) => Object.keys(s.properties as Schema)[0],
    );
    properties.addedOnPurpose = { type: 'string' };
    expect(gate(changed).ok).toBe(true);
  });
});
