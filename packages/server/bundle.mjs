// The build's last step: the server's Node entry points (`.`, `./testing`) and its command bundled
// with what they import, into `dist/bundle/` (shared chunks: one copy of each module for all),
// which the package's exports and bin name. `./core` (the domain for @brokerage/msw, in browsers
// too) stays as tsc wrote it: a browser build bundles it for itself. A process that imports the
// server then reads and links a few files instead of some 330 of its own modules and 400 of its
// dependencies: a test file's start (jest imports @brokerage/testing again in every file) pays
// that at each import, and so does every start of the command.
// What stays outside: what is loaded only on demand by `createRequire` (ioredis for a Redis
// store, pino-http for request logs; esbuild does not follow those), pino (one copy for the
// server, pino-http and a user's logger: pino-http reads a logger through pino's own symbols,
// which a second copy would not share), and the command's TLS certificate generator (imported
// with `--tls`). What a sandbox seldom uses is loaded on use: chunks of their own behind
// `import()` (PDFs, the MCP endpoint, the socket, the command's proxy and subcommands), and,
// below, modules the validator requires when evaluated but rarely uses, and iconv-lite's tables
// (docs/decisions/engineering/server-bundled-entry-points.md). The validator's modules the server
// hooks into are imported statically (`src/http/validator-internals.ts`), so the hooks reach the
// bundled copies.
// Modules loaded by path at run time stay where tsc wrote them: the worker threads' entries
// (`dist/http/validator-warm-thread.js`, `dist/compose/pdf-render-thread.js`). `dist/bundle/` is
// two folders deep, as `dist/http/` and `dist/bin/` are, so the paths modules resolve from
// `import.meta.url` (`../../dist/public/...`) name the same files.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { build } from 'esbuild';

const validatorRequire = createRequire(
  createRequire(import.meta.url).resolve('express-openapi-validator'),
);

/** iconv-lite's code tables of the multi-byte charsets (420 KB of JSON, a request body in
 * Shift_JIS, GBK, Big5 or EUC-KR only) stay files beside the bundle, required from there when a
 * charset first needs one, as iconv-lite itself does: inlined, every process compiled them. */
const iconvTables = {
  name: 'iconv-lite-tables',
  setup(plugin) {
    plugin.onResolve({ filter: /^\.\/tables\/[^/]+\.json$/ }, ({ path, resolveDir }) => {
      if (!/[\\/]iconv-lite[\\/]encodings$/.test(resolveDir)) return undefined;
      const { version } = JSON.parse(readFileSync(join(resolveDir, '../package.json'), 'utf8'));
      const target = join('iconv-lite-tables', version, basename(path));
      mkdirSync(join('dist/bundle', dirname(target)), { recursive: true });
      copyFileSync(join(resolveDir, path), join('dist/bundle', target));
      return { path: `./${target}`, external: true };
    });
  },
};

/** What express-openapi-validator requires when its modules are evaluated but uses only in a case
 * a sandbox does not meet: multer (busboy, its own mime-types and mime-db: 300 KB) for a
 * document with a `multipart/` body (none here), json-schema-ref-parser (with js-yaml: 220 KB)
 * to bundle a document that is not kept bundled (the validator cache's first process, the
 * control API's first request over HTTP). Each is bundled apart (`dist/bundle/<name>.cjs`) and
 * the validator gets a stand-in that requires it on first use: a call, or any member read. */
const requiredOnUse = {
  multer: 'multer.cjs',
  '@apidevtools/json-schema-ref-parser': 'ref-parser.cjs',
};

const onUse = {
  name: 'required-on-use',
  setup(plugin) {
    const names = Object.keys(requiredOnUse).map((name) => name.replace(/[/.]/g, '\\$&'));
    plugin.onResolve({ filter: new RegExp(`^(${names.join('|')})$`) }, ({ path, resolveDir }) =>
      /[\\/]express-openapi-validator[\\/]/.test(resolveDir)
        ? { path, namespace: 'required-on-use' }
        : undefined,
    );
    plugin.onResolve({ filter: /^\.\/[^/]+\.cjs$/, namespace: 'required-on-use' }, ({ path }) => ({
      path,
      external: true,
    }));
    plugin.onLoad({ filter: /.*/, namespace: 'required-on-use' }, ({ path }) => ({
      loader: 'js',
      contents: `let loaded;
const load = () => (loaded ??= require('./${requiredOnUse[path]}'));
module.exports = new Proxy(function () {}, {
  apply: (_, self, args) => Reflect.apply(load(), self, args),
  construct: (_, args) => Reflect.construct(load(), args),
  get: (_, key) => load()[key],
  has: (_, key) => key in load(),
});`,
    }));
  },
};

for (const [name, file] of Object.entries(requiredOnUse)) {
  await build({
    entryPoints: [validatorRequire.resolve(name)],
    outfile: `dist/bundle/${file}`,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    logLevel: 'warning',
  });
}

await build({
  entryPoints: { index: 'dist/index.js', testing: 'dist/testing.js', cli: 'dist/bin/cli.js' },
  outdir: 'dist/bundle',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['ioredis', 'selfsigned', 'pino'],
  // The bundled CommonJS modules call `require` (Node's built-in modules among them).
  banner: {
    js: "import { createRequire as bundleCreateRequire } from 'node:module'; const require = bundleCreateRequire(import.meta.url);",
  },
  // Not `keepNames`: it names every function made per request at run time (1 % of a read's
  // CPU time). The names read at run time (the validator's middlewares, told apart by name) are
  // those of function expressions, which bundling keeps.
  plugins: [iconvTables, onUse],
  logLevel: 'warning',
});

// The command keeps its path (the package's bin, and the path users give the Python sandbox):
// tsc's `dist/bin/cli.js` becomes the one line that runs the bundled command, which loads a few
// files where the modules as tsc wrote them were some 730 (a start: about 1 s of CPU to 0.4 s).
writeFileSync('dist/bin/cli.js', "#!/usr/bin/env node\nimport '../bundle/cli.js';\n");
