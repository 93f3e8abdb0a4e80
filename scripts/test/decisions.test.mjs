// docs/decisions/: the README's index is current, and every `decision:` of the recorded
// differences names a decision file.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { decisionsDir, readmeWithIndex, unresolvedDecisions } from '../decisions-index.mjs';

test('the index of docs/decisions/README.md is current (node scripts/decisions-index.mjs)', () => {
  assert.equal(readFileSync(join(decisionsDir, 'README.md'), 'utf8'), readmeWithIndex());
});

test('every recorded difference names a decision file', () => {
  assert.deepEqual(unresolvedDecisions(), []);
});
