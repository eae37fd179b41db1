/** A source of random numbers in [0, 1), like `Math.random`. */
export type RandomSource = () => number;

/**
 * Random numbers from the browser's cryptographic generator: 32 random bits scaled to [0, 1).
 * Every one of the 2^32 values is equally likely, so any index is as likely as any other to
 * within 2^-32.
 */
export const cryptoRandom: RandomSource = () =>
  (crypto.getRandomValues(new Uint32Array(1))[0] ?? 0) / 2 ** 32;

/**
 * The winner of a spin among `count` equal slices: each index equally likely when `random` is
 * uniform on [0, 1). A source that strays to 1 or beyond (or below 0, or gives NaN) is kept
 * inside the wheel.
 */
export function pickFairIndex(count: number, random: RandomSource = cryptoRandom): number {
  if (!Number.isInteger(count) || count < 1) {
    throw new RangeError('A wheel needs at least one slice');
  }
  const value = random();
  // A broken source (NaN) still stops the wheel on a slice.
  const index = Number.isFinite(value) ? Math.floor(value * count) : 0;
  return Math.min(Math.max(index, 0), count - 1);
}

/** Degrees of one slice of a wheel of `count`. */
export const sliceAngle = (count: number): number => 360 / count;

/**
 * The wheel's rotation (degrees, clockwise) after a spin that lands `index` under the pointer at
 * the top: at least `turns` whole turns past `current`, stopping at the middle of the slice with
 * an `offset` (a fraction of the slice, -0.5 to 0.5 exclusive) so landings look natural.
 * Slice i is drawn from i·slice to (i + 1)·slice clockwise from the top.
 */
export function landingRotation(
  current: number,
  index: number,
  count: number,
  turns: number,
  offset = 0,
): number {
  const slice = sliceAngle(count);
  const target = 360 - (index + 0.5 + offset) * slice;
  const base = Math.ceil(current / 360) * 360 + turns * 360;
  return base + (((target % 360) + 360) % 360);
}

/** Which slice sits under the top pointer when the wheel is turned by `rotation` degrees. */
export function sliceAtPointer(rotation: number, count: number): number {
  const turned = (((-rotation % 360) + 360) % 360) / sliceAngle(count);
  return Math.min(Math.floor(turned), count - 1);
}
