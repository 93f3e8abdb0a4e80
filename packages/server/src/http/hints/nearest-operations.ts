import { distance } from 'fastest-levenshtein';

/** An operation as the hints name it: its method and its path template. */
export interface NamedOperation {
  method: string;
  path: string;
}

/** A missing or extra segment costs as much as two wrong letters. */
const segmentGapCost = 2;
/** Another method than the request's costs as much as a wrong letter. */
const otherMethodCost = 1;
/** A segment read as a path parameter costs a letter: a template whose literal segments match
 * is nearer than one whose parameter would take any word. */
const parameterCost = 1;
/** Past this cost an operation is not near enough to name. */
const farthestNamed = 3;
const mostNamed = 3;

const segmentsOf = (path: string) => path.split('/').filter((segment) => segment.length > 0);

/** What it costs to read the request's segment as the template's: `parameterCost` for a path
 * parameter, else the letters to change (case aside). */
const replaceCost = (given: string, template: string) =>
  template.startsWith('{') ? parameterCost : distance(given.toLowerCase(), template.toLowerCase());

/** Edit distance between a request's path and a template, over segments: replacing a segment
 * costs its letters, a missing or extra segment `segmentGapCost`. */
function pathCost(given: readonly string[], template: readonly string[]): number {
  let previous = template.map((_, j) => (j + 1) * segmentGapCost);
  previous.unshift(0);
  for (const [i, segment] of given.entries()) {
    const row = [(i + 1) * segmentGapCost];
    for (const [j, templateSegment] of template.entries()) {
      row.push(
        Math.min(
          (previous[j] as number) + replaceCost(segment, templateSegment),
          (previous[j + 1] as number) + segmentGapCost,
          (row[j] as number) + segmentGapCost,
        ),
      );
    }
    previous = row;
  }
  return previous[template.length] as number;
}

/** The hint that names operations: `did you mean GET /v1/api/... or POST /v1/api/...`. */
export const didYouMean = (operations: readonly NamedOperation[]) =>
  `did you mean ${operations.map(({ method, path }) => `${method.toUpperCase()} ${path}`).join(' or ')}`;

/** The documented operations nearest to a request no operation answers (a typo, a missing or
 * extra segment, a singular for a plural, another method), as a hint: `did you mean GET /v1/...`;
 * undefined when none is near. */
export function nearestOperations(
  operations: readonly NamedOperation[],
): (method: string, path: string) => string | undefined {
  const templates = operations.map((operation) => ({
    operation,
    method: operation.method.toUpperCase(),
    segments: segmentsOf(operation.path),
  }));
  return (method, path) => {
    const given = segmentsOf(path);
    const asked = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
    const costs = templates.map(({ operation, method: offered, segments }) => ({
      operation,
      cost: pathCost(given, segments) + (offered === asked ? 0 : otherMethodCost),
    }));
    const best = Math.min(...costs.map(({ cost }) => cost));
    if (best > farthestNamed) return undefined;
    const nearest = costs.filter(({ cost }) => cost === best).slice(0, mostNamed);
    return didYouMean(nearest.map(({ operation }) => operation));
  };
}
