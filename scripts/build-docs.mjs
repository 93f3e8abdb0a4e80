#!/usr/bin/env node
// Builds the Redoc HTML pages of the bundled documents, with Redoc inlined so that they work
// offline: the brokerage document at --out, and the reference server's control API document at
// --control-out (by default `control.html` next to --out). Redoc's own logo, which it loads from
// its CDN, is replaced by an inline image, so that a page never reaches the network.
// Usage: node scripts/build-docs.mjs --out FILE [--spec FILE] [--title TEXT]
//          [--control-out FILE] [--control-spec FILE] [--control-title TEXT]
import { runQuietly } from './run-quietly.mjs';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { artefacts, bin, redoclyConfig } from './paths.mjs';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    spec: { type: 'string', default: artefacts().bundleYaml },
    title: { type: 'string', default: 'Brokerage Web API' },
    'control-out': { type: 'string' },
    'control-spec': { type: 'string', default: artefacts().controlBundleYaml },
    'control-title': { type: 'string', default: 'Brokerage reference server control API' },
  },
});
if (!values.out) throw new Error('--out FILE is required');

const inlineLogo =
  "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='60' height='16'%3E" +
  "%3Ctext x='0' y='12' font-family='sans-serif' font-size='12' fill='%23808080'%3ERedocly%3C/text%3E%3C/svg%3E";
const remoteLogos = [
  'https://cdn.redoc.ly/redoc/logo-mini-full.svg',
  'https://cdn.redoc.ly/redoc/logo-mini.svg',
];

function keepOffline(file) {
  let html = readFileSync(file, 'utf8');
  for (const logo of remoteLogos) html = html.replaceAll(logo, inlineLogo);
  if (html.includes('https://cdn.redoc.ly/')) {
    throw new Error(
      `${file} still loads something from cdn.redoc.ly: update scripts/build-docs.mjs`,
    );
  }
  writeFileSync(file, html);
}

function buildPage(spec, title, out) {
  mkdirSync(dirname(out), { recursive: true });
  runQuietly(bin('redocly'), [
    'build-docs',
    spec,
    '--config',
    redoclyConfig,
    '--inlineBundle',
    '--title',
    title,
    '-o',
    out,
  ]);
  keepOffline(out);
}

buildPage(values.spec, values.title, values.out);
buildPage(
  values['control-spec'],
  values['control-title'],
  values['control-out'] ?? join(dirname(values.out), 'control.html'),
);
