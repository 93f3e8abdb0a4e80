// Every example of a document, with the schema it illustrates.
import { escapePointer, type OpenApiDocument } from './document.js';

export interface DocumentExample {
  /** Where the example is written. */
  pointer: string;
  /** The schema it must satisfy. */
  schemaPointer: string;
  value: unknown;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Media-type and parameter examples (`example`, `examples.<name>.value`) and schema `examples`
 * arrays, anywhere in the document. */
export function documentExamples(document: OpenApiDocument): DocumentExample[] {
  const found: DocumentExample[] = [];
  const walk = (node: unknown, pointer: string, inSchema: boolean): void => {
    if (Array.isArray(node)) {
      node.forEach((child, i) => walk(child, `${pointer}/${i}`, inSchema));
      return;
    }
    if (!isObject(node)) return;
    if (inSchema && Array.isArray(node.examples)) {
      node.examples.forEach((value, i) =>
        found.push({ pointer: `${pointer}/examples/${i}`, schemaPointer: pointer, value }),
      );
    }
    if (!inSchema && isObject(node.schema)) {
      if ('example' in node)
        found.push({
          pointer: `${pointer}/example`,
          schemaPointer: `${pointer}/schema`,
          value: node.example,
        });
      if (isObject(node.examples)) {
        for (const [name, example] of Object.entries(node.examples)) {
          if (isObject(example) && 'value' in example) {
            found.push({
              pointer: `${pointer}/examples/${escapePointer(name)}`,
              schemaPointer: `${pointer}/schema`,
              value: example.value,
            });
          }
        }
      }
    }
    for (const [key, child] of Object.entries(node)) {
      if (key === 'examples' || key === 'example') continue;
      const childPointer = `${pointer}/${escapePointer(key)}`;
      const entersSchema =
        inSchema || key === 'schema' || childPointer.startsWith('/components/schemas/');
      walk(child, childPointer, entersSchema);
    }
  };
  walk(document, '', false);
  return found;
}
