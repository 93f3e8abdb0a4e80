// The build's last step: the server's Node entry points (`.`, `./testing`) bundled with what
// they import, into `dist/bundle/` (shared chunks: one copy of each module for both), which the
// package's exports name. `./core` (the domain for @brokerage/msw, in browsers too) stays as tsc
// wrote it: a browser build bundles it for itself. A process that imports the server then reads and links a few
// files instead of some 330 of its own modules and 400 of its dependencies: a test file's start
// (jest imports @brokerage/testing again in every file) pays that at each import.
// What stays outside: what is loaded only on demand by `createRequire` (ioredis for a Redis
// store, pino-http for request logs; esbuild does not follow those), and the command's TLS
// certificate generator. The validator's modules the server hooks into are imported statically
// (`src/http/validator-internals.ts`), so the hooks reach the bundled copies.
// Modules loaded by path at run time stay where tsc wrote them: the worker threads' entries
// (`dist/http/validator-warm-thread.js`, `dist/compose/pdf-render-thread.js`), and the command
// (`dist/bin/cli.js`). `dist/bundle/` is two folders deep, as `dist/http/` is, so the paths
// modules resolve from `import.meta.url` (`../../dist/public/...`) name the same files.
import { build } from 'esbuild';

await build({
  entryPoints: { index: 'dist/index.js', testing: 'dist/testing.js' },
  outdir: 'dist/bundle',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['ioredis', 'selfsigned'],
  // The bundled CommonJS modules call `require` (Node's built-in modules among them).
  banner: {
    js: "import { createRequire as bundleCreateRequire } from 'node:module'; const require = bundleCreateRequire(import.meta.url);",
  },
  // Not `keepNames`: it names every function made per request at run time (1 % of a read's
  // CPU time). The names read at run time (the validator's middlewares, told apart by name) are
  // those of function expressions, which bundling keeps.
  logLevel: 'warning',
});
