// No tracked file keeps a merge conflict's markers, neither as git writes them nor as prettier
// rewrites them in Markdown (`> > > > > > > main`, a quote nested seven deep): a conflict
// resolved by committing both sides must fail the test command.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** `path:line: text` of every tracked line that matches the pattern (none: empty). */
function trackedLines(pattern) {
  try {
    return execFileSync('git', ['grep', '-n', '-I', '-E', pattern, '--', '.'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean);
  } catch (error) {
    if (error.status === 1) return []; // git grep: no line matched
    throw error;
  }
}

test('no tracked file keeps merge conflict markers', () => {
  const markers = trackedLines('^(<{7} |>{7} |\\|{7} |={7}$|(> ){7})');
  assert.deepEqual(markers, [], `resolve these conflicts:\n${markers.join('\n')}`);
});
