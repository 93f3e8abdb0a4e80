import { badRequest } from '../../kernel/errors.js';
import { sourceBarOf, type SourceBar } from './replay-bars.js';

/** The bars of a history answer of the service, saved as JSON: `/iserver/marketdata/history`
 * or `/hmds/history` (both answer `data`, a list of `{t, o, h, l, c, v}` with `t` in epoch
 * milliseconds). The seam for recordings: whatever reads a recorded exchange of either operation
 * hands its response body here. `widthMs` is the bars' width when the answer states it
 * (`barLength`, seconds). */
export function barsFromHistoryAnswer(answer: unknown): {
  bars: SourceBar[];
  widthMs: number | undefined;
} {
  const body = answer as { data?: unknown; barLength?: unknown } | null;
  if (typeof body !== 'object' || body === null || !Array.isArray(body.data)) {
    throw badRequest('The history answer has no data: a list of bars {t, o, h, l, c, v}');
  }
  const bars = body.data.map((entry: unknown, index) => sourceBarOf(`data[${index}]`, entry));
  const seconds = typeof body.barLength === 'number' ? body.barLength : undefined;
  return { bars, widthMs: seconds && seconds > 0 ? seconds * 1000 : undefined };
}
