/** A yes/no query parameter (the document's `QueryBoolean`) as a boolean: `true` and `True` (as
 * Python clients write it) are yes; undefined when it was left out. */
export const queryFlag = (value: boolean | string | undefined): boolean | undefined =>
  value === undefined ? undefined : String(value).toLowerCase() === 'true';
