// Decisions and links that hold: every decision the code and the docs name exists (by path, by
// link, or by its file name in a decision's text), no relative link of the Markdown dangles, and
// no decision tells the work's history (that goes to commit messages; figures of past runs to
// bench/results/).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { decisionFolderOf, decisionFolders, decisionsDir } from '../decisions-index.mjs';
import { repoRoot } from '../paths.mjs';

/** Tracked text files, but the journal kept as history (`docs/history.md`, not current) and the
 * generated artefacts. */
const tracked = execFileSync('git', ['ls-files'], { cwd: repoRoot, encoding: 'utf8' })
  .split('\n')
  .filter((path) => /\.(md|ts|mjs|js|yaml|yml|json)$/.test(path))
  .filter((path) => path !== 'docs/history.md' && !path.includes('/generated/'))
  .filter((path) => existsSync(join(repoRoot, path)));

const text = (path) => readFileSync(join(repoRoot, path), 'utf8');
const decisionFiles = tracked.filter((path) =>
  decisionFolders.some((folder) => path.startsWith(`docs/decisions/${folder}/`)),
);

test('every decision named by its path in the code and the docs exists', () => {
  const missing = [];
  for (const path of tracked) {
    for (const [named] of text(path).matchAll(/decisions\/(?:[a-z]+\/)?[a-z0-9.-]+\.md/g)) {
      if (!existsSync(join(repoRoot, 'docs', named))) missing.push(`${path}: ${named}`);
    }
  }
  assert.deepEqual(missing, []);
});

test('every decision a decision names by its file name exists, in either folder', () => {
  const missing = [];
  for (const path of decisionFiles) {
    for (const [, name] of text(path).matchAll(/`([a-z]+(?:-[a-z0-9.]+)+)\.md`/g)) {
      if (decisionFolderOf(name) === undefined) missing.push(`${path}: ${name}.md`);
    }
  }
  assert.deepEqual(missing, []);
});

test('no relative link of the Markdown dangles', () => {
  const dangling = [];
  for (const path of tracked.filter((file) => file.endsWith('.md'))) {
    const source = text(path).replace(/```[\s\S]*?```/g, '');
    for (const [, target] of source.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:|^#|^\//.test(target)) continue;
      const file = decodeURIComponent(target.split('#')[0]);
      if (!existsSync(join(repoRoot, dirname(path), file))) dangling.push(`${path}: ${target}`);
    }
  }
  assert.deepEqual(dangling, []);
});

/** What tells the work's history rather than today's rule: sessions, issues and rounds of the
 * work, commits, the journal, "before → after" figures, "used to", "no longer" of our own code. */
const historyPatterns = [
  /\b[Ss]essions? \d+\b/,
  /\b[Ii]ssues? \d+\b/,
  /\b[Rr]ound \d+\b/,
  /history\.md|\bthe journal\b/,
  /\bcommit [0-9a-f]{7,}\b|\(`?(?=[0-9]*[a-f])[0-9a-f]{7}`?\)/,
  /\bused to (differ|export|be|take|answer)\b|\bpreviously\b|\bformerly\b|\buntil now\b/,
  /\bas before\b|\bbefore the (change|fix|split|move)\b|\d[\d,.]* (ms|s|MB|%)? ?before, /,
  /\bbefore\) →|\bbefore →|→ after\b|\bno longer (re-exports|checks|scans|grows|marks|waits|branch|carry|read)\b/,
  /\bthis (session|branch)\b|\bon the branch\b|\bthe merge of main\b|\bon main\b/,
];

test('no decision tells the history of the work', () => {
  const found = [];
  for (const path of decisionFiles) {
    text(path)
      .split('\n')
      .forEach((line, index) => {
        if (historyPatterns.some((pattern) => pattern.test(line))) {
          found.push(`${path}:${index + 1}: ${line.trim().slice(0, 100)}`);
        }
      });
  }
  assert.deepEqual(found, []);
});

test('the decisions folder holds only the README and the two folders', () => {
  const stray = tracked.filter(
    (path) =>
      path.startsWith('docs/decisions/') &&
      path !== 'docs/decisions/README.md' &&
      !decisionFiles.includes(path),
  );
  assert.deepEqual(stray, []);
  assert.ok(existsSync(decisionsDir));
});
