// The last released document (the baseline of the breaking-change gate and of the API
// changelog): a copy of the bundled document as released, kept in packages/types/released/
// with the version it was released as, written by scripts/release-api.mjs at each release.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './paths.mjs';

export const releasedDir = join(repoRoot, 'packages', 'types', 'released');
export const releasedDocument = join(releasedDir, 'openapi.json');
export const releasedVersionFile = join(releasedDir, 'version.json');
export const typesPackage = join(repoRoot, 'packages', 'types', 'package.json');
export const changesetDir = join(repoRoot, '.changeset');

export const typesVersion = () => JSON.parse(readFileSync(typesPackage, 'utf8')).version;

/** The version the released document was released as, or undefined without one. */
export const releasedVersion = () =>
  existsSync(releasedVersionFile)
    ? JSON.parse(readFileSync(releasedVersionFile, 'utf8')).version
    : undefined;

/** The pending changesets: file name → text (README.md is changesets' own). */
export const pendingChangesets = (dir = changesetDir) =>
  new Map(
    readdirSync(dir)
      .filter((name) => name.endsWith('.md') && name !== 'README.md')
      .map((name) => [name, readFileSync(join(dir, name), 'utf8')]),
  );

export const changesetConfig = (dir = changesetDir) =>
  JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'));
