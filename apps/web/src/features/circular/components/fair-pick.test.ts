import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { landingRotation, pickFairIndex, sliceAtPointer } from './fair-pick';

describe('pickFairIndex (a fair spin)', () => {
  it('always names one of the slices, whatever the random source gives', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 50 }), fc.double({ min: -1, max: 2 }), (count, r) => {
        const index = pickFairIndex(count, () => r);
        return Number.isInteger(index) && index >= 0 && index < count;
      }),
    );
    expect(pickFairIndex(5, () => Number.NaN)).toBe(0);
  });

  it('gives every slice exactly the same share of the random range', () => {
    // A uniform source, sampled on an even grid of [0, 1): each index must win equally often.
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 24 }), fc.integer({ min: 1, max: 40 }), (count, k) => {
        const samples = count * k;
        const wins = new Array<number>(count).fill(0);
        for (let i = 0; i < samples; i += 1) {
          const index = pickFairIndex(count, () => (i + 0.5) / samples);
          wins[index] = (wins[index] ?? 0) + 1;
        }
        return wins.every((won) => won === k);
      }),
    );
  });

  it('turns each value of the source into the slice whose share holds it', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (count, r) => {
          const index = pickFairIndex(count, () => r);
          return index / count <= r && r < (index + 1) / count;
        },
      ),
    );
  });

  it('refuses an empty wheel', () => {
    expect(() => pickFairIndex(0)).toThrow(RangeError);
  });

  it('with the crypto source, lands on each of 6 slices about equally often', () => {
    const wins = new Array<number>(6).fill(0);
    for (let i = 0; i < 60_000; i += 1) {
      const index = pickFairIndex(6);
      wins[index] = (wins[index] ?? 0) + 1;
    }
    // 10,000 expected each; 6 standard deviations is about ±550.
    for (const won of wins) expect(Math.abs(won - 10_000)).toBeLessThan(600);
  });
});

describe('landingRotation', () => {
  it('stops the wheel with the chosen slice under the pointer, turning forward', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 24 }),
        fc.nat(),
        fc.double({ min: 0, max: 100_000, noNaN: true }),
        fc.integer({ min: 0, max: 8 }),
        fc.double({ min: -0.45, max: 0.45, noNaN: true }),
        (count, pick, current, turns, offset) => {
          const index = pick % count;
          const rotation = landingRotation(current, index, count, turns, offset);
          return rotation >= current + turns * 360 && sliceAtPointer(rotation, count) === index;
        },
      ),
    );
  });
});
