// The test tiers' prerequisites step: run with a PATH that hides the programs, it stops at once
// with the message and the command of the tasks that need neither, asks only for what its tier
// needs, and never installs unless root on Debian or Ubuntu.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { aptPackages, testCommandWithout } from '../prerequisites.mjs';
import { repoRoot } from '../paths.mjs';

const step = join(repoRoot, 'scripts', 'prerequisites.mjs');
const rootPackage = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
const debian = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nID=debian\n';
const folders = [];
after(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/** A Python for BROKERAGE_PYTHON that finds none of the modules named (`missing`) or all. */
function fakePython(missing) {
  const folder = mkdtempSync(join(tmpdir(), 'prerequisites-python-'));
  folders.push(folder);
  const file = join(folder, 'python3');
  writeFileSync(file, `#!/bin/sh\n${missing ? 'shift 2; echo "$@"' : 'echo'}\n`);
  chmodSync(file, 0o755);
  return file;
}

/** A folder for PATH holding only executables that write their name to `calls` when run. */
function pathWith(...commands) {
  const folder = mkdtempSync(join(tmpdir(), 'prerequisites-'));
  folders.push(folder);
  for (const command of commands) {
    const file = join(folder, command);
    writeFileSync(file, `#!/bin/sh\necho ${command} "$@" >> "${join(folder, 'calls')}"\n`);
    chmodSync(file, 0o755);
  }
  return folder;
}

function runStep(path, script = 'test:full', python = fakePython(false)) {
  return spawnSync(process.execPath, [step, script], {
    encoding: 'utf8',
    env: { PATH: path, BROKERAGE_PREREQUISITES_NO_INSTALL: '1', BROKERAGE_PYTHON: python },
  });
}

describe('the prerequisites step, run', () => {
  test('with the programs hidden, it stops with the message and installs nothing', () => {
    const path = pathWith('apt-get', 'sudo');
    const result = runStep(path);
    assert.equal(result.status, 1);
    assert.equal(result.stdout, '');
    for (const line of [
      'Missing programs (not found on PATH):',
      '  redis-server: needed for',
      '  chromium: needed for',
      '  Debian:  sudo apt-get install redis-server chromium',
      '  Fedora:  sudo dnf install redis chromium',
      '  macOS:   brew install redis && brew install --cask chromium',
      '  Alpine:  sudo apk add redis chromium',
      `  ${testCommandWithout(['redis-server', 'chromium'], rootPackage.scripts['test:full'])}\n`,
    ])
      assert.ok(result.stderr.includes(line), `${line} in:\n${result.stderr}`);
    assert.equal(existsSync(join(path, 'calls')), false);
  });

  test('with one program hidden, it names that one and keeps the tier that needs the other', () => {
    const result = runStep(pathWith('redis-server'));
    assert.equal(result.status, 1);
    assert.match(result.stderr, /^Missing program \(not found on PATH\):\n {2}chromium: /);
    assert.doesNotMatch(result.stderr, /redis-server:/);
    assert.match(result.stderr, / test:redis-pass test:vitest --output-logs/);
  });

  test("for the fast tier (`npm test`), it needs redis-server and Debian's Python packages", () => {
    const result = runStep(pathWith('redis-server'), 'test');
    assert.deepEqual([result.status, result.stdout, result.stderr], [0, '', '']);
  });

  test('without the Python packages, it names them and offers the tier without the Python tests', () => {
    const result = runStep(pathWith('redis-server'), 'test', fakePython(true));
    assert.equal(result.status, 1);
    assert.match(result.stderr, /^Missing Python packages \(for .*python3\): python3-pytest /);
    assert.match(
      result.stderr,
      /sudo apt-get install python3-pytest python3-pytest-xdist python3-jsonschema/,
    );
    assert.ok(
      result.stderr.endsWith(`  ${testCommandWithout(['python'], rootPackage.scripts.test)}\n`),
      result.stderr,
    );
    assert.doesNotMatch(testCommandWithout(['python'], rootPackage.scripts.test), /test:python/);
  });

  test('with every program on PATH, it passes silently', () => {
    const result = runStep(pathWith('redis-server', 'chromium'));
    assert.deepEqual([result.status, result.stdout, result.stderr], [0, '', '']);
  });
});

describe('the tiers it offers', () => {
  const commands = ['test', 'test:full'].map((name) =>
    testCommandWithout(['redis-server', 'chromium'], rootPackage.scripts[name]),
  );

  test('are the test command without the tasks, this step and the summary', () => {
    const script =
      'node scripts/prerequisites.mjs && npm run -s setup && node scripts/check-x.mjs --strict && turbo run build --filter=@brokerage/types && turbo run lint test test:redis test:browser --output-logs=errors-only && node scripts/test-summary.mjs';
    assert.equal(
      testCommandWithout(['redis-server', 'chromium'], script),
      'npm run -s setup && node scripts/check-x.mjs --strict && npx turbo run build --filter=@brokerage/types && npx turbo run lint test --output-logs=errors-only',
    );
    assert.equal(
      testCommandWithout(['chromium'], script),
      'npm run -s setup && node scripts/check-x.mjs --strict && npx turbo run build --filter=@brokerage/types && npx turbo run lint test test:redis --output-logs=errors-only',
    );
  });

  test('name only tasks that a package defines', () => {
    const scripts = readdirSync(join(repoRoot, 'packages')).flatMap((name) =>
      Object.keys(
        JSON.parse(readFileSync(join(repoRoot, 'packages', name, 'package.json'), 'utf8')).scripts,
      ),
    );
    const tasks = commands
      .flatMap((command) => command.split(' && '))
      .filter((step) => step.startsWith('npx turbo run '))
      .flatMap((step) => step.slice('npx turbo run '.length).split(' '))
      .filter((word) => !word.startsWith('--'));
    for (const task of tasks)
      assert.ok(scripts.includes(task) || task in rootPackage.scripts, `${task} is defined`);
  });
});

describe('installing', () => {
  const missing = ['redis-server', 'chromium'];
  const env = { PATH: pathWith('apt-get') };

  test('root on Debian installs their Debian packages', () => {
    assert.deepEqual(aptPackages({ missing, uid: 0, env, osRelease: debian }), [
      'redis-server',
      'chromium',
    ]);
  });

  test("root on Debian installs Debian's Python packages the Python tests lack", () => {
    const pythonPackages = ['python3-pytest', 'python3-httpx'];
    assert.deepEqual(
      aptPackages({
        missing: ['redis-server', 'python'],
        pythonPackages,
        uid: 0,
        env,
        osRelease: debian,
      }),
      ['redis-server', 'python3-pytest', 'python3-httpx'],
    );
  });

  test("root on Ubuntu, or on a system like it, installs Ubuntu's", () => {
    const mint = 'ID=linuxmint\nID_LIKE="ubuntu debian"\n';
    assert.deepEqual(aptPackages({ missing, uid: 0, env, osRelease: mint }), [
      'redis-server',
      'chromium-browser',
    ]);
  });

  test('never as another user, without apt-get, on another system or when forbidden', () => {
    for (const [uid, environment, osRelease] of [
      [1000, env, debian],
      [undefined, env, debian],
      [0, { PATH: pathWith() }, debian],
      [0, env, 'ID=fedora\n'],
      [0, { ...env, BROKERAGE_PREREQUISITES_NO_INSTALL: '1' }, debian],
    ])
      assert.equal(aptPackages({ missing, uid, env: environment, osRelease }), undefined);
  });
});
