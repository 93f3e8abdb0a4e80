import { register } from 'node:module';

register('./support/ts-hooks.mjs', import.meta.url);

/** Prints the coverage figure and applies the gate (src/coverage-gate.ts). */
export default async function globalTeardown(globalConfig) {
  const { finishRun } = await import('../src/coverage-gate.ts');
  finishRun(globalConfig);
}
