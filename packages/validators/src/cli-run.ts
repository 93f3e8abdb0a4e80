// brokerage-validate: validates JSON or NDJSON (files or stdin) against a schema or an operation.
import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { Command, CommanderError, InvalidArgumentError } from 'commander';
import type { OperationId } from '@brokerage/types';
import { plainError, type ValidationError } from './errors.js';
import {
  isOperationId,
  isSchemaName,
  operationIds,
  schemaNames,
  validate,
  validateRequest,
  validateResponse,
} from './validate.js';

export interface CliIo {
  stdin: Readable;
  stdout: Writable;
  stderr: Writable;
}

export const exitCodes = { valid: 0, invalid: 1, usage: 2 } as const;

type Check = (payload: unknown) => ValidationError[];

interface Options {
  schema?: string;
  operation?: string;
  status: string;
  contentType?: string;
  request?: boolean;
  ndjson?: boolean;
  maxDetails: number;
  quiet?: boolean;
  list?: boolean;
}

class UsageError extends Error {}

function checkFor(options: Options): Check {
  if ((options.schema === undefined) === (options.operation === undefined)) {
    throw new UsageError('give exactly one of --schema <name> or --operation <operationId>');
  }
  if (options.schema !== undefined) {
    const name = options.schema;
    if (!isSchemaName(name)) throw new UsageError(`unknown schema ${name} (see --list)`);
    return (payload) => validate(name, payload).errors;
  }
  const id = options.operation ?? '';
  if (!isOperationId(id)) throw new UsageError(`unknown operation ${id} (see --list)`);
  const operationId: OperationId = id;
  if (options.request) {
    return (payload) =>
      validateRequest(operationId, {
        body: payload,
        ...(options.contentType ? { contentType: options.contentType } : {}),
      }).errors.filter((error) => error.location === 'body' || error.location === 'content-type');
  }
  return (payload) =>
    validateResponse(operationId, options.status, payload, options.contentType).errors;
}

interface Tally {
  valid: number;
  invalid: number;
  details: number;
}

function report(
  io: CliIo,
  options: Options,
  tally: Tally,
  where: string,
  errors: ValidationError[],
): void {
  if (errors.length === 0) {
    tally.valid++;
    return;
  }
  tally.invalid++;
  if (options.quiet || tally.details >= options.maxDetails) return;
  tally.details++;
  io.stderr.write(`${where}: ${errors.map((error) => error.message).join('\n  ')}\n`);
}

const parsed = (text: string): { value: unknown } | { error: ValidationError } => {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (error) {
    return {
      error: plainError('json', `not JSON: ${(error as Error).message}`, 'JSON', text.slice(0, 80)),
    };
  }
};

function inputOf(io: CliIo, file: string): Readable {
  return file === '-' ? io.stdin : createReadStream(file);
}

/** One JSON value per line, read line by line: the stream is never held whole. */
async function checkNdjson(io: CliIo, file: string, check: Check, options: Options, tally: Tally) {
  const lines = createInterface({ input: inputOf(io, file), crlfDelay: Infinity });
  const name = file === '-' ? 'stdin' : basename(file);
  let number = 0;
  for await (const line of lines) {
    number++;
    if (line.trim() === '') continue;
    const value = parsed(line);
    report(
      io,
      options,
      tally,
      `${name}:${number}`,
      'error' in value ? [value.error] : check(value.value),
    );
  }
}

async function checkJson(io: CliIo, file: string, check: Check, options: Options, tally: Tally) {
  const chunks: Buffer[] = [];
  for await (const chunk of inputOf(io, file))
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  const value = parsed(Buffer.concat(chunks).toString('utf8'));
  report(
    io,
    options,
    tally,
    file === '-' ? 'stdin' : file,
    'error' in value ? [value.error] : check(value.value),
  );
}

const positiveInteger = (text: string): number => {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 0)
    throw new InvalidArgumentError('a whole number is expected');
  return value;
};

function program(io: CliIo): Command {
  return new Command('brokerage-validate')
    .description('Validate JSON or NDJSON payloads against the brokerage Web API document.')
    .argument('[files...]', 'JSON or NDJSON files; none or - reads stdin')
    .option('-s, --schema <name>', 'a component schema, e.g. Ledger')
    .option(
      '-o, --operation <operationId>',
      'an operation: its response (or with --request its request body)',
    )
    .option('--status <code>', 'the response status to validate against', '200')
    .option('--request', "validate the operation's request body instead of a response")
    .option('--content-type <type>', 'the media type (default: the first the operation documents)')
    .option('--ndjson', 'one JSON value per line (default for .ndjson and .jsonl files)')
    .option('--max-details <n>', 'invalid payloads to detail on stderr', positiveInteger, 20)
    .option('-q, --quiet', 'only the summary line')
    .option('--list', 'list the schema names and operation ids')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    });
}

/** Runs the CLI; answers the exit code (0 all valid, 1 some invalid, 2 usage error). */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const command = program(io);
  try {
    command.parse([...argv], { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError)
      return error.exitCode === 0 ? exitCodes.valid : exitCodes.usage;
    throw error;
  }
  const options = command.opts<Options>();
  if (options.list) {
    io.stdout.write(`schemas: ${schemaNames.join(' ')}\noperations: ${operationIds.join(' ')}\n`);
    return exitCodes.valid;
  }
  let check: Check;
  try {
    check = checkFor(options);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr.write(`brokerage-validate: ${error.message}\n`);
    return exitCodes.usage;
  }
  const files = command.args.length > 0 ? command.args : ['-'];
  const tally: Tally = { valid: 0, invalid: 0, details: 0 };
  const started = performance.now();
  let allNdjson = true;
  for (const file of files) {
    const ndjson = options.ndjson ?? /\.(ndjson|jsonl)$/i.test(file);
    allNdjson &&= ndjson;
    try {
      await (ndjson ? checkNdjson : checkJson)(io, file, check, options, tally);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOENT' && code !== 'EISDIR' && code !== 'EACCES') throw error;
      io.stderr.write(`brokerage-validate: cannot read ${file} (${code})\n`);
      return exitCodes.usage;
    }
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  io.stdout.write(
    `${tally.valid} valid, ${tally.invalid} invalid (${allNdjson ? 'NDJSON' : 'JSON'}, ${seconds} s)\n`,
  );
  return tally.invalid > 0 ? exitCodes.invalid : exitCodes.valid;
}
