// Runs the contract suite, against the in-process reference server or another implementation:
//   contract-tests --base-url https://gateway.example:5000 --cookie <api session> [--runs 500]
// Flags become the suite's environment variables; remaining arguments go to jest.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const flags = {
  'base-url': 'CONTRACT_BASE_URL',
  cookie: 'CONTRACT_COOKIE',
  authorization: 'CONTRACT_AUTHORIZATION',
  document: 'CONTRACT_DOCUMENT',
  runs: 'PROPERTY_RUNS',
  seed: 'PROPERTY_SEED',
};

const { values, positionals } = parseArgs({
  options: Object.fromEntries(Object.keys(flags).map((name) => [name, { type: 'string' }])),
  allowPositionals: true,
  strict: true,
});
const env = { ...process.env };
for (const [flag, variable] of Object.entries(flags)) {
  if (values[flag] !== undefined) env[variable] = values[flag];
}

const packageDir = dirname(dirname(fileURLToPath(import.meta.url)));
// jest's package exports hide its bin: find it beside the package's entry point.
const jest = join(dirname(createRequire(import.meta.url).resolve('jest')), '..', 'bin', 'jest.js');
const { status } = spawnSync(
  process.execPath,
  ['--experimental-vm-modules', '--disable-warning=ExperimentalWarning', jest, ...positionals],
  { cwd: packageDir, env, stdio: 'inherit' },
);
process.exit(status ?? 1);
