#!/usr/bin/env node
// Bundles each split document (openapi/openapi.yaml, the brokerage document,
// openapi/control/control.yaml, the reference server's control API, and asyncapi/asyncapi.yaml,
// the streaming document) into one YAML and one JSON file in @brokerage/types. The streaming
// document is bundled dereferenced: its schemas reach into the OpenAPI components property by
// property, which a referencing bundle would turn into components named after the properties.
// Beside the brokerage document's JSON, the SHA-256 of its text (`openapi.json.sha256`): the
// reference server names what it derives from the document by it (its validator cache) without
// reading and hashing the 1.4 MB at every start.
// Usage: node scripts/bundle.mjs [--out-root DIR]
import { runQuietly } from './run-quietly.mjs';
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, extname, join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  artefacts,
  asyncapiEntry,
  bin,
  controlDocumentEntry,
  documentEntry,
  redoclyConfig,
  repoRoot,
} from './paths.mjs';

export function bundle(outRoot = repoRoot) {
  const {
    bundleYaml,
    bundleJson,
    bundleJsonHash,
    controlBundleYaml,
    controlBundleJson,
    streamingBundleYaml,
    streamingBundleJson,
  } = artefacts(outRoot);
  mkdirSync(dirname(bundleYaml), { recursive: true });
  // One run of the CLI per extension bundles the three documents (a run's start is most of its
  // cost), each into a file named after its entry, then moved to its artefact's name.
  const entries = [
    [documentEntry, { yaml: bundleYaml, json: bundleJson }],
    [controlDocumentEntry, { yaml: controlBundleYaml, json: controlBundleJson }],
    [asyncapiEntry, { yaml: streamingBundleYaml, json: streamingBundleJson }],
  ];
  const scratch = mkdtempSync(join(tmpdir(), 'brokerage-bundle-'));
  try {
    for (const ext of ['yaml', 'json']) {
      runQuietly(bin('redocly'), [
        'bundle',
        ...entries.map(([entry]) => entry),
        '--config',
        redoclyConfig,
        '--ext',
        ext,
        '-o',
        scratch,
      ]);
      for (const [entry, outputs] of entries) {
        copyFileSync(join(scratch, `${basename(entry, extname(entry))}.${ext}`), outputs[ext]);
      }
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const hash = createHash('sha256').update(readFileSync(bundleJson)).digest('hex');
  writeFileSync(bundleJsonHash, `${hash}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { 'out-root': { type: 'string' } } });
  bundle(values['out-root']);
}
