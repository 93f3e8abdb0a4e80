// Helpers that name the parts of one operation of an openapi-typescript `operations` map: the
// brokerage document's (index.ts) and the control API's (control.ts) alike.

type ContentOf<T> = T extends { content: infer Content } ? Content[keyof Content] : never;

/** The request body of an operation. */
export type RequestBodyOf<Operation> = Operation extends { requestBody?: infer RequestBody }
  ? ContentOf<NonNullable<RequestBody>>
  : never;

/** The documented statuses of an operation. */
export type StatusOf<Operation> = Operation extends { responses: infer Responses }
  ? keyof Responses & number
  : never;

/** The body of one documented response of an operation. */
export type ResponseBodyOf<Operation, Code> = Operation extends { responses: infer Responses }
  ? Code extends keyof Responses
    ? ContentOf<Responses[Code]>
    : never
  : never;

/** The parameters of one kind (`path`, `query`) of an operation. */
export type ParametersOf<Operation, In extends 'path' | 'query'> = Operation extends {
  parameters: infer Parameters;
}
  ? Parameters extends Partial<Record<In, infer P>>
    ? NonNullable<P>
    : never
  : never;
