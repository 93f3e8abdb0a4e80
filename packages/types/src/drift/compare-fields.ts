// Compares the fields of one place of an operation (its request body, a parameter place, one
// response's body) on two sides: a field gone and one new under the same parent, of the same
// type and a like name, are one rename; the fields beneath a renamed one are compared under its
// new name; the fields beneath a removed or added one are counted in it, not listed.
import type { Change, FieldFacts, OperationSurface, Place } from './model.js';
import { nameSimilarity, renameThreshold } from './names.js';
import { parentOf, pointerText, segmentsOf } from './pointers.js';
import {
  judgeAdded,
  judgeEnum,
  judgeFormat,
  judgeRemoved,
  judgeRenamed,
  judgeRequired,
  judgeTypes,
  type Judged,
} from './severity.js';

export const label = (operation: OperationSurface): string =>
  `${operation.method} ${operation.path}`;

type Fields = Record<string, FieldFacts>;

/** Types as a rename compares them: null aside, an integer a number (an example's 0 is an
 * integer where the schema says number); no type at all (any value) goes with every type; and
 * where one side is an example, a string goes with a number (the service sends numbers as
 * strings where its schema says number). */
const kindOf = (types: string[]): string =>
  [...new Set(types.filter((t) => t !== 'null').map((t) => (t === 'integer' ? 'number' : t)))]
    .sort()
    .join('|');
function sameKind(a: FieldFacts, b: FieldFacts): boolean {
  const [kindA, kindB] = [kindOf(a.types), kindOf(b.types)];
  if (kindA === '' || kindB === '' || kindA === kindB) return true;
  return a.from !== b.from && [kindA, kindB].sort().join() === 'number,string';
}

/** Where a field of one side sits in the other, through the renames found so far. */
export class RenameMap {
  private readonly renames = new Map<string, string>();

  set(before: string, after: string): void {
    this.renames.set(before, after);
  }

  map(segments: readonly string[]): string {
    for (let length = segments.length; length > 0; length -= 1) {
      const renamed = this.renames.get(pointerText(segments.slice(0, length)));
      if (renamed !== undefined) {
        const rest = segments.slice(length);
        return rest.length === 0 ? renamed : pointerText([...segmentsOf(renamed), ...rest]);
      }
    }
    return pointerText(segments);
  }
}

export interface FieldContext {
  operation: OperationSurface;
  place: Place;
  changes: Change[];
}

function push(
  context: FieldContext,
  change: Omit<Change, 'operation' | 'severity' | 'reason' | 'place'>,
  judged: Judged,
): void {
  context.changes.push({
    ...change,
    operation: label(context.operation),
    ...(context.operation.operationId === undefined
      ? {}
      : { operationId: context.operation.operationId }),
    place: context.place,
    severity: judged.severity,
    reason: judged.reason,
  });
}

/** Type, format, enum and required-ness of a field found on both sides. */
function compareFacts(
  context: FieldContext,
  field: string,
  before: FieldFacts,
  after: FieldFacts,
): void {
  const { place } = context;
  // What an example shows is a value, not a description: only types compare, and only between
  // two examples or two schemas.
  if (before.from !== after.from) return;
  if (before.types.join() !== after.types.join()) {
    push(
      context,
      {
        kind: 'field-type-changed',
        field,
        before: before.types.join('|') || 'any',
        after: after.types.join('|') || 'any',
      },
      judgeTypes(place, before, after),
    );
  }
  if (before.from === 'example') return;
  if (before.format !== after.format) {
    push(
      context,
      {
        kind: 'field-format-changed',
        field,
        before: before.format ?? 'none',
        after: after.format ?? 'none',
      },
      judgeFormat(place, after.format),
    );
  }
  if ((before.enum ?? []).join() !== (after.enum ?? []).join()) {
    const judged = judgeEnum(place, before.enum, after.enum);
    const removed = (before.enum ?? []).filter(
      (v) => after.enum !== undefined && !after.enum.includes(v),
    );
    const added = (after.enum ?? []).filter((v) => !(before.enum ?? []).includes(v));
    // `-"a" -"b"` the values dropped, `+"c"` those added; `any` where there is no enum.
    const text = (values: string[] | undefined, moved: string[], sign: string) =>
      values === undefined ? 'any' : moved.map((value) => `${sign}${value}`).join(' ');
    push(
      context,
      {
        kind: 'field-enum-changed',
        field,
        before: text(before.enum, removed, '-'),
        after: text(after.enum, added, '+'),
      },
      judged,
    );
  }
  if (before.required !== after.required && field !== '') {
    push(
      context,
      {
        kind: 'field-required-changed',
        field,
        before: String(before.required),
        after: String(after.required),
      },
      judgeRequired(place, after.required),
    );
  }
}

