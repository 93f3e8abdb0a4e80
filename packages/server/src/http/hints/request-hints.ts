import { distance } from 'fastest-levenshtein';
import type { OperationFacts } from './document-facts.js';

/** A name as a client may have spelled it otherwise: case, `_` and `-` aside. */
const looseName = (name: string) => name.toLowerCase().replace(/[_-]/g, '');

/** The documented query parameter a client meant by `given`: the same but for case and
 * underscores, else the one a letter or two away. */
function documentedSpelling(given: string, documented: readonly string[]): string | undefined {
  const same = documented.find((name) => looseName(name) === looseName(given));
  if (same !== undefined) return same;
  const near = documented
    .map((name) => ({ name, cost: distance(looseName(name), looseName(given)) }))
    .filter(({ cost }) => cost <= 2)
    .sort((a, b) => a.cost - b.cost);
  return near[0]?.name;
}

/** The validator's words for a query parameter the operation does not document. */
const unknownQueryPattern = /Unknown query parameter '([^']+)'/g;

/** For each unknown query parameter of a validation message: the documented spelling. */
export function unknownQueryHints(message: string, facts: OperationFacts): string[] {
  const documented = [...facts.query.keys()];
  return [...message.matchAll(unknownQueryPattern)].flatMap(([, given = '']) => {
    const meant = documentedSpelling(given, documented);
    return meant === undefined ? [] : [`query parameter ${given}: did you mean ${meant}`];
  });
}

/** The validator's words for a missing required field: where, and its name. */
const missingFieldPattern =
  /request\/(body|query)((?:\/[^\s/]+)*) must have required property '([^']+)'/g;

/** The example's value at a JSON path (`/orders/0`): an array index past the example's items
 * reads its first item, as every item has the same shape. */
function exampleAt(example: unknown, path: readonly string[]): unknown {
  let node = example;
  for (const key of path) {
    if (Array.isArray(node)) node = node[Number(key)] ?? node[0];
    else if (typeof node === 'object' && node !== null)
      node = (node as Record<string, unknown>)[key];
    else return undefined;
  }
  return node;
}

/** For each missing required field of a validation message: its name and place, and the
 * document's example of it. */
export function missingFieldHints(message: string, facts: OperationFacts): string[] {
  return [...message.matchAll(missingFieldPattern)].map(([, location, at = '', name = '']) => {
    const path = at.split('/').filter((key) => key.length > 0);
    const example =
      location === 'query' ? facts.query.get(name) : exampleAt(facts.bodyExample, [...path, name]);
    const field = `missing required ${location} field ${[...path, name].join('/')}`;
    return example === undefined
      ? field
      : `${field}; the document's example: ${JSON.stringify({ [name]: example })}`;
  });
}
