// The programs outside Node that a test suite on the reference server may need, how to find them
// and the one message saying what is missing and how to install it. Plain JavaScript with no
// dependency: the repository's test command imports it before anything is installed
// (scripts/prerequisites.mjs), and `startScratchRedis()` and the browser tests answer with the
// same message.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Each program: the commands looked up on `PATH` (first found wins) and its package on the
 * common systems. */
export const programs = [
  {
    name: 'redis-server',
    commands: ['redis-server'],
    neededFor: 'a Redis store (startScratchRedis(), the tests on Redis)',
    packages: {
      debian: 'redis-server',
      ubuntu: 'redis-server',
      fedora: 'redis',
      homebrew: 'redis',
      alpine: 'redis',
    },
  },
  {
    name: 'chromium',
    commands: ['chromium', 'chromium-browser'],
    neededFor: 'the pages tested in a headless browser',
    packages: {
      debian: 'chromium',
      // Ubuntu's package installs the snap.
      ubuntu: 'chromium-browser',
      fedora: 'chromium',
      homebrewCask: 'chromium',
      alpine: 'chromium',
    },
  },
];

function programNamed(name) {
  const program = programs.find((candidate) => candidate.name === name);
  if (program === undefined) throw new Error(`Unknown program ${name}`);
  return program;
}

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The path of the executable `command` found on `env.PATH`, or undefined. */
export function findCommand(command, env = process.env) {
  const folders = (env.PATH ?? '').split(delimiter).filter((folder) => folder !== '');
  return folders.map((folder) => join(folder, command)).find(isExecutable);
}

/** The path of the program `name` found on `env.PATH`, or undefined. */
export function findProgram(name, env = process.env) {
  for (const command of programNamed(name).commands) {
    const found = findCommand(command, env);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** The names of the programs (of `names`, default all) not found on `env.PATH`. */
export function missingPrograms(
  names = programs.map((program) => program.name),
  env = process.env,
) {
  return names.filter((name) => findProgram(name, env) === undefined);
}

/** Each system's install command for a list of programs. */
const installers = [
  ['Debian', (list) => `sudo apt-get install ${packagesOf(list, 'debian')}`],
  ['Ubuntu', (list) => `sudo apt-get install ${packagesOf(list, 'ubuntu')}`],
  ['Fedora', (list) => `sudo dnf install ${packagesOf(list, 'fedora')}`],
  [
    'macOS',
    (list) =>
      [
        ['brew install', packagesOf(list, 'homebrew')],
        ['brew install --cask', packagesOf(list, 'homebrewCask')],
      ]
        .filter(([, names]) => names !== '')
        .map(([command, names]) => `${command} ${names}`)
        .join(' && '),
  ],
  ['Alpine', (list) => `sudo apk add ${packagesOf(list, 'alpine')}`],
];

function packagesOf(list, system) {
  return list
    .map((program) => program.packages[system])
    .filter((name) => name !== undefined)
    .join(' ');
}

/** The command that installs the programs `names` on each common system, one line each. */
export function installCommands(names) {
  const list = names.map(programNamed);
  return installers.map(([system, command]) => `  ${`${system}:`.padEnd(8)} ${command(list)}`);
}

/** What is missing, what needs it, and how to install it: the message every check gives. */
export function missingProgramsMessage(names) {
  return [
    `Missing program${names.length > 1 ? 's' : ''} (not found on PATH):`,
    ...names.map((name) => `  ${name}: needed for ${programNamed(name).neededFor}`),
    'Install with:',
    ...installCommands(names),
  ].join('\n');
}

/** Thrown when a program is not found; its message is `missingProgramsMessage`. */
export class MissingProgramError extends Error {
  constructor(names) {
    super(missingProgramsMessage(names));
    this.name = 'MissingProgramError';
    this.programs = names;
  }
}

/** The path of the program `name`, or a `MissingProgramError`. */
export function requireProgram(name, env = process.env) {
  const found = findProgram(name, env);
  if (found === undefined) throw new MissingProgramError([name]);
  return found;
}
