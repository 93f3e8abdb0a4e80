import { compareRecording, type Comparison } from '../recording/compare.js';
import { comparisonMarkdown, comparisonTable } from '../recording/compare-report.js';
import { freshSandbox } from './compare-target.js';
import type { RecordedEntry } from '../recording/har-entry.js';
import { streamsOf, type CliIo } from './io.js';

/** `compare <recording>`'s options. */
export interface CompareOptions {
  /** A base URL to compare with, instead of a fresh sandbox. */
  against: string | undefined;
  /** Credentials for a hosted target (`--cookie`, `--bearer`). */
  cookie: string | undefined;
  bearer: string | undefined;
  json: boolean;
  markdown: boolean;
  seed: number;
}

/** `compare <recording>`: done once it resolves; the command exits with `exitCode`. */
export interface CompareRun {
  kind: 'compare';
  comparison: Comparison;
  exitCode: number;
}

/** The report in the form asked for: JSON, Markdown, or the terminal's table. */
function report(comparison: Comparison, options: CompareOptions): string {
  if (options.json) return `${JSON.stringify(comparison, null, 2)}\n`;
  return options.markdown ? comparisonMarkdown(comparison) : comparisonTable(comparison);
}

/** `compare`: the table (or JSON, or Markdown) on stdout; exit code 1 when a shape or status differs. */
export async function runCompare(
  entries: RecordedEntry[],
  options: CompareOptions,
  io: CliIo,
): Promise<CompareRun> {
  const { stdout } = streamsOf(io);
  const target =
    options.against === undefined
      ? await freshSandbox(options.seed)
      : { baseUrl: options.against, close: () => Promise.resolve() };
  try {
    const comparison = await compareRecording(entries, target.baseUrl, {
      cookie: options.cookie,
      bearer: options.bearer,
    });
    stdout.write(report(comparison, options));
    return { kind: 'compare', comparison, exitCode: comparison.differs ? 1 : 0 };
  } finally {
    await target.close();
  }
}
