#!/usr/bin/env node
// No import cycle in the source of the server and the client (madge reads the imports, `.js`
// names of `.ts` files included). `node --test scripts/test/` runs it (check:root).
//
// Usage: node scripts/check-cycles.mjs [folder ...]   (default: packages/server/src packages/client/src)
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import madge from 'madge';
import { repoRoot } from './paths.mjs';

export const checkedFolders = ['packages/server/src', 'packages/client/src'].map((folder) =>
  join(repoRoot, folder),
);

/** The import cycles under `folder`, each as the files that import each other in turn. */
export async function importCycles(folder) {
  const graph = await madge(folder, {
    fileExtensions: ['ts', 'mts', 'mjs'],
    excludeRegExp: [/\/generated\//],
  });
  return graph.circular();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const folders = process.argv.slice(2).map((folder) => join(process.cwd(), folder));
  let found = 0;
  for (const folder of folders.length > 0 ? folders : checkedFolders) {
    for (const cycle of await importCycles(folder)) {
      console.error(`cycle in ${folder}: ${[...cycle, cycle[0]].join(' -> ')}`);
      found += 1;
    }
  }
  process.exit(found > 0 ? 1 : 0);
}
