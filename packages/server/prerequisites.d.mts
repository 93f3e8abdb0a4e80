// Types of prerequisites.mjs (plain JavaScript: it runs before anything is installed).

/** A program outside Node that a test suite may need. */
export interface Program {
  name: ProgramName;
  /** The commands looked up on `PATH`, first found wins. */
  commands: string[];
  neededFor: string;
  /** Its package on each common system (`homebrewCask`: a Homebrew cask). */
  packages: Partial<
    Record<'debian' | 'ubuntu' | 'fedora' | 'homebrew' | 'homebrewCask' | 'alpine', string>
  >;
}

export type ProgramName = 'redis-server' | 'chromium';

export const programs: Program[];

/** The path of the executable `command` found on `env.PATH`, or undefined. */
export function findCommand(command: string, env?: NodeJS.ProcessEnv): string | undefined;

/** The path of the program found on `env.PATH`, or undefined. */
export function findProgram(name: ProgramName, env?: NodeJS.ProcessEnv): string | undefined;

/** The names of the programs (of `names`, default all) not found on `env.PATH`. */
export function missingPrograms(names?: ProgramName[], env?: NodeJS.ProcessEnv): ProgramName[];

/** The command that installs the programs on each common system, one line each. */
export function installCommands(names: ProgramName[]): string[];

/** What is missing, what needs it, and how to install it. */
export function missingProgramsMessage(names: ProgramName[]): string;

/** Thrown when a program is not found; its message is `missingProgramsMessage`. */
export class MissingProgramError extends Error {
  constructor(names: ProgramName[]);
  readonly programs: ProgramName[];
}

/** The path of the program, or a `MissingProgramError`. */
export function requireProgram(name: ProgramName, env?: NodeJS.ProcessEnv): string;
