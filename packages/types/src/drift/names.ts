// How alike two field names are, for telling a rename from a removal and an addition: the vendor
// renames by spelling out abbreviations (`actl` → `actual`, `ci` → `customIndex`) or by swapping
// one word (`avoidNegativeCashInCore` → `avoidNegativeCashInIndependent`).

/** The words of a name: camelCase, snake_case, kebab-case and digits split, lower case. */
export const words = (name: string): string[] =>
  (name.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g) ?? []).map((word) => word.toLowerCase());

/** `short` is an abbreviation of `long`: the same first letter, then its letters in order. */
export function abbreviates(short: string, long: string): boolean {
  if (short.length < 2 || short.length >= long.length || short[0] !== long[0]) return false;
  let at = 0;
  for (const letter of long) if (letter === short[at]) at += 1;
  return at >= short.length;
}

const wordsMatch = (a: string, b: string): boolean =>
  a === b || abbreviates(a, b) || abbreviates(b, a);

/** Words of `a` matched one to one with words of `b`: equal words first, then abbreviations. */
function matchedWords(a: string[], b: string[]): number {
  const free = [...b];
  let matched = 0;
  const rest: string[] = [];
  for (const word of a) {
    const at = free.indexOf(word);
    if (at >= 0) {
      free.splice(at, 1);
      matched += 1;
    } else rest.push(word);
  }
  for (const word of rest) {
    const at = free.findIndex((candidate) => wordsMatch(word, candidate));
    if (at >= 0) {
      free.splice(at, 1);
      matched += 1;
    }
  }
  return matched;
}

/**
 * How alike two names are, from 0 to 1: 1 for the same name in another case, 0.9 where one
 * abbreviates the other (its letters in order, or the other's initials), else the share of
 * words the two have in common, abbreviations counted (the Dice coefficient).
 */
export function nameSimilarity(before: string, after: string): number {
  const a = before.toLowerCase();
  const b = after.toLowerCase();
  if (a === b) return 1;
  const [short, long, longName] = a.length <= b.length ? [a, b, after] : [b, a, before];
  const initials = words(longName)
    .map((word) => word[0])
    .join('');
  if (abbreviates(short, long) || (short.length >= 2 && short === initials)) return 0.9;
  const wordsA = words(before);
  const wordsB = words(after);
  if (wordsA.length + wordsB.length === 0) return 0;
  return (2 * matchedWords(wordsA, wordsB)) / (wordsA.length + wordsB.length);
}

/** Below this, a removed and an added field are two changes, not one rename. */
export const renameThreshold = 0.6;
