/** A finite number as the exact decimal it is written as: `digits × 10^-scale`. */
interface Decimal {
  digits: bigint;
  scale: number;
}

/** The decimal of a number's shortest round-trip text (what `String` gives and what a JSON body
 * carried): `0.1` is one tenth, not the binary fraction nearest it, and `5e-324` is not 0. */
function decimalOf(value: number): Decimal {
  const [mantissa = '', exponent = '0'] = String(value).split('e');
  const [whole = '', fraction = ''] = mantissa.split('.');
  return { digits: BigInt(whole + fraction), scale: fraction.length - Number(exponent) };
}

/** True when `value` is a whole number of `step`s, in exact decimal arithmetic: floating point
 * division would call 1e-12 a multiple of 0.0001 (1e-8 steps, "0 within rounding"). */
export function isWholeMultiple(value: number, step: number): boolean {
  if (!Number.isFinite(value) || !Number.isFinite(step) || step === 0) return false;
  const a = decimalOf(value);
  const b = decimalOf(step);
  const scale = Math.max(a.scale, b.scale);
  const units = ({ digits, scale: own }: Decimal) => digits * 10n ** BigInt(scale - own);
  return units(a) % units(b) === 0n;
}
