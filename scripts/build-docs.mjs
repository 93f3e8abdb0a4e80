#!/usr/bin/env node
// Builds the Redoc HTML page of the bundled document, with Redoc inlined so that it works offline.
// Usage: node scripts/build-docs.mjs --out FILE [--spec FILE] [--title TEXT]
import { runQuietly } from './run-quietly.mjs';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { parseArgs } from 'node:util';
import { artefacts, bin, redoclyConfig } from './paths.mjs';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    spec: { type: 'string', default: artefacts().bundleYaml },
    title: { type: 'string', default: 'Brokerage Web API' },
  },
});
if (!values.out) throw new Error('--out FILE is required');
mkdirSync(dirname(values.out), { recursive: true });
runQuietly(bin('redocly'), [
  'build-docs',
  values.spec,
  '--config',
  redoclyConfig,
  '--inlineBundle',
  '--title',
  values.title,
  '-o',
  values.out,
]);
