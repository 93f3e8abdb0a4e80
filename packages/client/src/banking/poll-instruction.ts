import type { paths, ResponseBody } from '@brokerage/types';
import type { Client } from 'openapi-fetch';
import { sleep, systemClock } from '../clock.js';
import { BrokerageApiError, BrokerageError } from '../errors.js';

/** An instruction's answer while it is polled (200, or 208 for a client instruction id reused). */
export type InstructionAnswer = ResponseBody<'getInstructionStatus', 200>;

/** The status of an instruction, as polled. */
export type InstructionStatus = NonNullable<
  InstructionAnswer['instructionResult']
>['instructionStatus'];

export interface PollInstructionOptions {
  /** Headers of each read (the bearer token with the scope `instructions.read`), or a function
   * asked before each read, for a token that may expire while polling. */
  headers?: Record<string, string> | (() => Promise<Record<string, string>>);
  /** Waits between two reads; by default `intervalMs` of real time. Tests pass their own. */
  wait?: (attempt: number) => Promise<void>;
  /** Time between two reads with the default `wait` (default 5 s). */
  intervalMs?: number;
  /** The most reads before giving up with `InstructionPollTimeoutError` (default 60). */
  maxAttempts?: number;
  signal?: AbortSignal;
}

/** The instruction was still pending after the last read allowed. */
export class InstructionPollTimeoutError extends BrokerageError {
  constructor(
    readonly instructionId: number,
    readonly attempts: number,
    readonly last: InstructionAnswer,
  ) {
    super(
      `Instruction ${instructionId} still pending after ${attempts} reads`,
      'getInstructionStatus',
    );
  }
}

/** Statuses that end polling: the instruction ended, or (`PENDING_VERIFICATION`) it waits for
 * its holder to confirm the small amounts credited, which no polling changes. */
const finalStatuses: ReadonlySet<InstructionStatus> = new Set([
  'PROCESSED',
  'REJECTED',
  'PENDING_VERIFICATION',
]);

/** Reads `GET /gw/api/v1/instructions/{instructionId}` until the instruction is no longer
 * `PENDING` and answers that last read; waits with `wait` between reads, at most `maxAttempts`
 * reads. An error answer throws `BrokerageApiError` (404: no such instruction). */
export async function pollInstruction(
  client: Client<paths>,
  instructionId: number,
  options: PollInstructionOptions = {},
): Promise<InstructionAnswer> {
  const maxAttempts = options.maxAttempts ?? 60;
  const intervalMs = options.intervalMs ?? 5_000;
  const wait = options.wait ?? (() => sleep(systemClock, intervalMs, options.signal ?? undefined));
  for (let attempt = 1; ; attempt++) {
    const { data, error, response } = await client.GET('/gw/api/v1/instructions/{instructionId}', {
      params: { path: { instructionId } },
      ...(options.headers ? { headers: await headersOf(options.headers) } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    });
    if (error !== undefined || data === undefined)
      throw new BrokerageApiError(response.status, 'getInstructionStatus', error);
    const status = data.instructionResult?.instructionStatus;
    if (status !== undefined && finalStatuses.has(status)) return data;
    if (attempt >= maxAttempts) throw new InstructionPollTimeoutError(instructionId, attempt, data);
    await wait(attempt);
  }
}

const headersOf = (
  headers: NonNullable<PollInstructionOptions['headers']>,
): Record<string, string> | Promise<Record<string, string>> =>
  typeof headers === 'function' ? headers() : headers;
