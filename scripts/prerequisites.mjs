#!/usr/bin/env node
// The first step of each test tier's command (`npm test`; `npm run test:full`, which `.ci/run` runs
// after it, gives its script's name): the programs outside Node that the tier's tests need
// (packages/server/prerequisites.mjs) must be on PATH, and Debian's Python must have the packages
// the Python package's tests need (packages/python/prerequisites.mjs). Where one is missing on Debian
// or Ubuntu, run as root with apt-get, it installs them, saying what; anywhere else it stops at
// once with the one message (what is missing, how to install it) and the test command of the
// tiers that run without it. Plain Node, no dependency: it runs before `npm run setup`.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  findCommand,
  missingPrograms,
  missingProgramsMessage,
  programs,
} from '../packages/server/prerequisites.mjs';
import { missingPythonMessage, missingPythonPackages } from '../packages/python/prerequisites.mjs';
import { repoRoot } from './paths.mjs';

/** The turbo tasks that hold the tests needing each program (the package scripts split them so). */
const tasksNeeding = {
  'redis-server': ['test:redis', 'test:redis-pass'],
  chromium: ['test:browser'],
  // Not a program: Debian's Python packages for the Python package's tests.
  python: ['test:python'],
};

/** The programs that the turbo tasks a script runs need (`npm test` runs no browser test). */
export function programsNeeded(script) {
  const words = new Set(script.split(/\s+/));
  return programs
    .map((program) => program.name)
    .filter((name) => tasksNeeding[name].some((task) => words.has(task)));
}

/** What the script's tasks lack: the programs not on PATH, and `python` when Debian's Python
 * lacks packages its Python tests need (`pythonPackages`: which ones). */
export function missingFor(script, env = process.env) {
  const missing = missingPrograms(programsNeeded(script), env);
  const needsPython = tasksNeeding.python.some((task) => script.split(/\s+/).includes(task));
  const pythonPackages = needsPython ? missingPythonPackages(env) : [];
  return {
    missing: pythonPackages.length > 0 ? [...missing, 'python'] : missing,
    pythonPackages,
  };
}

/** The system's id for the package names (`debian`, `ubuntu`), from /etc/os-release's text. */
export function aptSystem(osRelease) {
  const field = (name) =>
    osRelease
      .match(new RegExp(`^${name}="?([^"\\n]*)"?$`, 'm'))?.[1]
      .split(' ')
      .filter((id) => id !== '') ?? [];
  const ids = [...field('ID'), ...field('ID_LIKE')];
  return ids.find((id) => id === 'ubuntu' || id === 'debian');
}

/**
 * The apt packages to install for the missing programs, or undefined when this machine must not
 * install them: only root on Debian or Ubuntu with apt-get installs. `BROKERAGE_PREREQUISITES_NO_INSTALL`
 * (set by the step's own test) forbids installing; nothing can make a non-root user install.
 */
export function aptPackages({ missing, uid, env, osRelease, pythonPackages = [] }) {
  const system = aptSystem(osRelease);
  const allowed =
    uid === 0 &&
    env.BROKERAGE_PREREQUISITES_NO_INSTALL === undefined &&
    findCommand('apt-get', env) !== undefined &&
    system !== undefined;
  if (!allowed) return undefined;
  return missing.flatMap((name) =>
    name === 'python'
      ? pythonPackages
      : [programs.find((program) => program.name === name).packages[system]],
  );
}

/** The README's test command without the tasks that need the missing programs (and without this
 * step and the summary, which would also count result files of the tiers left out). */
export function testCommandWithout(missing, testScript) {
  const leftOut = new Set(missing.flatMap((name) => tasksNeeding[name]));
  return testScript
    .split(' && ')
    .filter((step) => !/^node scripts\/(prerequisites|test-summary)\.mjs/.test(step))
    .map((step) =>
      step.startsWith('turbo ')
        ? `npx ${step
            .split(' ')
            .filter((word) => !leftOut.has(word))
            .join(' ')}`
        : step,
    )
    .join(' && ');
}

/** The message for a machine that lacks programs and may not install them. */
export function stopMessage(missing, testScript, pythonPackages = []) {
  const programsMissing = missing.filter((name) => name !== 'python');
  return [
    ...(programsMissing.length > 0 ? [missingProgramsMessage(programsMissing)] : []),
    ...(missing.includes('python') ? [missingPythonMessage(pythonPackages)] : []),
    'As root on Debian or Ubuntu, the test command installs them itself with apt-get.',
    `Without ${missing.length > 1 ? 'them' : 'it'}, run the tests that need only Node and npm:`,
    `  ${testCommandWithout(missing, testScript)}`,
  ].join('\n');
}

function readOsRelease() {
  try {
    return readFileSync('/etc/os-release', 'utf8');
  } catch {
    return '';
  }
}

function aptGet(args) {
  const result = spawnSync('apt-get', args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (${result.status})`);
}

/** Checks the programs the root script named by the argument needs (default `test`). */
function main() {
  const scriptName = process.argv[2] ?? 'test';
  const testScript = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')).scripts[
    scriptName
  ];
  const { missing, pythonPackages } = missingFor(testScript);
  if (missing.length === 0) return 0;
  const packages = aptPackages({
    missing,
    pythonPackages,
    uid: process.getuid?.(),
    env: process.env,
    osRelease: readOsRelease(),
  });
  if (packages === undefined) {
    console.error(stopMessage(missing, testScript, pythonPackages));
    return 1;
  }
  console.log(
    `The tests need ${missing.join(', ')}: installing ${packages.join(' ')} with apt-get.`,
  );
  aptGet(['update', '-qq']);
  aptGet(['install', '-y', '-qq', ...packages]);
  const still = missingFor(testScript);
  if (still.missing.length === 0) return 0;
  console.error(stopMessage(still.missing, testScript, still.pythonPackages));
  return 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) process.exitCode = main();
