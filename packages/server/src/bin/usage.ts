import type { Command } from 'commander';

/** Exit code of a command line that cannot be used (unknown option, bad value). */
export const usageExitCode = 2;

/** Prints `message` and throws a CommanderError with the usage exit code. */
export function usageError(program: Command, message: string): never {
  return program.error(message, { exitCode: usageExitCode });
}

/** What `work` answers; an error of the `expected` kind (a bad file or bad data named on the
 * command line, found only once it is read) is a usage error with its message. */
export function orUsageError<T>(
  program: Command,
  expected: abstract new (...args: never[]) => Error,
  work: () => T,
): T {
  try {
    return work();
  } catch (error) {
    if (!(error instanceof expected)) throw error;
    return usageError(program, `error: ${error.message}`);
  }
}
