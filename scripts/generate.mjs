#!/usr/bin/env node
// Regenerates every committed artefact from the documents: the bundles, the types, then the
// payload validators of @brokerage/validators (HTTP and streaming), then the Python package's
// validator data, TypedDicts and control client (scripts/generate-python.mjs).
// Usage: node scripts/generate.mjs [--out-root DIR]
import { parseArgs } from 'node:util';
import { bundle } from './bundle.mjs';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { generatePython } from './generate-python.mjs';
import { generateTypes } from './generate-types.mjs';
import { artefacts } from './paths.mjs';
import {
  generate as generateValidators,
  generateStreamValidators,
} from '../packages/validators/scripts/generate-validators.mjs';

export async function generate(outRoot) {
  bundle(outRoot);
  await generateTypes(outRoot);
  const files = artefacts(outRoot);
  const read = (file) => JSON.parse(readFileSync(file, 'utf8'));
  const validatorsDir = dirname(files['validators:catalog.ts']);
  generateValidators(read(files.bundleJson), validatorsDir);
  generateStreamValidators(read(files.streamingBundleJson), validatorsDir);
  generatePython(outRoot);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { 'out-root': { type: 'string' } } });
  await generate(values['out-root']);
}
