// The cache's layout (http/validator-cache.ts): one folder per document the validator was given,
// named by its spec name (validator-spec.ts), holding the stripped document and the routes'
// compiled code; `unnamed/` for the entries of a document without one (never pruned: such
// documents are rare, see validator-spec.ts). Each document change (a
// new version of this package, an edited document) starts a folder of about 1,000 entries
// (10 MB), so folders no process has used lately are removed: without it the cache only grew.
import { mkdirSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDirectory } from './validator-cache-entries.js';

/** How many folders are kept whatever their age: those of the documents used last. */
export const keptFolders = 3;
/** A folder (or a loose file) unused for this long may go: a process that started before it was
 * marked and still writes into it would only see its writes fail (and compile again). */
export const unusedForMs = 60 * 60_000;

/** Names the cache writes: a 64-digit hash (a folder, an entry `.js`, a document `.json`), or one
 * followed by a temporary suffix. Nothing else in the directory is touched. */
const cacheName = /^[0-9a-f]{64}(\.js|\.json)?(\.[0-9a-f-]{36}\.tmp)?$/;

/** Folders made and marked used in this process. */
const marked = new Set<string>();

/** The folder of a document's entries (made, and marked used, once per process), by its spec
 * name: the copy the validator derives for the responses (`<name> responses`) shares its
 * document's. The first time in a process, folders unused for long are pruned. Null when the
 * cache is off. */
export function documentFolder(name: string | undefined): string | null {
  const directory = cacheDirectory();
  if (directory === null) return null;
  const folder = join(directory, name?.split(' ')[0] ?? 'unnamed');
  if (marked.has(folder)) return folder;
  try {
    mkdirSync(folder, { recursive: true });
    const now = new Date();
    utimesSync(folder, now, now);
    if (marked.size === 0) pruneCache(directory, now.getTime());
  } catch {
    // Not writable, or a concurrent prune: the entries' own reads and writes fail softly.
  }
  marked.add(folder);
  return folder;
}

/** Removes from `directory` the document folders beyond the `keptFolders` used last that no
 * process has used for `unusedForMs`, and loose files of the cache's names as old (the flat
 * layout of earlier versions, temporary files a killed process left). Returns what it removed. */
export function pruneCache(directory: string, now: number): string[] {
  const found: { name: string; folder: boolean; usedAt: number }[] = [];
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    if (!cacheName.test(entry.name)) continue;
    try {
      const usedAt = statSync(join(directory, entry.name)).mtimeMs;
      found.push({ name: entry.name, folder: entry.isDirectory(), usedAt });
    } catch {
      // Removed meanwhile by another process.
    }
  }
  const folders = found.filter((item) => item.folder).sort((a, b) => b.usedAt - a.usedAt);
  const candidates = [...folders.slice(keptFolders), ...found.filter((item) => !item.folder)];
  const removed = candidates
    .filter((item) => now - item.usedAt > unusedForMs)
    .map((item) => item.name);
  for (const name of removed) rmSync(join(directory, name), { recursive: true, force: true });
  return removed;
}
