// Every read (GET) of the document as a URL for the state a test reached: its path parameters
// from the test's values, its required query parameters from the document's examples.
import { operationRoutes } from '@brokerage/types';
import { deref, documentOperations } from '@brokerage/types/document-operations';
import { loadDocument } from '../src/http/document.js';

type Node = Record<string, unknown> | undefined;

const document = loadDocument();

/** The required query parameters of each GET operation, each with its schema's first example. */
const requiredQuery = new Map(
  documentOperations(document)
    .filter(({ method }) => method === 'get')
    .map(({ item, operation }) => {
      const parameters = [
        ...((item.parameters as unknown[] | undefined) ?? []),
        ...((operation.parameters as unknown[] | undefined) ?? []),
      ]
        .map((parameter) => deref<Node>(document, parameter))
        .filter((parameter) => parameter?.in === 'query' && parameter.required === true)
        .map((parameter) => {
          const examples = deref<Node>(document, parameter?.schema)?.examples as unknown[];
          return [String(parameter?.name), String(examples?.[0] ?? '')];
        });
      return [String(operation.operationId), parameters] as const;
    }),
);

/** The URL of every GET operation whose path parameters `values` fills. */
export function documentReads(values: Record<string, string>): string[] {
  return operationRoutes
    .filter((row) => row.method.toLowerCase() === 'get')
    .flatMap((row) => {
      const names = [...row.path.matchAll(/\{(\w+)\}/g)].map(([, name = '']) => name);
      if (!names.every((name) => name in values)) return [];
      const path = row.path.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');
      const query = new URLSearchParams(requiredQuery.get(row.operationId) ?? []).toString();
      return [query ? `${path}?${query}` : path];
    });
}
