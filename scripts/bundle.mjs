#!/usr/bin/env node
// Bundles the split document (openapi/) into one YAML and one JSON file in @brokerage/types.
// Usage: node scripts/bundle.mjs [--out-root DIR]
import { runQuietly } from './run-quietly.mjs';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { artefacts, bin, documentEntry, redoclyConfig, repoRoot } from './paths.mjs';

export function bundle(outRoot = repoRoot) {
  const { bundleYaml, bundleJson } = artefacts(outRoot);
  mkdirSync(dirname(bundleYaml), { recursive: true });
  for (const [output, ext] of [
    [bundleYaml, 'yaml'],
    [bundleJson, 'json'],
  ]) {
    runQuietly(bin('redocly'), [
      'bundle',
      documentEntry,
      '--config',
      redoclyConfig,
      '--ext',
      ext,
      '-o',
      output,
    ]);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { 'out-root': { type: 'string' } } });
  bundle(values['out-root']);
}
