#!/usr/bin/env node
// No file of packages/server/src is over 300 lines unless its first comment says why: a line of
// it that starts `Over 300 lines:` and gives the reason. `node --test scripts/test/` runs it
// (check:root); run it alone to list the files at fault.
//
// Usage: node scripts/check-file-lengths.mjs [folder ...]   (default: packages/server/src)
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './paths.mjs';

export const lineLimit = 300;
const reasonMark = /^\s*(?:\/\/|\/?\*+)\s*Over 300 lines:\s*\S/m;

/** The file's first comment: its leading `//` lines or its leading block comment (after a
 * shebang), or '' when the file starts with code. */
export function firstComment(text) {
  const body = text.replace(/^#!.*\n/, '');
  const lines = body.match(/^(?:[ \t]*\/\/.*\n)+/);
  if (lines) return lines[0];
  const block = body.match(/^\s*\/\*[\s\S]*?\*\//);
  return block ? block[0] : '';
}

/** Whether a file of `text` is within the limit, or says in its first comment why it is not. */
export function lengthAllowed(text) {
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  return lines <= lineLimit || reasonMark.test(firstComment(text));
}

function* tsFiles(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* tsFiles(path);
    else if (entry.name.endsWith('.ts')) yield path;
  }
}

/** The files under `folders` over the limit without a reason, relative to the repository. */
export function longFilesWithoutReason(folders = [join(repoRoot, 'packages', 'server', 'src')]) {
  return folders
    .flatMap((folder) => [...tsFiles(folder)])
    .filter((file) => !lengthAllowed(readFileSync(file, 'utf8')))
    .map((file) => relative(repoRoot, file));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const folders = process.argv.slice(2).map((folder) => join(process.cwd(), folder));
  const faults = longFilesWithoutReason(folders.length > 0 ? folders : undefined);
  for (const file of faults)
    console.error(`${file}: over ${lineLimit} lines, and its first comment gives no reason`);
  process.exit(faults.length > 0 ? 1 : 0);
}
