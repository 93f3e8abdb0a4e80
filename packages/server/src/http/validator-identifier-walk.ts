// Ajv's walk for identifiers, skipped where it can find none (validator-cache.ts hooks it on the
// validator's copy of Ajv).

/** The Ajv instances made for a plain document (validator-spec.ts): every schema they are given
 * is the document's or the validator's wrapping of its parts. */
export const ofPlainDocuments = new WeakSet<object>();

type SchemaRefs = (this: object, schema: unknown, baseId?: string) => Record<string, unknown>;

export interface ResolveModule {
  getSchemaRefs: SchemaRefs & { skipping?: true };
}

/**
 * Ajv walks every schema added to it for identifiers (`$id`, `$anchor`, `$dynamicAnchor`) to
 * register them, and each route's schema carries the document's `components`: a cold compile of
 * the routes walked the whole document once per route, two thirds of its CPU time. A plain
 * document has no identifier (its text names none), so on its Ajv instances the walk finds
 * nothing and registers nothing: the instances in `plain` skip it, and answer what it would, no
 * local reference. Every other instance walks it. (Once per copy of Ajv's module.)
 */
export function skipIdentifierWalk(module: ResolveModule, plain: WeakSet<object>): void {
  const walk = module.getSchemaRefs;
  if (walk.skipping) return;
  module.getSchemaRefs = Object.assign(
    function getSchemaRefs(this: object, schema: unknown, baseId?: string) {
      return plain.has(this) ? {} : walk.call(this, schema, baseId);
    },
    { skipping: true as const },
  );
}
