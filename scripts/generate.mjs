#!/usr/bin/env node
// Regenerates every committed artefact from the document: the bundle, then the types.
// Usage: node scripts/generate.mjs [--out-root DIR]
import { parseArgs } from 'node:util';
import { bundle } from './bundle.mjs';
import { generateTypes } from './generate-types.mjs';

export async function generate(outRoot) {
  bundle(outRoot);
  await generateTypes(outRoot);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { 'out-root': { type: 'string' } } });
  await generate(values['out-root']);
}
