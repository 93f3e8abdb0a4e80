#!/usr/bin/env node
// The `brokerage-server` command (the package's bin); what it does is in ./cli/.
import { CommanderError } from 'commander';
import { main, type Started } from './main.js';
import { closeOnSignals } from './shutdown.js';

/** Exits with the usage error's code, with the comparison's, or 0 after a graceful shutdown on
 * SIGINT or SIGTERM. */
async function run(): Promise<void> {
  let started: Started;
  try {
    started = await main();
  } catch (error) {
    if (error instanceof CommanderError) process.exit(error.exitCode);
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  if (started.kind === 'compare') process.exit(started.exitCode);
  closeOnSignals(started);
}

await run();
