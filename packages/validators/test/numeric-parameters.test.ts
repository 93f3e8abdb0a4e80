// The shared table of parameter texts (packages/types/test/numeric-parameter-texts.ts) through
// checkRequest: the verdict and the value read must be the ones the reference server's test of
// the same table sees (packages/server/test/http/numeric-parameters.test.ts).
import {
  decodedText,
  numericRequests,
  stringProbe,
  stringQueryTexts,
} from '../../types/test/numeric-parameter-texts.js';
import { checkRequest } from '../src/index.js';

describe('numeric parameters: the one reading, in the validators', () => {
  it.each(numericRequests().map((r) => [r.name, r] as const))('%s', (_name, r) => {
    const checked = checkRequest({ method: 'GET', path: r.url });
    expect(checked?.operationId).toBe(r.probe.operationId);
    expect(checked?.valid).toBe(r.accepted);
    if (!r.accepted) return;
    const values = r.probe.location === 'path' ? checked?.params : checked?.query;
    const read = values?.[r.probe.name];
    // `-0` is read as -0, which is the number 0.
    expect(r.read === 'absent' ? read === undefined : Number(read) === r.read).toBe(true);
  });

  it.each(stringQueryTexts.map((t) => [t.raw, t] as const))(
    'takes %p in a string query parameter as the text it decodes to',
    (_raw, t) => {
      const checked = checkRequest({ method: 'GET', path: stringProbe.url(t.raw) });
      expect(checked?.valid).toBe(true);
      expect(checked?.query.symbol).toBe(t.value);
      expect(decodedText(t.raw, 'query')).toBe(t.value);
    },
  );
});
