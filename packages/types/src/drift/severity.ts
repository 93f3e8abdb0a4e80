// What a change can break, by where it is: a client reads responses and sends requests, and
// both through types generated from the document. The rules, for a change from `before` to
// `after` (CONTRIBUTING.md, "Breaking changes to the document", says the same for contributors):
// - breaking: an operation, status or response field removed, moved or renamed; a response
//   field made optional; a response type or enum narrowed (code written against the older type
//   no longer compiles); a request change that refuses a payload the older one took (a field
//   made required or added as required, a type, enum or format narrowed, a field removed or
//   renamed: our validators refuse unknown fields);
// - warning: a response type or enum widened, or its format changed (compiles, but code that
//   handled every value may meet a new one);
// - info: anything that keeps every older client working (additions, a request widened).
import type { FieldFacts, Severity } from './model.js';

export const isResponsePlace = (place: string): boolean => place.startsWith('response');

export interface Judged {
  severity: Severity;
  reason: string;
}

/** `types` as a set where an integer is also a number; empty = any value. */
const covers = (outer: string[], inner: string[]): boolean =>
  outer.length === 0 ||
  (inner.length > 0 &&
    inner.every(
      (type) => outer.includes(type) || (type === 'integer' && outer.includes('number')),
    ));

type Direction = 'narrowed' | 'widened' | 'changed';

function directionOf(beforeCovers: boolean, afterCovers: boolean): Direction {
  if (beforeCovers && !afterCovers) return 'narrowed';
  if (afterCovers && !beforeCovers) return 'widened';
  return 'changed';
}

/** A change of type or enum in a response or a request. */
function judgeNarrowing(place: string, direction: Direction, what: string): Judged {
  if (isResponsePlace(place)) {
    if (direction === 'widened') {
      return {
        severity: 'warning',
        reason: `response ${what} widened: a client may meet new values`,
      };
    }
    return {
      severity: 'breaking',
      reason: `response ${what} ${direction}: code written against the older type no longer compiles`,
    };
  }
  if (direction === 'widened')
    return { severity: 'info', reason: `request ${what} widened: older payloads still pass` };
  return {
    severity: 'breaking',
    reason: `request ${what} ${direction}: the validators refuse older payloads`,
  };
}

export function judgeTypes(place: string, before: FieldFacts, after: FieldFacts): Judged {
  return judgeNarrowing(
    place,
    directionOf(covers(before.types, after.types), covers(after.types, before.types)),
    'type',
  );
}

export function judgeEnum(
  place: string,
  before: string[] | undefined,
  after: string[] | undefined,
): Judged {
  const afterHasAll =
    after === undefined || (before !== undefined && before.every((v) => after.includes(v)));
  const beforeHasAll =
    before === undefined || (after !== undefined && after.every((v) => before.includes(v)));
  return judgeNarrowing(place, directionOf(beforeHasAll, afterHasAll), 'enum');
}

export function judgeFormat(place: string, after: string | undefined): Judged {
  if (isResponsePlace(place))
    return {
      severity: 'warning',
      reason: 'response format changed: values may be written otherwise',
    };
  return after === undefined
    ? { severity: 'info', reason: 'request format dropped: older payloads still pass' }
    : {
        severity: 'breaking',
        reason: 'request format set or changed: the validators refuse values they took',
      };
}

export function judgeRequired(place: string, nowRequired: boolean): Judged {
  if (isResponsePlace(place)) {
    return nowRequired
      ? { severity: 'info', reason: 'response field now always sent' }
      : {
          severity: 'breaking',
          reason: 'response field made optional: code reading it must handle its absence',
        };
  }
  return nowRequired
    ? {
        severity: 'breaking',
        reason: 'request field made required: older payloads without it are refused',
      }
    : { severity: 'info', reason: 'request field made optional' };
}

export function judgeAdded(place: string, facts: FieldFacts): Judged {
  if (!isResponsePlace(place) && facts.required) {
    return {
      severity: 'breaking',
      reason: 'required request field added: older payloads are refused',
    };
  }
  return {
    severity: 'info',
    reason: isResponsePlace(place) ? 'response field added' : 'optional request field added',
  };
}

export function judgeRemoved(place: string): Judged {
  return isResponsePlace(place)
    ? { severity: 'breaking', reason: 'response field removed: code reading it breaks' }
    : {
        severity: 'breaking',
        reason: 'request field removed: the validators refuse payloads that still send it',
      };
}

export const judgeRenamed = (place: string): Judged => ({
  severity: 'breaking',
  reason: `${isResponsePlace(place) ? 'response' : 'request'} field renamed: code using the older name breaks`,
});
