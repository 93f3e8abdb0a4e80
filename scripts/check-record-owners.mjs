#!/usr/bin/env node
// One owner per record: each store collection is declared by one area of the server's domain
// (`domain/<area>/collections.ts`, or the kernel's own), and only that area's files name it in
// `.collection(...)`. Every other area, and everything outside the domain (handlers, control,
// http, streaming, ...), asks the owner through the methods it offers. The store's
// implementations (`src/store/`) see the kernel's collections only (the clock's position, the
// timed tasks, the sequences). A name that is not a string literal cannot be checked, so it is a
// fault too, outside the store's implementations. `node --test scripts/test/` runs it (check:root);
// run it alone to list the accesses at fault.
//
// Usage: node scripts/check-record-owners.mjs [src folder]   (default: packages/server/src)
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './paths.mjs';

export const serverSrc = join(repoRoot, 'packages/server/src');

function tsFiles(folder) {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The keys of every `interface Collections { ... }` block of `text`. */
function declaredCollections(text) {
  const names = [];
  for (const [, body] of text.matchAll(/interface Collections \{([\s\S]*?)\n\s*\}/g)) {
    for (const [, name] of body.matchAll(/^\s*(\w+)\??:/gm)) names.push(name);
  }
  return names;
}

/** The area a file of `src` belongs to: `domain/<area>`, `domain` for the domain's own root
 * files, `store` for the store's implementations, else `outside`. */
export function areaOf(src, file) {
  const parts = relative(src, file).split(sep);
  if (parts[0] === 'store') return 'store';
  if (parts[0] !== 'domain') return 'outside';
  return parts.length > 2 ? `domain/${parts[1]}` : 'domain';
}

/** Collection name → the area that declares it. */
export function collectionOwners(src = serverSrc) {
  const owners = new Map();
  for (const file of tsFiles(join(src, 'domain'))) {
    const text = readFileSync(file, 'utf8');
    if (!text.includes('interface Collections')) continue;
    for (const name of declaredCollections(text)) owners.set(name, areaOf(src, file));
  }
  return owners;
}

/** Every `.collection(...)` in the files of `src` whose file is not in the collection's area:
 * `{ file, line, collection, owner }` (`collection` is the source text when not a literal). */
export function foreignAccesses(src = serverSrc) {
  const owners = collectionOwners(src);
  const faults = [];
  for (const file of tsFiles(src)) {
    const area = areaOf(src, file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\.collection\(\s*([^)\s]*)/g)) {
      const literal = /^(['"`])(\w+)\1$/.exec(match[1]);
      const collection = literal ? literal[2] : match[1];
      const owner = literal ? (owners.get(collection) ?? 'undeclared') : 'unknown';
      const allowed =
        owner === area || (area === 'store' && (owner === 'domain/kernel' || !literal));
      if (allowed) continue;
      const line = text.slice(0, match.index).split('\n').length;
      faults.push({ file: relative(repoRoot, file), line, collection, owner });
    }
  }
  return faults;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const faults = foreignAccesses(process.argv[2] ?? serverSrc);
  for (const { file, line, collection, owner } of faults)
    console.log(`${file}:${line} ${collection} (owner: ${owner})`);
  console.log(`${faults.length} accesses to another area's collection`);
  process.exitCode = faults.length > 0 ? 1 : 0;
}
