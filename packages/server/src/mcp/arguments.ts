import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { AgentTool } from './tool.js';

// Draft-07, as the tools' schemas are written; strict, so a schema of ours that says something
// Ajv cannot read fails at once rather than letting arguments through.
const ajv = new Ajv({ allErrors: false, strict: true });
// The same schemas, taking a string for a number, integer or boolean (`mcp-string-arguments`
// switched off): Ajv converts the value in place, on a copy of the arguments.
const coercing = new Ajv({ allErrors: false, strict: true, coerceTypes: true });
const compiled = new WeakMap<AgentTool, ValidateFunction>();
const compiledCoercing = new WeakMap<AgentTool, ValidateFunction>();

/** The JSON type of a value, as the service's messages name it. */
function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** The value at a JSON pointer of the arguments. */
function valueAt(args: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .reduce<unknown>(
      (value, segment) =>
        value && typeof value === 'object'
          ? (value as Record<string, unknown>)[segment.replace(/~1/g, '/').replace(/~0/g, '~')]
          : undefined,
      args,
    );
}

/** One error as the service words it: `/contract_id: string found, integer expected`. */
function describe(error: ErrorObject, args: unknown): string {
  const at = error.instancePath || '/';
  if (error.keyword === 'type') {
    return `${at}: ${jsonType(valueAt(args, error.instancePath))} found, ${String(error.params.type)} expected`;
  }
  if (error.keyword === 'required') {
    return `${at}: required property '${String(error.params.missingProperty)}' not found`;
  }
  if (error.keyword === 'additionalProperties') {
    return `${at}: property '${String(error.params.additionalProperty)}' is not defined in the schema`;
  }
  return `${at}: ${error.message ?? 'is not valid'}`;
}

function validatorOf(tool: AgentTool, coerce: boolean): ValidateFunction {
  const cache = coerce ? compiledCoercing : compiled;
  let validate = cache.get(tool);
  if (!validate) {
    validate = (coerce ? coercing : ajv).compile(tool.inputSchema);
    cache.set(tool, validate);
  }
  return validate;
}

/** Checks a call's arguments against the tool's input schema and answers those the tool runs
 * on; refuses them as invalid params. A number sent as a string is refused, as the service
 * refuses it, unless `coerce` (the scenario `mcp-string-arguments` switched off) takes it. */
export function checkArguments(
  tool: AgentTool,
  args: Record<string, unknown>,
  coerce = false,
): Record<string, unknown> {
  const checked = coerce ? structuredClone(args) : args;
  const validate = validatorOf(tool, coerce);
  if (validate(checked)) return checked;
  const message = (validate.errors ?? []).map((error) => describe(error, checked)).join('; ');
  throw new McpError(ErrorCode.InvalidParams, `Input validation error: ${message}`);
}
