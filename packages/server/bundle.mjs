// The build's last step: the server's entry points (`.`, `./core`, `./testing`) as one bundle of
// the package's own modules, with shared chunks (`dist/bundle/`, what the package's exports name).
// A process that imports the server then reads and links a few files instead of some 330 modules:
// a test file's start (every jest file imports @brokerage/testing again) pays that at each import.
// Dependencies stay outside (`packages: 'external'`): they resolve from node_modules as before,
// so that express-openapi-validator and its Ajv are the copies the validator cache hooks into.
// Modules loaded by path at run time stay where tsc wrote them: the worker threads' entries
// (`dist/http/validator-warm-thread.js`, `dist/compose/pdf-render-thread.js`), and the command
// (`dist/bin/cli.js`). `dist/bundle/` is two folders deep, as `dist/http/` is, so the paths
// modules resolve from `import.meta.url` (`../../dist/public/...`) name the same files.
import { build } from 'esbuild';

await build({
  entryPoints: { index: 'dist/index.js', core: 'dist/core.js', testing: 'dist/testing.js' },
  outdir: 'dist/bundle',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  // Function names are read at run time (the validator's middlewares are told apart by name).
  keepNames: true,
  logLevel: 'warning',
});
