#!/usr/bin/env node
// The release step of the API (run by `npm run version-packages`, after `changeset version` has
// set the new versions): adds the section of the new version to the API changelog for client
// users (packages/types/API-CHANGELOG.md: per operation, added, changed and removed, from the
// comparison of the last released document with this one), then keeps this document as the
// released one (packages/types/released/), the baseline of the breaking-change gate.
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  changelogSection,
  compareSurfaces,
  prependSection,
  readDescription,
} from '../packages/types/dist/drift/index.js';
import { artefacts, repoRoot } from './paths.mjs';
import {
  releasedDir,
  releasedDocument,
  releasedVersion,
  releasedVersionFile,
  typesVersion,
} from './released-api.mjs';

const version = typesVersion();
if (releasedVersion() === version) {
  console.log(`release-api: ${version} is already the released document; nothing to do`);
  process.exit(0);
}
const changelog = join(repoRoot, 'packages', 'types', 'API-CHANGELOG.md');
const schemasOnly = { examples: false };
const current = readDescription(artefacts().bundleJson, schemasOnly);
const changes = existsSync(releasedDocument)
  ? compareSurfaces(readDescription(releasedDocument, schemasOnly), current)
  : [];
const section = changelogSection(version, new Date().toISOString().slice(0, 10), changes);
writeFileSync(changelog, prependSection(readFileSync(changelog, 'utf8'), section));
mkdirSync(releasedDir, { recursive: true });
copyFileSync(artefacts().bundleJson, releasedDocument);
writeFileSync(releasedVersionFile, `${JSON.stringify({ version }, null, 2)}\n`);
console.log(`release-api: ${version}: ${changes.length} changes written to the API changelog`);
