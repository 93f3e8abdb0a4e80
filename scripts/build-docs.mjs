#!/usr/bin/env node
// Builds the Redoc HTML pages of the bundled documents, with Redoc inlined so that they work
// offline: the brokerage document at --out, and the reference server's control API document at
// --control-out (by default `control.html` next to --out). Redoc's own logo, which it loads from
// its CDN, is replaced by an inline image, so that a page never reaches the network. The
// streaming document (AsyncAPI) gets its page at --streaming-out (by default `streaming.html`
// next to --out): the AsyncAPI React component's standalone bundle and styles, inlined.
// Usage: node scripts/build-docs.mjs --out FILE [--spec FILE] [--title TEXT]
//          [--control-out FILE] [--control-spec FILE] [--control-title TEXT]
//          [--streaming-out FILE] [--streaming-spec FILE]
import { runQuietly } from './run-quietly.mjs';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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
    'streaming-out': { type: 'string' },
    'streaming-spec': { type: 'string', default: artefacts().streamingBundleJson },
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

const require = createRequire(import.meta.url);
const component = (file) =>
  readFileSync(require.resolve(`@asyncapi/react-component/${file}`), 'utf8');
/** Text safe inside an inline <script> or <style> element: nothing in it may close the element. */
const inlined = (text) => text.replace(/<\/(script|style)/gi, '<\\/$1');

function buildStreamingPage(spec, out) {
  const document = JSON.parse(readFileSync(spec, 'utf8'));
  const config = {
    show: { sidebar: true, errors: true },
    sidebar: { showOperations: 'byDefault' },
  };
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${document.info.title}</title>
<style>${inlined(component('styles/default.min.css'))}</style>
</head>
<body>
<div id="asyncapi"></div>
<script>${inlined(component('browser/standalone/index.js'))}</script>
<script>
AsyncApiStandalone.render(
  { schema: ${inlined(JSON.stringify(document))}, config: ${JSON.stringify(config)} },
  document.getElementById('asyncapi'),
);
</script>
</body>
</html>
`;
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, html);
}

buildStreamingPage(
  values['streaming-spec'],
  values['streaming-out'] ?? join(dirname(values.out), 'streaming.html'),
);
