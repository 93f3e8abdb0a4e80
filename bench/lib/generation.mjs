// Generation: bundle the document, generate the types and the validators, into a scratch folder.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './processes.mjs';
import { median } from './stats.mjs';

function runOnce(outRoot) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(
      process.execPath,
      [join(repoRoot, 'scripts', 'generate.mjs'), '--out-root', outRoot],
      {
        cwd: repoRoot,
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.once('exit', (code) => {
      if (code === 0) resolve(performance.now() - started);
      else reject(new Error(`generate.mjs exited ${code}: ${stderr}`));
    });
  });
}

export async function measureGeneration({ runs }) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const outRoot = mkdtempSync(join(tmpdir(), 'brokerage-generate-'));
    try {
      times.push(await runOnce(outRoot));
    } finally {
      rmSync(outRoot, { recursive: true, force: true });
    }
  }
  return { runs, medianMs: median(times), timesMs: times };
}
