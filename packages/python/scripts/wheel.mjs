#!/usr/bin/env node
// Builds the package's wheel into dist/ with Debian's Python, its setuptools and wheel, offline
// (`pip wheel --no-index --no-build-isolation`), from a scratch copy of the sources (no build/ or
// egg-info left in the tree). Usage: npm run wheel (in packages/python)
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pythonCommand } from '../prerequisites.mjs';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'brokerage-wheel-'));
try {
  for (const name of ['pyproject.toml', 'README.md', 'src']) {
    cpSync(join(packageRoot, name), join(scratch, name), {
      recursive: true,
      filter: (path) => !/__pycache__|\.egg-info/.test(path),
    });
  }
  const dist = join(packageRoot, 'dist');
  rmSync(dist, { recursive: true, force: true });
  mkdirSync(dist);
  const args = ['-m', 'pip', 'wheel', '--no-deps', '--no-index', '--no-build-isolation'];
  const result = spawnSync(pythonCommand(), [...args, '-w', dist, scratch], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  console.log(
    `wheel: ${readdirSync(dist)
      .map((name) => join('dist', name))
      .join(', ')}`,
  );
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
