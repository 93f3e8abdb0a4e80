// The validator cache's folders (http/validator-cache-folders.ts): one per document, marked when a
// process uses it; those unused for long are pruned, beyond the few used last.
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  documentFolder,
  keptFolders,
  pruneCache,
  unusedForMs,
} from '../../src/http/validator-cache-folders.js';

const now = Date.UTC(2026, 10, 27, 12, 0, 0);
const minute = 60_000;
const hash = (digit: string) => digit.repeat(64);

describe('the validator cache folders', () => {
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(join(tmpdir(), 'validator-folders-'));
  });
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  /** A folder or file of the cache last used `ago` ms before `now`. */
  const usedAgo = (name: string, ago: number, kind: 'folder' | 'file') => {
    const path = join(directory, name);
    if (kind === 'folder') {
      mkdirSync(path);
      writeFileSync(join(path, `${hash('e')}.js`), '// an entry');
    } else writeFileSync(path, '// a file');
    const at = new Date(now - ago);
    utimesSync(path, at, at);
  };

  it('removes folders unused for long beyond those used last, and old loose files of its names', () => {
    expect(keptFolders).toBe(3);
    // The three used last, though unused for longer than unusedForMs: kept.
    usedAgo(hash('1'), unusedForMs + minute, 'folder');
    usedAgo(hash('2'), 2 * unusedForMs, 'folder');
    usedAgo(hash('3'), 10 * 24 * 60 * minute, 'folder');
    // Beyond those, and unused for longer than unusedForMs: removed.
    usedAgo(hash('4'), 11 * 24 * 60 * minute, 'folder');
    usedAgo(hash('5'), 12 * 24 * 60 * minute, 'folder');
    // Loose files of the flat layout of earlier versions, and a temporary file a killed process
    // left: removed when old.
    usedAgo(`${hash('a')}.js`, unusedForMs + minute, 'file');
    usedAgo(`${hash('b')}.json`, unusedForMs + minute, 'file');
    usedAgo(
      `${hash('c')}.js.0b7f5d2c-0f57-4a57-9f3a-52f1c6a0e1aa.tmp`,
      unusedForMs + minute,
      'file',
    );
    usedAgo(`${hash('d')}.js`, unusedForMs - minute, 'file');
    // Not a name the cache writes: never touched.
    usedAgo('notes.txt', 100 * 24 * 60 * minute, 'file');
    usedAgo('unnamed', 100 * 24 * 60 * minute, 'folder');

    const removed = pruneCache(directory, now);
    expect(removed.sort()).toEqual(
      [
        hash('4'),
        hash('5'),
        `${hash('a')}.js`,
        `${hash('b')}.json`,
        `${hash('c')}.js.0b7f5d2c-0f57-4a57-9f3a-52f1c6a0e1aa.tmp`,
      ].sort(),
    );
    expect(readdirSync(directory).sort()).toEqual(
      [hash('1'), hash('2'), hash('3'), `${hash('d')}.js`, 'notes.txt', 'unnamed'].sort(),
    );
  });

  it('keeps a folder used within unusedForMs whatever its rank', () => {
    for (const digit of ['1', '2', '3', '4', '5'])
      usedAgo(hash(digit), Number(digit) * minute, 'folder');
    expect(pruneCache(directory, now)).toEqual([]);
    expect(readdirSync(directory)).toHaveLength(5);
  });

  it("marks a document's folder used when a process first uses it, and prunes then", () => {
    const before = process.env.BROKERAGE_VALIDATOR_CACHE;
    process.env.BROKERAGE_VALIDATOR_CACHE = directory;
    try {
      for (const digit of ['1', '2', '3', '4'])
        usedAgo(hash(digit), Number(digit) * 24 * 60 * minute, 'folder');
      const folder = documentFolder(hash('9'));
      expect(folder).toBe(join(directory, hash('9')));
      expect(Date.now() - statSync(folder ?? '').mtimeMs).toBeLessThan(unusedForMs);
      // The new folder and the two used last of the old ones are the three kept.
      expect(readdirSync(directory).sort()).toEqual([hash('1'), hash('2'), hash('9')]);
      expect(documentFolder(undefined)).toBe(join(directory, 'unnamed'));
    } finally {
      if (before === undefined) delete process.env.BROKERAGE_VALIDATOR_CACHE;
      else process.env.BROKERAGE_VALIDATOR_CACHE = before;
    }
  });
});
