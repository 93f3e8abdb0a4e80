// What the drift report compares: a description reduced to its surface, the parts a client's code
// depends on (operations, their path parameters, the fields of their requests and responses,
// their statuses), and the changes found between two surfaces.

/** Where a field sits in an operation: its request body, a parameter, or a response's body. */
export type Place = 'request' | 'path' | 'query' | 'header' | 'cookie' | `response ${string}`;

/** What a description says of one field (or of a body itself, pointer `''`). */
export interface FieldFacts {
  /** JSON types, sorted; `null` where the field may be null; empty where any value goes. */
  types: string[];
  format?: string;
  /** Enum values as JSON texts, sorted. */
  enum?: string[];
  required: boolean;
  /** `example` where only an example shows the field (the schema leaves the place open):
   * its types are those of the values shown, and its format, enum and required-ness unknown. */
  from: 'schema' | 'example';
  /** The component schema the field is described in (`#/components/schemas/<name>`), if any. */
  component?: string;
}

/** One operation's surface. `fields` is keyed by place, then by pointer (`models[].customIndex`,
 * `''` for the body itself); `statuses` lists the documented response statuses. */
export interface OperationSurface {
  key: string;
  method: string;
  /** With the `/v1/api` prefix where the service has it. */
  path: string;
  operationId?: string;
  summary?: string;
  /** The path parameters' names, in the order of the path. */
  pathParameters: string[];
  statuses: string[];
  fields: Record<string, Record<string, FieldFacts>>;
}

/** A description read for comparison. `fieldsKnown` is false for an operation list (2.40's). */
export interface Surface {
  /** The file or label it was read from. */
  source: string;
  title: string;
  version: string;
  fieldsKnown: boolean;
  operations: Map<string, OperationSurface>;
}

export type Severity = 'breaking' | 'warning' | 'info';

export const severities: readonly Severity[] = ['info', 'warning', 'breaking'];

export type ChangeKind =
  | 'operation-added'
  | 'operation-removed'
  | 'operation-moved'
  | 'path-parameter-renamed'
  | 'status-added'
  | 'status-removed'
  | 'field-added'
  | 'field-removed'
  | 'field-renamed'
  | 'field-type-changed'
  | 'field-format-changed'
  | 'field-enum-changed'
  | 'field-required-changed';

/** One change between two surfaces, with what it touches in the repository (filled in by
 * touches.ts where the repository is at hand). */
export interface Change {
  kind: ChangeKind;
  severity: Severity;
  /** `METHOD path` (the newer path, for a moved operation). */
  operation: string;
  operationId?: string;
  place?: Place;
  /** The field (`models[].customIndex`), the parameter, or the status. */
  field?: string;
  /** The older name, or value, and the newer one. */
  before?: string;
  after?: string;
  /** Why the severity is what it is, in a few words. */
  reason: string;
  touches?: { documentFiles: string[]; clientCalls: string[] };
}
