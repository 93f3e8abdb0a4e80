// One owner per record: no file of the server names another area's collection.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';
import { collectionOwners, foreignAccesses } from '../check-record-owners.mjs';

const folders = [];
after(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** A scratch `src` of the given files (path → text). */
function sourceOf(files) {
  const src = mkdtempSync(join(tmpdir(), 'owners-'));
  folders.push(src);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(src, path)), { recursive: true });
    writeFileSync(join(src, path), text);
  }
  return src;
}

const declared = (names) =>
  `declare module '../kernel/store.js' {\n  interface Collections {\n${names.map((name) => `    ${name}: number;\n`).join('')}  }\n}\n`;

const scratch = (files) =>
  sourceOf({
    'domain/kernel/store.ts': 'export interface Collections {\n  sequences: number;\n}\n',
    'domain/accounts/collections.ts': declared(['accounts', 'users']),
    'domain/banking/collections.ts': declared(['bankingMovements']),
    ...files,
  });

test('each collection is owned by the area that declares it', () => {
  const owners = collectionOwners(scratch({}));
  assert.equal(owners.get('accounts'), 'domain/accounts');
  assert.equal(owners.get('bankingMovements'), 'domain/banking');
  assert.equal(owners.get('sequences'), 'domain/kernel');
});

test("a reach into another area's collection fails, inside or outside the domain", () => {
  const src = scratch({
    'domain/accounts/accounts.ts': "store.collection('accounts').get(id);\n",
    'domain/banking/rules.ts':
      "store.collection('bankingMovements');\nstore\n  .collection('accounts')\n  .set(id, a);\n",
    'handlers/users.ts': "brokerage.store.collection('users').values();\n",
    'control/state.ts': 'brokerage.store.collection(name);\n',
    'store/redis/tasks.ts': "store.collection('sequences');\n",
  });
  const found = foreignAccesses(src).map(({ file, line, collection, owner }) => [
    file.split('/').slice(-2).join('/'),
    line,
    collection,
    owner,
  ]);
  assert.deepEqual(found.sort(), [
    ['banking/rules.ts', 3, 'accounts', 'domain/accounts'],
    ['control/state.ts', 1, 'name', 'unknown'],
    ['handlers/users.ts', 1, 'users', 'domain/accounts'],
  ]);
});

test("no file of the server reaches into another area's collection", () => {
  assert.deepEqual(foreignAccesses(), []);
});
