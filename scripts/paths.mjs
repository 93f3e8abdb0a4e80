// Where the document lives and where its generated artefacts go, relative to a root folder
// (the repository, or a scratch copy when checking for drift).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export const documentEntry = join(repoRoot, 'openapi', 'openapi.yaml');
export const redoclyConfig = join(repoRoot, 'redocly.yaml');

export const artefacts = (root = repoRoot) => ({
  bundleYaml: join(root, 'packages', 'types', 'generated', 'openapi.yaml'),
  bundleJson: join(root, 'packages', 'types', 'generated', 'openapi.json'),
  types: join(root, 'packages', 'types', 'src', 'generated', 'openapi.ts'),
});

export const bin = (name) => join(repoRoot, 'node_modules', '.bin', name);