/** Fields beneath `pointer` among `pointers` (to count what a removal or an addition carries). */
const beneath = (pointer: string, pointers: string[]): number =>
  pointers.filter(
    (p) => p !== pointer && p.startsWith(pointer) && /^[.[{]/.test(p.slice(pointer.length)),
  ).length;

export function compareFields(
  context: FieldContext,
  before: Fields,
  after: Fields,
  renames = new RenameMap(),
): void {
  const beforePointers = Object.keys(before);
  const afterPointers = Object.keys(after);
  const depthOf = (pointer: string) => segmentsOf(pointer).length;
  const maxDepth = Math.max(0, ...[...beforePointers, ...afterPointers].map(depthOf));
  const matchedAfter = new Set<string>();
  for (let depth = 0; depth <= maxDepth; depth += 1) {
    const removed: { pointer: string; mappedParent: string }[] = [];
    for (const pointer of beforePointers.filter((p) => depthOf(p) === depth)) {
      const segments = segmentsOf(pointer);
      const mapped = renames.map(segments);
      const facts = before[pointer] as FieldFacts;
      if (after[mapped] !== undefined) {
        matchedAfter.add(mapped);
        compareFacts(context, mapped, facts, after[mapped]);
      } else if (depth === 0 || after[renames.map(segments.slice(0, -1))] !== undefined) {
        removed.push({ pointer, mappedParent: renames.map(segments.slice(0, -1)) });
      }
    }
    const added = afterPointers.filter((p) => {
      if (depthOf(p) !== depth || matchedAfter.has(p)) return false;
      // Reported only where its parent is on both sides (else the parent's addition counts it).
      return depth === 0 || matchedAfter.has(parentOf(segmentsOf(p)));
    });
    // Renames: the most alike pairs first, each field in one pair at most.
    const pairs = removed
      .flatMap(({ pointer, mappedParent }) =>
        added
          .filter((candidate) => parentOf(segmentsOf(candidate)) === mappedParent)
          .map((candidate) => {
            const oldName = segmentsOf(pointer).at(-1) ?? '';
            const newName = segmentsOf(candidate).at(-1) ?? '';
            const sameType = sameKind(
              before[pointer] as FieldFacts,
              after[candidate] as FieldFacts,
            );
            const named =
              oldName !== '[]' && oldName !== '{}' && newName !== '[]' && newName !== '{}';
            return {
              pointer,
              candidate,
              score: sameType && named ? nameSimilarity(oldName, newName) : 0,
            };
          }),
      )
      .filter((pair) => pair.score >= renameThreshold)
      .sort((a, b) => b.score - a.score || a.pointer.localeCompare(b.pointer));
    const paired = new Set<string>();
    for (const { pointer, candidate } of pairs) {
      if (paired.has(pointer) || paired.has(candidate)) continue;
      paired.add(pointer);
      paired.add(candidate);
      renames.set(pointer, candidate);
      matchedAfter.add(candidate);
      push(
        context,
        { kind: 'field-renamed', field: candidate, before: pointer, after: candidate },
        judgeRenamed(context.place),
      );
      compareFacts(
        context,
        candidate,
        before[pointer] as FieldFacts,
        after[candidate] as FieldFacts,
      );
    }
    for (const { pointer } of removed.filter((r) => !paired.has(r.pointer))) {
      const carried = beneath(pointer, beforePointers);
      const judged = judgeRemoved(context.place);
      push(
        context,
        {
          kind: 'field-removed',
          field: pointer,
          ...(carried > 0 ? { before: `with ${carried} fields beneath` } : {}),
        },
        judged,
      );
    }
    for (const pointer of added.filter((p) => !paired.has(p))) {
      const carried = beneath(pointer, afterPointers);
      push(
        context,
        {
          kind: 'field-added',
          field: pointer,
          ...(carried > 0 ? { after: `with ${carried} fields beneath` } : {}),
        },
        judgeAdded(context.place, after[pointer] as FieldFacts),
      );
    }
  }
}
