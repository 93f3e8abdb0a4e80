import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageRoot = fileURLToPath(new URL('..', import.meta.url));
const script = join(packageRoot, 'scripts', 'generate-validators.mjs');
const committed = join(packageRoot, 'src', 'generated');
const scratch = mkdtempSync(join(tmpdir(), 'validators-generate-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const check = (outDir: string) =>
  spawnSync(process.execPath, [script, '--check', '--out-dir', outDir], { encoding: 'utf8' });

describe('generate-validators', () => {
  // Each run generates every validator (seconds of CPU): one run to a scratch folder serves both
  // the file list and the contents; the test command's drift check (scripts/check-generated.mjs)
  // runs `--check` on the committed folder.
  it('writes to --out-dir the files it commits, as committed', () => {
    const out = join(scratch, 'fresh');
    execFileSync(process.execPath, [script, '--out-dir', out]);
    const files = readdirSync(committed).sort();
    expect(readdirSync(out).sort()).toEqual(files);
    for (const file of files) {
      expect(readFileSync(join(out, file), 'utf8')).toBe(
        readFileSync(join(committed, file), 'utf8'),
      );
    }
  });

  it('fails --check with the stale file named when a generated file differs', () => {
    const copy = join(scratch, 'stale');
    cpSync(committed, copy, { recursive: true });
    writeFileSync(join(copy, 'guards.ts'), '// edited\n');
    const result = check(copy);
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
