// The README stays short (under 220 lines) and its section "Test what the service does to your
// program" names every scenario of the control API: each operation under /control/scenarios/,
// and the market-data lifetime of the socket.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { repoRoot } from '../paths.mjs';

const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
const sectionTitle = '## Test what the service does to your program';

/** The operationIds of the control document's scenarios, read from its paths' files. */
function scenarioOperations() {
  const control = readFileSync(join(repoRoot, 'openapi/control/control.yaml'), 'utf8');
  const refs = [
    ...control.matchAll(
      /^ {2}\/control\/(?:scenarios\/[\w/-]+|streaming\/market-data-lifetime):\n {4}\$ref: (\S+)$/gm,
    ),
  ].map(([, ref]) => ref);
  return refs.map((ref) => {
    const text = readFileSync(join(repoRoot, 'openapi/control', ref), 'utf8');
    const [, operationId] = /operationId: (\w+)/.exec(text) ?? [];
    assert.ok(operationId, `${ref} has no operationId`);
    return operationId;
  });
}

test('the README is under 220 lines', () => {
  assert.ok(readme.split('\n').length - 1 < 220, 'README.md has 220 lines or more');
});

test('the README lists every scenario of the control API', () => {
  const start = readme.indexOf(sectionTitle);
  assert.notEqual(start, -1, `README.md has no section "${sectionTitle}"`);
  const rest = readme.slice(start + sectionTitle.length);
  const section = rest.slice(0, rest.search(/^## /m) === -1 ? undefined : rest.search(/^## /m));
  const operations = scenarioOperations();
  assert.ok(operations.length >= 8, `only ${operations.length} scenarios found`);
  const missing = operations.filter((operationId) => !section.includes(`\`${operationId}\``));
  assert.deepEqual(missing, [], 'scenarios not named in the README section');
});
