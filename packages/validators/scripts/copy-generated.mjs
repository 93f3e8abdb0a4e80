#!/usr/bin/env node
// The build's last step: the generated validator modules are JavaScript with their declarations
// (see generate-validators.mjs), which `tsc` does not emit; they go into dist/ as they are.
import { cpSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));
const from = join(packageRoot, 'src', 'generated');
const to = join(packageRoot, 'dist', 'generated');
const copied = readdirSync(from).filter((name) => name.endsWith('.js') || name.endsWith('.d.ts'));
for (const name of copied) cpSync(join(from, name), join(to, name));
