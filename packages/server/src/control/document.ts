import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);
const typesRoot = dirname(require.resolve('@brokerage/types/package.json'));

/** Absolute paths of the bundled control API document (openapi/control/), as @brokerage/types
 * ships it next to the brokerage document. */
export const controlDocumentFiles = {
  json: join(typesRoot, 'generated', 'control.openapi.json'),
  yaml: join(typesRoot, 'generated', 'control.openapi.yaml'),
};
