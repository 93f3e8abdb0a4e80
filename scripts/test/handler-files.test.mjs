// packages/server/src/handlers/: one file per tag of the document, named after the tag, that
// holds the handler of every operation of that tag and of no other.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { documentOperations } from '../../packages/types/document-operations.mjs';
import { artefacts, repoRoot } from '../paths.mjs';

const handlersDir = join(repoRoot, 'packages', 'server', 'src', 'handlers');

/** A tag's file name: lower case, words joined by `-` (`Trading OAuth 1.0a` -> `trading-oauth-1-0a.ts`). */
const handlerFileOf = (tag) =>
  `${tag
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}.ts`;

test('a tag names its handler file', () => {
  assert.equal(handlerFileOf('Trading OAuth 1.0a'), 'trading-oauth-1-0a.ts');
  assert.equal(
    handlerFileOf('Trading FYIs and Notifications'),
    'trading-fyis-and-notifications.ts',
  );
});

test('every tag of the document has its handler file, with the handlers of its operations only', () => {
  const document = JSON.parse(readFileSync(artefacts().bundleJson, 'utf8'));
  const byFile = new Map();
  for (const { operation } of documentOperations(document)) {
    const file = handlerFileOf(operation.tags[0]);
    byFile.set(file, [...(byFile.get(file) ?? []), operation.operationId]);
  }
  const files = readdirSync(handlersDir).filter((name) => name !== 'index.ts');
  assert.deepEqual([...files].sort(), [...byFile.keys()].sort());
  const allIds = new Set([...byFile.values()].flat());
  for (const [file, ids] of byFile) {
    const source = readFileSync(join(handlersDir, file), 'utf8');
    const named = new Set([...source.matchAll(/'([A-Za-z0-9_]+)'/g)].map((match) => match[1]));
    const held = [...named].filter((id) => allIds.has(id)).sort();
    assert.deepEqual(held, [...ids].sort(), file);
  }
});
