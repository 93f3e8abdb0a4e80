// `npm run pack`: every public package built and packed into one folder (default `tarballs/`,
// else `--out <dir>`), the tarballs a project installs with plain npm until the packages are on
// the registry. The install tests (packages/install-tests) pack with this same command.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { bin, repoRoot } from './paths.mjs';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: 'tarballs' },
    // For a caller that has built the packages already (the install tests run after turbo's
    // builds): building again would rewrite dist/ while other suites read it.
    'skip-build': { type: 'boolean', default: false },
  },
});
const out = resolve(values.out);

// The packages a user installs: every package of packages/ that is not private.
const packages = readdirSync(join(repoRoot, 'packages'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => ({
    dir: join(repoRoot, 'packages', entry.name),
    manifest: JSON.parse(
      readFileSync(join(repoRoot, 'packages', entry.name, 'package.json'), 'utf8'),
    ),
  }))
  .filter(({ manifest }) => !manifest.private);
if (!values['skip-build']) {
  execFileSync(
    bin('turbo'),
    [
      'run',
      'build',
      '--output-logs=errors-only',
      ...packages.map(({ manifest }) => `--filter=${manifest.name}`),
    ],
    { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] },
  );
}
mkdirSync(out, { recursive: true });
for (const { dir } of packages) {
  execFileSync(bin('pnpm'), ['pack', '--pack-destination', out], { cwd: dir, stdio: 'ignore' });
}
const tarballs = readdirSync(out).filter((file) => file.endsWith('.tgz'));
console.log(`${tarballs.length} tarballs in ${out}; in your project:`);
console.log(`npm install ${tarballs.map((file) => join(out, file)).join(' ')}`);
