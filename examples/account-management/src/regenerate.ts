// `npm run regenerate`: runs the sample against a fresh sandbox and writes its outputs into
// docs/examples/: the statement as JSON and as PDF, the PDF's first page as PNG (pdftoppm, from
// poppler-utils) and the transcript of the steps.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { startSandbox } from '@brokerage/testing';
import { runSample } from './sample.js';

const out = (name: string) =>
  fileURLToPath(new URL(`../../../docs/examples/account-management-${name}`, import.meta.url));

const sandbox = await startSandbox();
try {
  const outcome = await runSample(sandbox);
  writeFileSync(out('statement.json'), `${JSON.stringify(outcome.statement, null, 2)}\n`);
  writeFileSync(out('statement.pdf'), outcome.statementPdf);
  // -singlefile: the first page, written as <prefix>.png
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '80',
    '-singlefile',
    out('statement.pdf'),
    out('statement-page-1'),
  ]);
  const steps = outcome.transcript.map(
    (step, index) => `${index + 1}. \`${step.request}\`\n   → ${step.answer}`,
  );
  writeFileSync(
    out('transcript.md'),
    `# The account-management sample, step by step\n\nWritten by \`npm run regenerate\` in examples/account-management.\n\n${steps.join('\n')}\n`,
  );
  console.log(
    `wrote ${out('statement.{json,pdf}')}, ${out('statement-page-1.png')}, ${out('transcript.md')}`,
  );
} finally {
  await sandbox.close();
}
