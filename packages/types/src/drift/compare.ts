// Compares two surfaces: operations matched by method and path shape (moved where only the
// operationId still matches), path parameters by position, statuses by code, and the fields of
// each place (compare-fields.ts).
import { compareFields, label, RenameMap, type FieldContext } from './compare-fields.js';
import type { Change, OperationSurface, Place, Surface } from './model.js';

function compareOperation(
  before: OperationSurface,
  after: OperationSurface,
  fieldsKnown: boolean,
  changes: Change[],
): void {
  const operation = label(after);
  const id = after.operationId ?? before.operationId;
  const base = { operation, ...(id === undefined ? {} : { operationId: id }) };
  const pathRenames = new RenameMap();
  before.pathParameters.forEach((name, index) => {
    const now = after.pathParameters[index];
    if (now !== undefined && now !== name) {
      pathRenames.set(name, now);
      changes.push({
        ...base,
        kind: 'path-parameter-renamed',
        severity: 'breaking',
        place: 'path',
        field: now,
        before: name,
        after: now,
        reason: 'path parameter renamed: typed calls name it',
      });
    }
  });
  if (!fieldsKnown) return;
  for (const status of before.statuses.filter((s) => !after.statuses.includes(s))) {
    changes.push({
      ...base,
      kind: 'status-removed',
      severity: 'breaking',
      field: status,
      reason: 'status removed: code handling it no longer compiles',
    });
  }
  for (const status of after.statuses.filter((s) => !before.statuses.includes(s))) {
    changes.push({
      ...base,
      kind: 'status-added',
      severity: 'info',
      field: status,
      reason: 'status added',
    });
  }
  const places = new Set([...Object.keys(before.fields), ...Object.keys(after.fields)]);
  for (const place of places) {
    if (
      place.startsWith('response ') &&
      !(before.statuses.includes(place.slice(9)) && after.statuses.includes(place.slice(9)))
    )
      continue;
    const context: FieldContext = { operation: after, place: place as Place, changes };
    compareFields(
      context,
      before.fields[place] ?? {},
      after.fields[place] ?? {},
      place === 'path' ? pathRenames : undefined,
    );
  }
}

/** The changes from `before` to `after`, in the order of `after`'s operations (removed last). */
export function compareSurfaces(before: Surface, after: Surface): Change[] {
  const changes: Change[] = [];
  const fieldsKnown = before.fieldsKnown && after.fieldsKnown;
  const gone = [...before.operations.values()].filter((op) => !after.operations.has(op.key));
  const fresh = new Set(
    [...after.operations.values()].filter((op) => !before.operations.has(op.key)),
  );
  const movedFrom = new Map<OperationSurface, OperationSurface>();
  for (const old of gone) {
    const target = [...fresh].find(
      (op) => old.operationId !== undefined && op.operationId === old.operationId,
    );
    if (target !== undefined) {
      movedFrom.set(target, old);
      fresh.delete(target);
    }
  }
  for (const operation of after.operations.values()) {
    const id = operation.operationId === undefined ? {} : { operationId: operation.operationId };
    const old = before.operations.get(operation.key) ?? movedFrom.get(operation);
    if (old !== undefined && old.key !== operation.key) {
      changes.push({
        operation: label(operation),
        ...id,
        kind: 'operation-moved',
        severity: 'breaking',
        before: label(old),
        after: label(operation),
        reason: 'operation moved: calls of the older path fail',
      });
    }
    if (old !== undefined) compareOperation(old, operation, fieldsKnown, changes);
    else
      changes.push({
        operation: label(operation),
        ...id,
        kind: 'operation-added',
        severity: 'info',
        reason: 'operation added',
      });
  }
  for (const old of gone.filter((op) => ![...movedFrom.values()].includes(op))) {
    changes.push({
      operation: label(old),
      ...(old.operationId === undefined ? {} : { operationId: old.operationId }),
      kind: 'operation-removed',
      severity: 'breaking',
      reason: 'operation removed: its calls fail',
    });
  }
  return changes;
}
