#!/usr/bin/env node
// The package's test task (`test:python`): pyright over the package, its tests and the example,
// then pytest over the same (the package from src/, its plugin loaded with `-p`, the server this
// workspace built), with Debian's Python (`/usr/bin/python3`: the `python3` first on PATH may be
// another install that cannot see Debian's packages; `BROKERAGE_PYTHON` names another). The counts
// go to test-results.python.json, in the shape scripts/test-summary.mjs adds up.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pythonCommand } from '../prerequisites.mjs';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = join(packageRoot, '..', '..');
const example = join(repoRoot, 'examples', 'python-pytest');

/** pytest's JUnit XML counts as jest's result fields (errors count as failures). */
export function countsOf(junitXml) {
  const suites = [...junitXml.matchAll(/<testsuite\b([^>]*)>/g)].map((match) => {
    const attribute = (name) => Number(new RegExp(`\\b${name}="(\\d+)"`).exec(match[1])?.[1] ?? 0);
    return {
      tests: attribute('tests'),
      failed: attribute('failures') + attribute('errors'),
      skipped: attribute('skipped'),
    };
  });
  const sum = (key) => suites.reduce((total, suite) => total + suite[key], 0);
  return {
    numPassedTests: sum('tests') - sum('failed') - sum('skipped'),
    numFailedTests: sum('failed'),
    numPendingTests: sum('skipped'),
    numTodoTests: 0,
  };
}

function run(command, args, env) {
  const result = spawnSync(command, args, { cwd: packageRoot, stdio: 'inherit', env });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function main() {
  const python = pythonCommand();
  const env = {
    ...process.env,
    PYTHONPATH: [join(packageRoot, 'src'), process.env.PYTHONPATH].filter(Boolean).join(delimiter),
    BROKERAGE_SERVER_CLI: join(repoRoot, 'packages', 'server', 'dist', 'bin', 'cli.js'),
    PYTHONDONTWRITEBYTECODE: '1',
  };
  const pyright = run(
    join(packageRoot, 'node_modules', '.bin', 'pyright'),
    ['--pythonpath', python],
    env,
  );
  const scratch = mkdtempSync(join(tmpdir(), 'brokerage-pytest-'));
  const junit = join(scratch, 'junit.xml');
  try {
    const pytest = run(
      python,
      [
        '-m',
        'pytest',
        '-p',
        'brokerage_sandbox.plugin',
        '-p',
        'no:cacheprovider',
        '-q',
        `--junitxml=${junit}`,
        '--rootdir',
        packageRoot,
        'tests',
        example,
      ],
      env,
    );
    const counts = existsSync(junit)
      ? countsOf(readFileSync(junit, 'utf8'))
      : { numPassedTests: 0, numFailedTests: 1, numPendingTests: 0, numTodoTests: 0 };
    if (pyright !== 0) counts.numFailedTests += 1;
    writeFileSync(join(packageRoot, 'test-results.python.json'), `${JSON.stringify(counts)}\n`);
    return pyright !== 0 ? pyright : pytest;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = main();
