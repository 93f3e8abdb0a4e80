// `npm run sample`: the sample against a fresh sandbox, its transcript printed.
import { startSandbox } from '@brokerage/testing';
import { runSample } from './sample.js';

const sandbox = await startSandbox();
try {
  const outcome = await runSample(sandbox);
  for (const [index, step] of outcome.transcript.entries())
    console.log(`${index + 1}. ${step.request}\n   -> ${step.answer}`);
} finally {
  await sandbox.close();
}
