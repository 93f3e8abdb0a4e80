#!/usr/bin/env node
// brokerage-drift: what changed between a description and ours (or between two of the vendor's).
// Exit status: 0 nothing at or above --fail-on, else 1 (highest: warning) or 2 (breaking);
// 64 for a usage error or a file that cannot be read.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { compareSurfaces } from './compare.js';
import { severities, type Severity } from './model.js';
import { readDescription } from './read-description.js';
import { exitStatus, formatJson, formatMarkdown, formatTable, makeReport } from './report.js';
import { addTouches, findRepository, repositoryCodeFolders } from './touches.js';

const usage = `Usage: brokerage-drift <description> [--against <description>] [options]

Reports what changed from --against (default: the document bundled in @brokerage/types) to
<description>: operations added, removed or moved, path parameters renamed, statuses, and
request and response fields renamed, added, removed, or changed in type, format, enum or
required-ness. A description is an OpenAPI 3.0 or 3.1 document as JSON (with or without the
/v1/api prefix) or a list of operations ("METHOD<tab>/path" lines).

Options:
  --against <file>     the older side (default: our bundled document)
  --format <format>    table (default), markdown or json
  --min-severity <s>   list only changes of severity s or above: info (default), warning, breaking
  --only <kinds>       list only these kinds, comma-separated (field-renamed, operation-added,
                       operation-removed, operation-moved, path-parameter-renamed, status-added,
                       status-removed, field-added, field-removed, field-type-changed,
                       field-format-changed, field-enum-changed, field-required-changed)
  --fail-on <s>        exit non-zero from severity s: warning (default), breaking, or none
  --code <dir>         look for the typed client's calls in <dir> (repeatable; default: the
                       toolkit's client, testing package and examples when run in its repository)
  -h, --help           this text

Exit status: 0 when no change reaches --fail-on, 1 when the highest is a warning, 2 when one is
breaking, 64 for a usage error.`;

const bundled = fileURLToPath(new URL('../../generated/openapi.json', import.meta.url));

function isSeverity(value: string | undefined, extra: string[] = []): value is Severity {
  return value !== undefined && [...severities, ...extra].includes(value);
}

function main(argv: string[]): number {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      against: { type: 'string' },
      format: { type: 'string', default: 'table' },
      'min-severity': { type: 'string', default: 'info' },
      'fail-on': { type: 'string', default: 'warning' },
      only: { type: 'string' },
      code: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const format = values.format;
  const minimum = values['min-severity'];
  const failOn = values['fail-on'];
  if (
    positionals.length !== 1 ||
    !['table', 'markdown', 'json'].includes(format ?? '') ||
    !isSeverity(minimum) ||
    !(isSeverity(failOn) || failOn === 'none')
  ) {
    console.error(usage);
    return 64;
  }
  const before = readDescription(values.against ?? bundled);
  const after = readDescription(positionals[0] ?? '');
  const root = findRepository(process.cwd());
  const folders = values.code ?? (root === undefined ? [] : repositoryCodeFolders(root));
  const kinds = values.only?.split(',').map((kind) => kind.trim());
  const changes = compareSurfaces(before, after).filter(
    (change) =>
      severities.indexOf(change.severity) >= severities.indexOf(minimum) &&
      (kinds === undefined || kinds.includes(change.kind)),
  );
  // What a change touches is looked up in our document, whichever two are compared.
  addTouches(
    changes,
    values.against === undefined ? before : readDescription(bundled),
    root,
    folders,
  );
  const report = makeReport(before, after, changes);
  const text =
    format === 'json'
      ? formatJson(report)
      : format === 'markdown'
        ? formatMarkdown(report)
        : formatTable(report);
  process.stdout.write(text);
  return exitStatus(report, failOn);
}

// A reader that stops early (`| head`) is no error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
});

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  console.error(`brokerage-drift: ${(error as Error).message}`);
  process.exitCode = 64;
}
