// The newest version's operation index (vendor-2.40-operations.tsv): read strictly, and compared
// with our operations by method and path shape.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { indexCoverage, loadOperationIndex, newestIndex } from '../reference.mjs';

function withIndex(text, run) {
  const dir = mkdtempSync(join(tmpdir(), 'index-'));
  try {
    writeFileSync(join(dir, newestIndex.file), text);
    return run(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('reads METHOD<TAB>/path lines, skipping comments and blank lines', () => {
  const index = withIndex('# header\nGET\t/v1/api/ws\n\nPOST\t/gw/api/v1/tax-vouchers\n', (dir) =>
    loadOperationIndex(dir),
  );
  assert.deepEqual(index, [
    { method: 'get', path: '/v1/api/ws' },
    { method: 'post', path: '/gw/api/v1/tax-vouchers' },
  ]);
});

test('a damaged line throws instead of reading as a smaller index', () => {
  assert.throws(
    () => withIndex('GET /v1/api/ws\n', (dir) => loadOperationIndex(dir)),
    /not METHOD<TAB>\/path/,
  );
});

test('no index file: undefined', () => {
  const dir = mkdtempSync(join(tmpdir(), 'index-'));
  assert.equal(loadOperationIndex(dir), undefined);
  rmSync(dir, { recursive: true, force: true });
});

test('coverage: what the index has and we lack, ours it lacks, parameters compared by position', () => {
  const index = [
    { method: 'get', path: '/v1/api/portfolio/{accountId}/ledger' },
    { method: 'post', path: '/gw/api/v1/tax-vouchers' },
  ];
  const ours = [
    { operationId: 'getLedger', method: 'get', path: '/v1/api/portfolio/{acctId}/ledger' },
    { operationId: 'getTickle', method: 'get', path: '/v1/api/tickle' },
  ];
  assert.deepEqual(indexCoverage(index, ours), {
    total: 2,
    served: 1,
    missing: [{ method: 'post', path: '/gw/api/v1/tax-vouchers' }],
    oursOnly: [{ operationId: 'getTickle', method: 'get', path: '/v1/api/tickle' }],
  });
});
