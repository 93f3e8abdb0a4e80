import type { paths } from '@brokerage/types';
import type { Client } from 'openapi-fetch';
import { InstructionPollTimeoutError, pollInstruction } from '../src/index.js';

/** A client whose instruction reads answer the given statuses in turn (the last one again). */
function answering(...statuses: (number | string)[]) {
  const reads: number[] = [];
  const client = {
    GET: (_path: string, init: { params: { path: { instructionId: number } } }) => {
      reads.push(init.params.path.instructionId);
      const next = statuses[Math.min(reads.length, statuses.length) - 1];
      if (typeof next === 'number')
        return Promise.resolve({
          data: undefined,
          error: { type: 'about:blank', title: 'Not Found', status: next },
          response: new Response(null, { status: next }),
        });
      return Promise.resolve({
        data: {
          instructionResult: {
            clientInstructionId: 1,
            instructionId: init.params.path.instructionId,
            instructionStatus: next,
            instructionType: 'DEPOSIT',
          },
          instructionSetId: 3001,
          status: 200,
        },
        error: undefined,
        response: new Response(null, { status: 200 }),
      });
    },
  } as unknown as Client<paths>;
  return { client, reads };
}

describe('pollInstruction', () => {
  it('reads until the instruction ends, waiting between reads with the injected wait', async () => {
    const { client, reads } = answering('PENDING', 'PENDING', 'PROCESSED');
    const waits: number[] = [];
    const answer = await pollInstruction(client, 1200011, {
      wait: (attempt) => {
        waits.push(attempt);
        return Promise.resolve();
      },
    });
    expect(answer.instructionResult?.instructionStatus).toBe('PROCESSED');
    expect(reads).toEqual([1200011, 1200011, 1200011]);
    expect(waits).toEqual([1, 2]);
  });

  it('stops at a rejection and at a verification the holder must make', async () => {
    const rejected = await pollInstruction(answering('PENDING', 'REJECTED').client, 5, {
      wait: () => Promise.resolve(),
    });
    expect(rejected.instructionResult?.instructionStatus).toBe('REJECTED');
    const verifying = await pollInstruction(answering('PENDING_VERIFICATION').client, 6);
    expect(verifying.instructionResult?.instructionStatus).toBe('PENDING_VERIFICATION');
  });

  it('gives up after maxAttempts reads with the last answer', async () => {
    const { client, reads } = answering('PENDING');
    const polling = pollInstruction(client, 7, { maxAttempts: 3, wait: () => Promise.resolve() });
    await expect(polling).rejects.toBeInstanceOf(InstructionPollTimeoutError);
    await expect(polling).rejects.toMatchObject({ attempts: 3, instructionId: 7 });
    expect(reads).toHaveLength(3);
  });

  it('asks a headers function before each read (a fresh bearer token)', async () => {
    const asked: number[] = [];
    await pollInstruction(answering('PENDING', 'PROCESSED').client, 9, {
      headers: () => {
        asked.push(asked.length);
        return Promise.resolve({ authorization: `Bearer token-${asked.length}` });
      },
      wait: () => Promise.resolve(),
    });
    expect(asked).toHaveLength(2);
  });

  it('throws the error answer (an unknown instruction)', async () => {
    await expect(pollInstruction(answering(404).client, 8)).rejects.toMatchObject({
      status: 404,
      operation: 'getInstructionStatus',
    });
  });
});
