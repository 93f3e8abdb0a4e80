import type { ModelPresets } from './records.js';

// Version 2.29 of the service renamed fields of the advisor-model operations; requests written
// for 2.27 and 2.28 still use the older names, so the server accepts both and works with the
// 2.29 ones (docs/decisions/service/fidelity-2.29-renames.md).

/** The 2.29 name of each preset renamed by it. */
const olderPresetNames = {
  avoidNegativeCashInCore: 'avoidNegativeCashInIndependent',
  closeDivestCorePosition: 'closeDivestIndependentPosition',
  roundAllocExchBoardLot: 'roundAllocationQuantityToExchangeBoardLot',
} as const satisfies Record<string, keyof ModelPresets>;

type OlderPresets = { [Name in keyof typeof olderPresetNames]?: boolean };

/** A presets change under the 2.29 names: an older name counts only when the request does not
 * also send the 2.29 name, which wins. */
export function presetChangeOf(
  request: Partial<ModelPresets> & OlderPresets,
): Partial<ModelPresets> {
  const change: Partial<ModelPresets> = { ...request };
  for (const [older, current] of Object.entries(olderPresetNames)) {
    const value = request[older as keyof OlderPresets];
    if (value !== undefined && change[current] === undefined) change[current] = value;
  }
  return change;
}

/** The 2.29 name of each sort field of `fa/model/positions` that 2.29 renamed; the others are
 * the position row's own field names in every version. */
export const olderSortFields = {
  actl: 'actual',
  actlRangeMax: 'actualRangeMax',
  actlRangeMin: 'actualRangeMin',
  cid: 'conid',
  instrImbalance: 'instrumentImbalance',
} as const;
