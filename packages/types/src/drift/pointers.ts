// Pointers to fields: `models[].customIndex` (`[]` an array's items, `{}` a map's values), as
// text and as segments.

/** `['models', '[]', 'ci']` → `models[].ci`. */
export const pointerText = (segments: readonly string[]): string =>
  segments.reduce(
    (text, segment) =>
      segment === '[]' || segment === '{}'
        ? text + segment
        : text === ''
          ? segment
          : `${text}.${segment}`,
    '',
  );

/** A pointer's segments: `models[].ci` → `['models', '[]', 'ci']`. */
export const segmentsOf = (pointer: string): string[] =>
  pointer === '' ? [] : (pointer.match(/\[\]|\{\}|[^.[{]+/g) ?? []);

/** The pointer of a field's parent. */
export const parentOf = (segments: readonly string[]): string => pointerText(segments.slice(0, -1));
