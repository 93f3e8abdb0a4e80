// What the Python package's tests (`test:python`) need beyond Node: Debian's Python with the
// packages below. Plain JavaScript with no dependency: the repository's test command imports it
// before anything is installed (scripts/prerequisites.mjs), as it does the server's list of programs.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** Each module the tests import or run, and the Debian (and Ubuntu) package that has it. */
export const pythonModules = [
  { module: 'pytest', debian: 'python3-pytest' },
  { module: 'xdist', debian: 'python3-pytest-xdist' },
  { module: 'jsonschema', debian: 'python3-jsonschema' },
  { module: 'httpx', debian: 'python3-httpx' },
  { module: 'typing_extensions', debian: 'python3-typing-extensions' },
  // The sandbox's WebSocket, read in its test as a user would.
  { module: 'websockets', debian: 'python3-websockets' },
  // Building the wheel and installing it in a scratch virtual environment.
  { module: 'setuptools', debian: 'python3-setuptools' },
  { module: 'wheel', debian: 'python3-wheel' },
  { module: 'pip', debian: 'python3-pip' },
  { module: 'ensurepip', debian: 'python3-venv' },
];

/** The Python to run: BROKERAGE_PYTHON, else Debian's (`/usr/bin/python3`: the `python3` first on
 * PATH may be another install that cannot see Debian's packages), else `python3` on PATH. */
export const pythonCommand = (env = process.env) =>
  env.BROKERAGE_PYTHON ?? (existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3');

/** The Debian packages missing for the tests: `python3` itself when there is no Python. */
export function missingPythonPackages(env = process.env) {
  const probe =
    'import importlib.util, sys; print(" ".join(m for m in sys.argv[1:] if importlib.util.find_spec(m) is None))';
  const result = spawnSync(
    pythonCommand(env),
    ['-c', probe, ...pythonModules.map((entry) => entry.module)],
    { encoding: 'utf8', env },
  );
  if (result.error || result.status !== 0)
    return ['python3', ...pythonModules.map((m) => m.debian)];
  const missing = new Set(result.stdout.trim().split(/\s+/).filter(Boolean));
  return pythonModules.filter((entry) => missing.has(entry.module)).map((entry) => entry.debian);
}

/** What is missing, what needs it, and how to install it. */
export function missingPythonMessage(packages, env = process.env) {
  return [
    `Missing Python packages (for ${pythonCommand(env)}): ${packages.join(' ')}`,
    "  needed for the Python package's tests (test:python: pytest, its wheel in a virtual environment)",
    'Install on Debian or Ubuntu with:',
    `  sudo apt-get install ${packages.join(' ')}`,
    'Elsewhere, set BROKERAGE_PYTHON to a Python that has pytest, pytest-xdist, jsonschema,',
    'httpx, typing-extensions, websockets, setuptools, wheel, pip and venv.',
  ].join('\n');
}
