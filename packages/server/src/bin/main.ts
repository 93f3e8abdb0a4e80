// The command line to what it asks for: the simulation (or its workers), the validating proxy,
// or a subcommand on a recording. The proxy (with every operation's validators, 11 MB) and the
// subcommands are imported when asked for: a start of the simulation does not load them.
import cluster from 'node:cluster';
import { isRedisUrl } from '../store/open-store.js';
import { readRecording, RecordingError } from '../recording/read-recording.js';
import type { CompareRun } from './compare-command.js';
import type { CliIo } from './io.js';
import type { CliOptions } from './options.js';
import { startPrimary } from './primary.js';
import { buildProgram, type Chosen } from './program.js';
import type { RunningProxy } from './proxy.js';
import type { RunningReplay } from './replay-command.js';
import { startSimulation, type RunningServer } from './serve.js';
import { orUsageError, usageError } from './usage.js';
import type { RunningWorkers } from './workers.js';

export type Started = RunningServer | RunningProxy | RunningWorkers | RunningReplay | CompareRun;

/** Parses `argv` (as process.argv: node, script, options...), starts the simulation (or, with
 * `--proxy`, the validating proxy) and resolves once it listens. Usage errors reject with a
 * CommanderError whose exitCode is 2 (0 for --help). */
export async function main(argv: string[] = process.argv, io: CliIo = {}): Promise<Started> {
  let chosen = { command: 'serve' } as Chosen;
  const program = buildProgram(io, (choice) => (chosen = choice));
  program.parse(argv);
  const options = program.opts<CliOptions>();
  if (chosen.command !== 'serve') {
    // A recording that cannot be read is a usage error naming it.
    const file = chosen.file;
    const entries = orUsageError(program, RecordingError, () => readRecording(file));
    return chosen.command === 'compare'
      ? (await import('./compare-command.js')).runCompare(entries, chosen.options, io)
      : (await import('./replay-command.js')).startReplay(
          entries,
          { ...options, ...chosen.options },
          io,
        );
  }
  if (options.tokenSigningKeyPrevious.length > 0 && options.tokenSigningKey === undefined) {
    usageError(
      program,
      'error: --token-signing-key-previous needs --token-signing-key (the key that signs now); the keys kept in the store rotate by themselves',
    );
  }
  if (options.workers > 1) {
    if (options.proxy !== undefined) {
      usageError(program, 'error: --workers applies to the simulation, not to --proxy');
    }
    if (!isRedisUrl(options.store)) {
      usageError(
        program,
        `error: --workers ${options.workers} needs a store the processes share: the memory store lives in one process; add --store redis://host:port/db`,
      );
    }
    if (cluster.isPrimary) return startPrimary(options, io);
  }
  return options.proxy === undefined
    ? startSimulation(program, options, io)
    : (await import('./proxy.js')).startProxy(options.proxy, options, io);
}
