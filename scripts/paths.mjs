// Where the documents live (the brokerage document, the reference server's control API
// document and the streaming document) and where their generated artefacts go, relative to a root folder (the repository,
// or a scratch copy when checking for drift).
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export const documentEntry = join(repoRoot, 'openapi', 'openapi.yaml');
export const controlDocumentEntry = join(repoRoot, 'openapi', 'control', 'control.yaml');
export const asyncapiEntry = join(repoRoot, 'asyncapi', 'asyncapi.yaml');
export const redoclyConfig = join(repoRoot, 'redocly.yaml');

/** Ajv standalone validators of @brokerage/validators, generated from the bundled document: the
 * validator modules as JavaScript with declarations, the catalog and guards as TypeScript. */
export const validatorFiles = [
  'body-validators.js',
  'body-validators.d.ts',
  'param-validators.js',
  'param-validators.d.ts',
  'catalog.ts',
  'guards.ts',
  'stream-validators.js',
  'stream-validators.d.ts',
  'stream-catalog.ts',
];

/** The Python package's generated files (scripts/generate-python.mjs). */
const pythonArtefacts = (root) => {
  const src = join(root, 'packages', 'python', 'src');
  return {
    'python:document.json': join(src, 'brokerage_validators', 'generated', 'document.json'),
    'python:types.py': join(src, 'brokerage_validators', 'types.py'),
    'python:_version.py': join(src, 'brokerage_validators', '_version.py'),
    'python:control_types.py': join(src, 'brokerage_sandbox', 'control_types.py'),
    'python:_control_api.py': join(src, 'brokerage_sandbox', '_control_api.py'),
  };
};

export const artefacts = (root = repoRoot) => ({
  bundleYaml: join(root, 'packages', 'types', 'generated', 'openapi.yaml'),
  bundleJson: join(root, 'packages', 'types', 'generated', 'openapi.json'),
  bundleJsonHash: join(root, 'packages', 'types', 'generated', 'openapi.json.sha256'),
  types: join(root, 'packages', 'types', 'src', 'generated', 'openapi.ts'),
  operationRoutes: join(root, 'packages', 'types', 'src', 'generated', 'operation-routes.ts'),
  controlBundleYaml: join(root, 'packages', 'types', 'generated', 'control.openapi.yaml'),
  controlBundleJson: join(root, 'packages', 'types', 'generated', 'control.openapi.json'),
  controlTypes: join(root, 'packages', 'types', 'src', 'generated', 'control.ts'),
  streamingBundleYaml: join(root, 'packages', 'types', 'generated', 'asyncapi.yaml'),
  streamingBundleJson: join(root, 'packages', 'types', 'generated', 'asyncapi.json'),
  streamingTypes: join(root, 'packages', 'types', 'src', 'generated', 'streaming.ts'),
  ...pythonArtefacts(root),
  ...Object.fromEntries(
    validatorFiles.map((name) => [
      `validators:${name}`,
      join(root, 'packages', 'validators', 'src', 'generated', name),
    ]),
  ),
});

export const bin = (name) => join(repoRoot, 'node_modules', '.bin', name);
