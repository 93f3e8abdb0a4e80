#!/usr/bin/env node
// The breaking-change gate (npm run check:breaking; part of npm test): compares the bundled
// document with the last released one (packages/types/released/) and fails on a change that can
// break users' code (the rules: packages/types/src/drift/severity.ts and CONTRIBUTING.md) unless
// a pending changeset declares a major version for @brokerage/types or a package fixed with it.
// It also fails when the released copy does not stand for the package's current version (a
// release that skipped scripts/release-api.mjs).
//
// Usage: node scripts/check-breaking.mjs [--document <file>] [--changesets <dir>]
//   (both for the tests: another document than the bundle, another changeset folder)
import { parseArgs } from 'node:util';
import {
  compareSurfaces,
  judgeGate,
  packagesOfTheDocument,
  readDescription,
} from '../packages/types/dist/drift/index.js';
import { artefacts } from './paths.mjs';
import {
  changesetConfig,
  changesetDir,
  pendingChangesets,
  releasedDocument,
  releasedVersion,
  typesVersion,
} from './released-api.mjs';

const { values } = parseArgs({
  options: { document: { type: 'string' }, changesets: { type: 'string' } },
});
const released = releasedVersion();
if (released !== typesVersion()) {
  console.error(
    `check:breaking: packages/types/released/ holds the document of ${released ?? 'no version'}, ` +
      `but @brokerage/types is at ${typesVersion()}: a release must run \`node scripts/release-api.mjs\` ` +
      '(npm run version-packages does) to keep the released document and the API changelog.',
  );
  process.exit(1);
}
// Users' types come from the schemas: a field only an example still shows is gone for them.
const ourSchemasOnly = { examples: false };
const dir = values.changesets ?? changesetDir;
const result = judgeGate(
  compareSurfaces(
    readDescription(releasedDocument, ourSchemasOnly),
    readDescription(values.document ?? artefacts().bundleJson, ourSchemasOnly),
  ),
  pendingChangesets(dir),
  packagesOfTheDocument(changesetConfig(dir)),
);
(result.ok ? console.log : console.error)(result.message);
process.exit(result.ok ? 0 : 1);
