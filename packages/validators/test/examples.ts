// The document's own examples (valid by construction: Redocly checks them) and simple mutations
// of them, as payloads for the tests.
import { createRequire } from 'node:module';
import type { OperationId } from '@brokerage/types';

const require = createRequire(import.meta.url);

interface Media {
  example?: unknown;
  examples?: Record<string, { value?: unknown; $ref?: string }>;
}
interface RawOperation {
  operationId: string;
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { $ref?: string; content?: Record<string, Media> }>;
}
export interface RawDocument {
  paths: Record<string, Record<string, RawOperation>>;
  components: { responses: Record<string, { content?: Record<string, Media> }> };
}

export const document = require('@brokerage/types/openapi.json') as RawDocument;

export interface Example {
  operationId: OperationId;
  method: string;
  path: string;
  kind: 'request' | 'response';
  status: string;
  mediaType: string;
  name: string;
  value: unknown;
}

function valuesOf(media: Media): [string, unknown][] {
  const named = Object.entries(media.examples ?? {})
    .filter(([, example]) => example.value !== undefined)
    .map(([name, example]): [string, unknown] => [name, example.value]);
  return media.example === undefined ? named : [['example', media.example], ...named];
}

export function documentExamples(): Example[] {
  const examples: Example[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      if (typeof raw !== 'object' || !raw.operationId) continue;
      const operationId = raw.operationId as OperationId;
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
export function mutations(value: unknown): [string, unknown][] {
  const variants: [string, unknown][] = [['a number instead', 42]];
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
