// The test command's jest runs of the larger packages, by groups of test files: each group is one
// file for jest (an entry of `jest-groups/`) that imports its members in turn, so a worker loads
// the modules they share (the server, its dependencies, the client) once per group instead of once
// per file. A member's tests sit in a describe block named after its path, which holds its
// top-level hooks as its own file held them. A member that changes what its modules see when they
// load (the environment they read once, fake timers, snapshots) runs alone, as a file of its own.
// Running one file (`npx jest test/http/orders.test.ts`) uses the package's plain config.
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const entriesDir = fileURLToPath(new URL('./jest-groups/', import.meta.url));

/** The `globals` key the grouped config hands to the entries. */
const settingsKey = 'jestGroups';

/**
 * A package's jest config that runs its test files (`test/**\/*.test.ts`) in `groups` groups.
 * `ignore`: path patterns (regular expressions, as `--testPathIgnorePatterns`) of files the run
 * leaves out; `alone`: patterns of files run each as its own jest file.
 */
export function groupedConfig(config, { rootDir, groups, ignore = [], alone = [] }) {
  const files = testFiles(rootDir, ignore);
  const own = files.filter((file) => alone.some((pattern) => new RegExp(pattern).test(file)));
  // No empty group (jest fails a file without tests).
  const count = Math.min(groups, files.length - own.length);
  const entries = readdirSync(entriesDir).filter((name) => name.endsWith('.test.mjs')).length;
  if (count > entries) throw new Error(`${groups} groups: jest-groups/ has ${entries} entries`);
  return {
    ...config,
    rootDir,
    roots: [rootDir, entriesDir],
    testMatch: [
      ...Array.from({ length: count }, (_, index) =>
        join(entriesDir, `group-${index + 1}.test.mjs`),
      ),
      ...own,
    ],
    testPathIgnorePatterns: ['/node_modules/', '/dist/'],
    globals: { ...config.globals, [settingsKey]: { rootDir, groups: count, ignore, alone } },
  };
}

/** The package's test files, sorted, but those `ignore` leaves out. */
function testFiles(rootDir, ignore) {
  const found = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.test.ts')) found.push(path);
    }
  };
  walk(join(rootDir, 'test'));
  return found.filter((file) => !ignore.some((pattern) => new RegExp(pattern).test(file))).sort();
}

/** The members of group `index` (1-based) of `groups`: files packed by size, the largest first
 * into the group with the fewest bytes so far (the same partition in every entry). */
export function groupMembers(files, groups, index) {
  const sized = files.map((file) => ({ file, bytes: statSync(file).size }));
  sized.sort((a, b) => b.bytes - a.bytes || a.file.localeCompare(b.file));
  const packed = Array.from({ length: groups }, () => ({ bytes: 0, files: [] }));
  for (const { file, bytes } of sized) {
    const lightest = packed.reduce((least, group) => (group.bytes < least.bytes ? group : least));
    lightest.bytes += bytes;
    lightest.files.push(file);
  }
  return packed[index - 1].files.sort();
}

/** jest-circus's state (the describe block that tests and hooks join as they are declared). */
function circusState() {
  const symbol = Object.getOwnPropertySymbols(globalThis).find(
    (item) => item.description === 'JEST_STATE_SYMBOL',
  );
  const state = symbol && globalThis[symbol];
  if (!state?.currentDescribeBlock) throw new Error('jest.groups.mjs needs jest-circus');
  return state;
}

/** Declares the tests of the group an entry (`jest-groups/group-<n>.test.mjs`) stands for. */
export async function runGroup(entryUrl) {
  const settings = globalThis[settingsKey];
  if (!settings) throw new Error(`${entryUrl}: run it with a config from groupedConfig()`);
  const { rootDir, groups, ignore, alone } = settings;
  const index = Number(/group-(\d+)\.test\.mjs$/.exec(entryUrl)?.[1]);
  const files = testFiles(rootDir, ignore).filter(
    (file) => !alone.some((pattern) => new RegExp(pattern).test(file)),
  );
  const state = circusState();
  for (const file of groupMembers(files, groups, index)) {
    const name = relative(rootDir, file);
    const parent = state.currentDescribeBlock;
    // The member's own block, then its module evaluated with that block current: its tests,
    // describe blocks and top-level hooks are declared inside it.
    globalThis.describe(name, () => undefined);
    state.currentDescribeBlock = parent.children.at(-1);
    try {
      await import(file);
    } catch (error) {
      globalThis.test('loads', () => {
        throw error;
      });
    } finally {
      state.currentDescribeBlock = parent;
    }
  }
}
