// The document's own examples (valid by construction: Redocly checks them) and simple mutations
// of them, as payloads for the tests: the agreement test here, and the Python validators'
// agreement test (packages/python/scripts/validator-corpus.mjs), which feeds both the same corpus.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const document = require('@brokerage/types/openapi.json');

function valuesOf(media) {
  const named = Object.entries(media.examples ?? {})
    .filter(([, example]) => example.value !== undefined)
    .map(([name, example]) => [name, example.value]);
  return media.example === undefined ? named : [['example', media.example], ...named];
}

export function documentExamples() {
  const examples = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      if (typeof raw !== 'object' || !raw.operationId) continue;
      const operationId = raw.operationId;
      for (const [mediaType, media] of Object.entries(raw.requestBody?.content ?? {})) {
        for (const [name, value] of valuesOf(media)) {
          examples.push({
            operationId,
            method,
            path,
            kind: 'request',
            status: '',
            mediaType,
            name,
            value,
          });
        }
      }
      for (const [status, response] of Object.entries(raw.responses)) {
        const resolved = response.$ref
          ? document.components.responses[response.$ref.split('/').pop() ?? '']
          : response;
        for (const [mediaType, media] of Object.entries(resolved?.content ?? {})) {
          for (const [name, value] of valuesOf(media)) {
            examples.push({
              operationId,
              method,
              path,
              kind: 'response',
              status,
              mediaType,
              name,
              value,
            });
          }
        }
      }
    }
  }
  return examples;
}

/** Variants of a valid payload, most of them invalid: a wrong type, a missing or emptied field, an extra field. */
export function mutations(value) {
  const variants = [['a number instead', 42]];
  if (Array.isArray(value)) {
    variants.push(['an empty array', []], ['a string item', [...value, 'x']]);
  } else if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value);
    const [firstKey] = entries[0] ?? [];
    if (firstKey !== undefined) {
      variants.push(['first field removed', Object.fromEntries(entries.slice(1))]);
      variants.push(['first field emptied', { ...value, [firstKey]: {} }]);
      variants.push(['first field a string', { ...value, [firstKey]: 'HOLD' }]);
    }
    variants.push(['an extra field', { ...value, zzExtra: true }]);
  }
  return variants;
}
