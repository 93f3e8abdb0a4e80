// The API changelog for client users: one section per release, written from the comparison of
// the last released document with the one being released, per operation: added, changed (each
// change, breaking ones marked), removed.
import type { Change } from './model.js';
import { describe } from './report.js';

const fieldText = (change: Change): string =>
  change.field === undefined ? '' : change.field === '' ? ' (body)' : ` \`${change.field}\``;

export function changelogSection(version: string, date: string, changes: Change[]): string {
  const byOperation = new Map<string, Change[]>();
  for (const change of changes)
    byOperation.set(change.operation, [...(byOperation.get(change.operation) ?? []), change]);
  const name = (operation: string, list: Change[]) => {
    const id = list.find((change) => change.operationId !== undefined)?.operationId;
    return `\`${operation}\`${id === undefined ? '' : ` (${id})`}`;
  };
  const added: string[] = [];
  const removed: string[] = [];
  const changed: string[] = [];
  for (const [operation, list] of byOperation) {
    if (list.some((change) => change.kind === 'operation-added'))
      added.push(`- ${name(operation, list)}`);
    else if (list.some((change) => change.kind === 'operation-removed'))
      removed.push(`- ${name(operation, list)}`);
    else {
      changed.push(`- ${name(operation, list)}`);
      for (const change of list) {
        const where = change.place === undefined ? '' : `${change.place}${fieldText(change)}: `;
        changed.push(
          `  - ${change.severity === 'breaking' ? '**breaking**: ' : ''}${where}${describe(change)}`,
        );
      }
    }
  }
  const part = (title: string, lines: string[]) =>
    lines.length === 0 ? [] : [`### ${title}`, '', ...lines, ''];
  const body = [...part('Added', added), ...part('Changed', changed), ...part('Removed', removed)];
  return [
    `## ${version} (${date})`,
    '',
    ...(body.length === 0 ? ['No change to the API.', ''] : body),
  ].join('\n');
}

/** The changelog with a new section on top (below the file's title and introduction). */
export function prependSection(changelog: string, section: string): string {
  const at = changelog.search(/^## /m);
  return at < 0
    ? `${changelog.trimEnd()}\n\n${section}`
    : `${changelog.slice(0, at)}${section}\n${changelog.slice(at)}`;
}
