// Removes properties from `required` lists of the split source document (openapi/), given where
// the lists sit in the bundle: a component's pointer maps to its own file, an operation's to
// the path file openapi.yaml refers to. Comments and layout stay (yaml's document model).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse, parseDocument } from 'yaml';
import { documentEntry } from './paths.mjs';

const unescape = (part) => part.replace(/~1/g, '/').replace(/~0/g, '~');

/** The source file and the path of keys inside it of a bundle pointer. */
function sourceOf(pointer, entry) {
  const [root, name, ...rest] = pointer.split('/').slice(1).map(unescape);
  if (root === 'components') {
    const [kind, ...inner] = [name, ...rest];
    return {
      file: join(dirname(documentEntry), 'components', kind, `${inner[0]}.yaml`),
      keys: inner.slice(1),
    };
  }
  const ref = entry.paths?.[name]?.$ref;
  return ref === undefined
    ? { file: documentEntry, keys: [root, name, ...rest] }
    : { file: join(dirname(documentEntry), ref), keys: rest };
}

/** Removes each `{ pointer, name }` (a required list's bundle pointer and the property); answers
 * the files it changed. */
export function removeRequired(fields) {
  const entry = parse(readFileSync(documentEntry, 'utf8'));
  const byFile = new Map();
  for (const { pointer, name } of fields) {
    const { file, keys } = sourceOf(pointer, entry);
    byFile.set(file, [...(byFile.get(file) ?? []), { keys, name }]);
  }
  for (const [file, removals] of byFile) {
    const document = parseDocument(readFileSync(file, 'utf8'));
    for (const { keys, name } of removals) {
      const list = document.getIn([...keys, 'required'], true);
      const index = list?.items?.findIndex((item) => (item.value ?? item) === name) ?? -1;
      if (index < 0) throw new Error(`${file}: no required ${name} at /${keys.join('/')}`);
      list.items.splice(index, 1);
      if (list.items.length === 0) document.deleteIn([...keys, 'required']);
    }
    writeFileSync(file, document.toString({ lineWidth: 0 }));
  }
  return [...byFile.keys()];
}
