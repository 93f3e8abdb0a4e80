// The validator's preprocessing kept as a graph (http/validator-preprocessed.ts): read back, the
// same nodes are shared, within a copy and across the two; the serialisers are the process's;
// anything that is not plain data is not kept.
import {
  keepPreprocessed,
  replaceMembers,
  restorePreprocessed,
  type SerDesMap,
} from '../../src/http/validator-preprocessed.js';

const serDesMap: SerDesMap = {
  date: { serialize: (value: Date) => value.toISOString().slice(0, 10) },
  'date-time': { serialize: (value: Date) => value.toISOString() },
};

/** A document as the preprocessing leaves it: a schema shared by two paths (a resolved `$ref`),
 * and a serialiser in both copies. */
function preprocessed() {
  const shared = { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] };
  const day = { format: 'date', 'x-eov-res-serdes': serDesMap.date };
  const apiDoc = { openapi: '3.1.0', paths: { '/a': shared, '/b': shared }, components: { day } };
  const apiDocRes = { openapi: '3.1.0', paths: { '/a': { ...shared } }, day, again: day };
  return { apiDoc, apiDocRes };
}

describe("the validator's preprocessing kept", () => {
  it('reads back the same graph: shared nodes shared, serialisers the given ones', () => {
    const text = keepPreprocessed(preprocessed(), serDesMap);
    expect(text).toBeDefined();
    const restored = restorePreprocessed(text ?? '', serDesMap) as ReturnType<
      typeof preprocessed
    > & { serialisers: SerDesMap };
    expect({ apiDoc: restored.apiDoc, apiDocRes: restored.apiDocRes }).toEqual(preprocessed());
    expect(restored.apiDoc.paths['/a']).toBe(restored.apiDoc.paths['/b']);
    expect(restored.apiDocRes.day).toBe(restored.apiDocRes.again);
    expect(restored.apiDoc.components.day).toBe(restored.apiDocRes.day);
    const serialiser = restored.apiDocRes.day['x-eov-res-serdes'];
    expect(serialiser).toBe(restored.serialisers.date);
    expect(serialiser).toEqual(serDesMap.date);
    // Kept again, it is the same text: nothing was lost or added.
    expect(keepPreprocessed(restored, restored.serialisers)).toBe(text);
  });

  it('keeps nothing that is not plain data, and reads back only what it kept', () => {
    const withDate = { apiDoc: { at: new Date(0) }, apiDocRes: null };
    const withFunction = { apiDoc: { at: () => 0 }, apiDocRes: null };
    class Node {
      schema = {};
    }
    const withInstance = { apiDoc: { node: new Node() }, apiDocRes: null };
    for (const result of [withDate, withFunction, withInstance])
      expect(keepPreprocessed(result, serDesMap)).toBeUndefined();
    const text = keepPreprocessed(preprocessed(), serDesMap) ?? '';
    expect(restorePreprocessed(text, { date: {} })).toBeUndefined();
    expect(restorePreprocessed('not a graph', serDesMap)).toBeUndefined();
  });

  it("gives the document the restored members, as the validator holds the document's object", () => {
    const document: Record<string, unknown> = { openapi: '3.1.0', paths: {}, stale: true };
    const restored = { openapi: '3.1.0', paths: { '/a': {} }, components: {} };
    replaceMembers(document, restored);
    expect(document).toEqual(restored);
    expect(document.paths).toBe(restored.paths);
  });
});
