// Removes properties from `required` lists of the split source document (openapi/), given where
// the lists sit in the bundle: a component's pointer maps to its own file, an operation's to
// the path file openapi.yaml refers to. Only the text of the lists changes: a list that keeps
// entries is written again in flow style, an emptied one is removed with its key.
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

const flowItem = (name) => (/^[A-Za-z_][\w-]*$/.test(name) ? name : JSON.stringify(name));

/** The text edits that take `names` out of the `required` list of the mapping at `keys`. */
function listEdit(file, text, document, keys, names) {
  const mapping = keys.length === 0 ? document.contents : document.getIn(keys, true);
  const pair = mapping?.items?.find((item) => item.key?.value === 'required');
  const list = pair?.value;
  const present = new Set(list?.items?.map((item) => item.value) ?? []);
  const absent = names.filter((name) => !present.has(name));
  if (absent.length > 0) {
    throw new Error(`${file}: no required ${absent.join(', ')} at /${keys.join('/')}`);
  }
  const kept = list.items.map((item) => item.value).filter((name) => !names.includes(name));
  if (kept.length > 0) {
    const block = !list.flow;
    return {
      start: list.range[0],
      end: list.range[1],
      text: `[${kept.map(flowItem).join(', ')}]${block ? '\n' : ''}`,
    };
  }
  let end = list.range[2];
  if (text[end - 1] !== '\n' && text[end] === '\n') end += 1;
  return { start: text.lastIndexOf('\n', pair.key.range[0]) + 1, end, text: '' };
}

/** Removes each `{ pointer, name }` (a required list's bundle pointer and the property); answers
 * the files it changed. */
export function removeRequired(fields) {
  const entry = parse(readFileSync(documentEntry, 'utf8'));
  const lists = new Map();
  for (const { pointer, name } of fields) {
    const { file, keys } = sourceOf(pointer, entry);
    const key = JSON.stringify([file, keys]);
    if (!lists.has(key)) lists.set(key, { file, keys, names: [] });
    lists.get(key).names.push(name);
  }
  const files = [...new Set([...lists.values()].map(({ file }) => file))];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const document = parseDocument(text);
    const edits = [...lists.values()]
      .filter((list) => list.file === file)
      .map(({ keys, names }) => listEdit(file, text, document, keys, names))
      .sort((a, b) => b.start - a.start);
    writeFileSync(
      file,
      edits.reduce(
        (result, edit) => result.slice(0, edit.start) + edit.text + result.slice(edit.end),
        text,
      ),
    );
  }
  return files;
}
