// The breaking-change gate on our own document: the changes from the last released document
// that can break a user's code pass only when a pending changeset declares a major version for
// @brokerage/types or a package versioned with it (.changeset/config.json `fixed`).
import type { Change } from './model.js';
import { describe } from './report.js';

/** The packages a changeset must bump `major` (any one of them, as `fixed` moves them together). */
export function packagesOfTheDocument(config: { fixed?: string[][] }): string[] {
  const group = (config.fixed ?? []).find((names) => names.includes('@brokerage/types'));
  return group ?? ['@brokerage/types'];
}

/** The bumps a changeset declares (its front matter: `'@brokerage/types': major`). */
export function changesetBumps(text: string): Map<string, string> {
  const bumps = new Map<string, string>();
  const front = /^---\r?\n([\s\S]*?)\r?\n---/.exec(text)?.[1] ?? '';
  for (const line of front.split(/\r?\n/)) {
    const match = /^\s*['"]?([^'":]+)['"]?\s*:\s*(major|minor|patch|none)\s*$/.exec(line);
    if (match?.[1] !== undefined && match[2] !== undefined) bumps.set(match[1].trim(), match[2]);
  }
  return bumps;
}

/** The pending changesets (file name → text) that declare a major version for one of `packages`. */
export const majorChangesets = (changesets: Map<string, string>, packages: string[]): string[] =>
  [...changesets]
    .filter(([, text]) => {
      const bumps = changesetBumps(text);
      return packages.some((name) => bumps.get(name) === 'major');
    })
    .map(([file]) => file);

export interface GateResult {
  ok: boolean;
  breaking: Change[];
  majorChangesets: string[];
  message: string;
}

/** Where a field change is (`response 200 keepModelOpen`); other changes say it themselves. */
const placeText = (change: Change): string =>
  change.kind.startsWith('field-')
    ? [change.place, change.field === '' ? '(body)' : change.field].filter(Boolean).join(' ')
    : '';

/** The gate's verdict and its message (naming each operation, field and what to do). */
export function judgeGate(
  changes: Change[],
  changesets: Map<string, string>,
  packages: string[],
): GateResult {
  const breaking = changes.filter((change) => change.severity === 'breaking');
  const declared = majorChangesets(changesets, packages);
  const lines = breaking.map(
    (change) =>
      `  ${change.operation}${change.operationId === undefined ? '' : ` (${change.operationId})`}: ` +
      `${placeText(change)}${placeText(change) === '' ? '' : ': '}${describe(change)}: ${change.reason}`,
  );
  if (breaking.length === 0) {
    return {
      ok: true,
      breaking,
      majorChangesets: declared,
      message: 'check:breaking: no breaking change since the last release',
    };
  }
  if (declared.length > 0) {
    return {
      ok: true,
      breaking,
      majorChangesets: declared,
      message: `check:breaking: ${breaking.length} breaking change(s) since the last release, declared major by ${declared.join(', ')}:\n${lines.join('\n')}`,
    };
  }
  return {
    ok: false,
    breaking,
    majorChangesets: declared,
    message:
      `check:breaking: ${breaking.length} change(s) since the last release can break users' code:\n${lines.join('\n')}\n\n` +
      'What to do: undo the change (make it additive: keep the old field or status beside the new one, ' +
      'keep a request field optional), or, if the break is meant, declare it: `npx changeset`, choose ' +
      `major for ${packages[0] ?? '@brokerage/types'} and say in the changeset what users must change. ` +
      'Rules: CONTRIBUTING.md, "Breaking changes to the document".',
  };
}
