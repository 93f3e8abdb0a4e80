import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));
const script = join(packageRoot, 'scripts', 'generate-validators.mjs');
const committed = join(packageRoot, 'src', 'generated');
const scratch = mkdtempSync(join(tmpdir(), 'validators-generate-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

// The command on a document of one operation (a second of CPU instead of several for the whole
// document). That the committed files are what the whole document generates is the test
// command's drift check (scripts/check-generated.mjs, through the same generating functions).
const bundled = JSON.parse(
  readFileSync(createRequire(import.meta.url).resolve('@brokerage/types/openapi.json'), 'utf8'),
) as { paths: Record<string, unknown> };
const [ledger] = Object.keys(bundled.paths).filter((path) => path.endsWith('/ledger'));
const oneOperation = join(scratch, 'one-operation.json');
writeFileSync(
  oneOperation,
  JSON.stringify({ ...bundled, paths: { [ledger ?? '']: bundled.paths[ledger ?? ''] } }),
);

const generate = (...args: string[]) =>
  spawnSync(process.execPath, [script, '--document', oneOperation, ...args], {
    encoding: 'utf8',
  });

describe('generate-validators', () => {
  it('writes to --out-dir every file the package commits', () => {
    const out = join(scratch, 'fresh');
    expect(generate('--out-dir', out).status).toBe(0);
    expect(readdirSync(out).sort()).toEqual(readdirSync(committed).sort());
    expect(readFileSync(join(out, 'catalog.ts'), 'utf8')).toContain('"getLedger"');
  });

  it('passes --check on what it wrote, fails it with the stale file named when one differs', () => {
    const out = join(scratch, 'checked');
    generate('--out-dir', out);
    expect(generate('--check', '--out-dir', out).status).toBe(0);
    writeFileSync(join(out, 'guards.ts'), '// edited\n');
    const result = generate('--check', '--out-dir', out);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/stale: .*guards\.ts/);
  });

  it('generates code that runs under a strict CSP: no eval, no Function constructor, no run-time compilation', () => {
    for (const file of ['body-validators.js', 'param-validators.js']) {
      const code = readFileSync(join(committed, file), 'utf8');
      expect(code).not.toMatch(
        /\bnew Function\b|\beval\(|\brequire\(|from 'ajv'|ajv\/dist\/(2020|core)/,
      );
    }
  });
});
