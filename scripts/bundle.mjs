#!/usr/bin/env node
// Bundles each split document (openapi/openapi.yaml, the brokerage document, and
// openapi/control/control.yaml, the reference server's control API) into one YAML and one JSON
// file in @brokerage/types.
// Usage: node scripts/bundle.mjs [--out-root DIR]
import { runQuietly } from './run-quietly.mjs';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import {
  artefacts,
  bin,
  controlDocumentEntry,
  documentEntry,
  redoclyConfig,
  repoRoot,
} from './paths.mjs';

export function bundle(outRoot = repoRoot) {
  const { bundleYaml, bundleJson, controlBundleYaml, controlBundleJson } = artefacts(outRoot);
  mkdirSync(dirname(bundleYaml), { recursive: true });
  for (const [entry, output, ext] of [
    [documentEntry, bundleYaml, 'yaml'],
    [documentEntry, bundleJson, 'json'],
    [controlDocumentEntry, controlBundleYaml, 'yaml'],
    [controlDocumentEntry, controlBundleJson, 'json'],
  ]) {
    runQuietly(bin('redocly'), [
      'bundle',
      entry,
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
