// What a change touches in the code at hand: the files of our document that describe the
// operation and the field (openapi/openapi.yaml maps each path to its file; a field's component
// schema has its own file), and the typed client's calls of the operation (`client.POST('/v1/api/
// fa/model/list', ...)` in the code scanned: the client, the testing package, the contract tests
// and the examples in the toolkit's repository, or the folders given with --code).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Change, Surface } from './model.js';
import { operationKey } from './read-description.js';

/** The toolkit's repository above `start`, if `start` is inside one. */
export function findRepository(start: string): string | undefined {
  for (let dir = start; ; dir = dirname(dir)) {
    if (
      existsSync(join(dir, 'openapi', 'openapi.yaml')) &&
      existsSync(join(dir, 'packages', 'client'))
    )
      return dir;
    if (dirname(dir) === dir) return undefined;
  }
}

/** Where the typed client is called in the toolkit's repository: its own package, the testing
 * package, the contract tests (the client against the server) and the examples. */
export const repositoryCodeFolders = (root: string): string[] => [
  join(root, 'packages', 'client'),
  join(root, 'packages', 'testing'),
  join(root, 'packages', 'contract-tests'),
  join(root, 'examples'),
];

const codeFile = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;

function* codeFiles(dir: string): Generator<string> {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const file = join(dir, name);
    if (statSync(file).isDirectory()) yield* codeFiles(file);
    else if (codeFile.test(name)) yield file;
  }
}

/** The paths of our document mapped to their files (`paths/<file>.yaml` under openapi/). */
function pathFiles(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const lines = readFileSync(join(root, 'openapi', 'openapi.yaml'), 'utf8').split('\n');
  lines.forEach((line, index) => {
    const path = /^ {2}['"]?(\/[^'":]*)['"]?:\s*$/.exec(line)?.[1];
    const ref = /^\s+\$ref:\s*['"]?([^'"\s]+)/.exec(lines[index + 1] ?? '')?.[1];
    if (path !== undefined && ref !== undefined) files.set(path, join('openapi', ref));
  });
  return files;
}

/** The typed client's calls in the code (`client.GET('/v1/api/...'`), by operation key. */
function clientCalls(root: string | undefined, folders: string[]): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const call = /\.(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\(\s*['"`](\/[^'"`$\s]*)['"`]/g;
  for (const folder of folders) {
    for (const file of codeFiles(folder)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(call)) {
        const line = text.slice(0, match.index).split('\n').length;
        const key = operationKey(match[1] ?? '', match[2] ?? '');
        const where = `${relative(root ?? process.cwd(), file)}:${line}`;
        found.set(key, [...(found.get(key) ?? []), where]);
      }
    }
  }
  return found;
}

/**
 * Fills in `touches` of each change: `ours` is our side of the comparison (for the component a
 * field is described in), `root` the toolkit's repository (for our document's files; none
 * outside it), `folders` the code to look for calls in.
 */
export function addTouches(
  changes: Change[],
  ours: Surface,
  root: string | undefined,
  folders: string[],
): void {
  const files = root === undefined ? new Map<string, string>() : pathFiles(root);
  const calls = clientCalls(root, folders);
  for (const change of changes) {
    const [method = '', path = ''] = change.operation.split(' ');
    const key = operationKey(method, path);
    const operation = ours.operations.get(key);
    const documentFiles: string[] = [];
    const ourPath = operation?.path;
    const pathFile = ourPath === undefined ? undefined : files.get(ourPath);
    if (pathFile !== undefined) documentFiles.push(pathFile);
    const placeFields = change.place === undefined ? undefined : operation?.fields[change.place];
    const component = [change.field, change.before, change.after]
      .map((pointer) => (pointer === undefined ? undefined : placeFields?.[pointer]?.component))
      .find((name) => name !== undefined);
    if (root !== undefined && component !== undefined) {
      const componentFile = join('openapi', 'components', 'schemas', `${component}.yaml`);
      if (existsSync(join(root, componentFile))) documentFiles.push(componentFile);
    }
    change.touches = { documentFiles, clientCalls: calls.get(key) ?? [] };
  }
}
