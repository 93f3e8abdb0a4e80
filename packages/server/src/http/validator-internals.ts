// The modules of express-openapi-validator (5.6.x, pinned) and of its Ajv that the server hooks
// into: the Ajv factory (`validator-cache.ts`), the spec loader, framework and preprocessor
// (`validator-spec.ts`), the document's own schema validator, the route compiler
// (`openapi-validator.ts`), Ajv's code generator and its walk for identifiers (`validator-cache.ts`). Imported statically, by the paths the
// validator requires them from, so that bundled (`bundle.mjs`) or not, each hook reaches the one
// copy the validator runs (a `createRequire` of node_modules would reach another copy than the
// bundle's). The server depends on the same `ajv` and `path-to-regexp` versions the validator
// resolves, so that each names one file.
import * as ajvModule from 'ajv';
import * as ajvResolveModule from 'ajv/dist/compile/resolve.js';
import * as pathToRegexpModule from 'path-to-regexp';
import * as ajvFactoryModule from 'express-openapi-validator/dist/framework/ajv/index.js';
import * as frameworkModule from 'express-openapi-validator/dist/framework/index.js';
import * as specLoaderModule from 'express-openapi-validator/dist/framework/openapi.spec.loader.js';
import * as specValidatorModule from 'express-openapi-validator/dist/framework/openapi.schema.validator.js';
import * as preprocessorModule from 'express-openapi-validator/dist/middlewares/parsers/schema.preprocessor.js';
import * as validatorModule from 'express-openapi-validator/dist/openapi.validator.js';

/** A CommonJS module's `module.exports` (the object the other modules read its functions from,
 * at each call: replacing one of them there reaches every caller). */
const exportsOf = (namespace: object): Record<string, unknown> =>
  (namespace as { default?: Record<string, unknown> }).default ??
  (namespace as Record<string, unknown>);

export const validatorInternals = {
  ajvFactory: exportsOf(ajvFactoryModule),
  framework: exportsOf(frameworkModule),
  specLoader: exportsOf(specLoaderModule),
  specValidator: exportsOf(specValidatorModule),
  preprocessor: exportsOf(preprocessorModule),
  validator: exportsOf(validatorModule),
  pathToRegexp: exportsOf(pathToRegexpModule),
  ajv: exportsOf(ajvModule),
  ajvResolve: exportsOf(ajvResolveModule),
};
