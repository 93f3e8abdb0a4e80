// The server's layout: no import cycle (madge), and no file over 300 lines whose first comment
// does not say why.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { checkedFolders, importCycles } from '../check-cycles.mjs';
import { firstComment, lengthAllowed, longFilesWithoutReason } from '../check-file-lengths.mjs';

const folders = [];
after(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

const code = (lines) => Array.from({ length: lines }, (_, i) => `export const v${i} = ${i};`);

test('a file of 300 lines passes; of 301 only with a reason in its first comment', () => {
  assert.equal(lengthAllowed(code(300).join('\n') + '\n'), true);
  assert.equal(lengthAllowed(code(301).join('\n') + '\n'), false);
  const reasoned = ['// The price model.', '// Over 300 lines: one table, read top to bottom.'];
  assert.equal(lengthAllowed([...reasoned, ...code(301)].join('\n')), true);
  const block = ['/** Over 300 lines: one state machine. */', ...code(301)];
  assert.equal(lengthAllowed(block.join('\n')), true);
  // The reason must be in the first comment, and say something.
  const late = [...code(1), '// Over 300 lines: too late.', ...code(301)];
  assert.equal(lengthAllowed(late.join('\n')), false);
  assert.equal(lengthAllowed(['// Over 300 lines:', ...code(301)].join('\n')), false);
});

test('the first comment follows a shebang and ends at the first line of code', () => {
  assert.equal(firstComment('#!/usr/bin/env node\n// a\n// b\nrun();\n// c\n'), '// a\n// b\n');
  assert.equal(firstComment('run();\n// a\n'), '');
});

test('no file of packages/server/src is over 300 lines without a reason', () => {
  assert.deepEqual(longFilesWithoutReason(), []);
});

test('madge finds a cycle where there is one', async () => {
  const folder = mkdtempSync(join(tmpdir(), 'cycles-'));
  folders.push(folder);
  writeFileSync(join(folder, 'a.ts'), "import { b } from './b.js';\nexport const a = () => b;\n");
  writeFileSync(join(folder, 'b.ts'), "import { a } from './a.js';\nexport const b = () => a;\n");
  assert.deepEqual(await importCycles(folder), [['a.ts', 'b.ts']]);
});

test('no import cycle in the server nor the client', async () => {
  for (const folder of checkedFolders) assert.deepEqual(await importCycles(folder), [], folder);
});
