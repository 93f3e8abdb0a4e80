import {
  deref,
  documentOperations,
  type OpenApiDocument,
} from '@brokerage/types/document-operations';

/** What the hints read of an operation in the bundled document. */
export interface OperationFacts {
  /** Its query parameters, each with the document's example (undefined when none). */
  query: Map<string, unknown>;
  /** The first example of its JSON request body. */
  bodyExample: unknown;
}

type Node = Record<string, unknown> | undefined;

/** The first example of a parameter or a media type: `example`, else the first of `examples`
 * (a map of example objects), else the first of its schema's `examples`. */
function firstExample(document: OpenApiDocument, owner: Node): unknown {
  if (owner === undefined) return undefined;
  if ('example' in owner) return owner.example;
  const named = Object.values((owner.examples as Record<string, unknown> | undefined) ?? {});
  if (named.length > 0) return deref<Node>(document, named[0])?.value;
  const schema = deref<Node>(document, owner.schema);
  return (schema?.examples as unknown[] | undefined)?.[0];
}

/** The facts of every operation of the document, by operationId. */
export function documentFacts(document: OpenApiDocument): Map<string, OperationFacts> {
  return new Map(
    documentOperations(document).map(({ item, operation }) => {
      const parameters = [
        ...((item.parameters as unknown[] | undefined) ?? []),
        ...((operation.parameters as unknown[] | undefined) ?? []),
      ].map((parameter) => deref<Node>(document, parameter));
      const query = new Map(
        parameters
          .filter((parameter) => parameter?.in === 'query')
          .map((parameter) => [String(parameter?.name), firstExample(document, parameter)]),
      );
      const body = deref<Node>(document, operation.requestBody);
      const json = (body?.content as Record<string, Node> | undefined)?.['application/json'];
      return [
        String(operation.operationId),
        { query, bodyExample: firstExample(document, json) },
      ] as const;
    }),
  );
}
