// Builds the browser test's folder: the page bundled for the browser (esbuild), its HTML, and
// MSW's service worker written by `msw init`.
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));

export async function buildPage(folder: string): Promise<void> {
  await build({
    entryPoints: [join(here, 'page.ts')],
    outfile: join(folder, 'page.js'),
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
  });
  await writeFile(
    join(folder, 'index.html'),
    '<!doctype html><meta charset="utf-8"><title>brokerage MSW</title><script type="module" src="/page.js"></script>',
  );
  const cli = join(dirname(require.resolve('msw/package.json')), 'cli', 'index.js');
  await promisify(execFile)(process.execPath, [cli, 'init', folder, '--no-save']);
}
