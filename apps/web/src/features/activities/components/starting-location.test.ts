import { describe, expect, it } from 'vitest';
import { greetingFor } from './greeting';
import { startingLocation } from './starting-location';

describe('startingLocation (spec §9 weather to location mapping)', () => {
  it('§9 rainy gives indoor, whatever the preference', () => {
    expect(startingLocation('rainy', 'outdoor')).toBe('indoor');
    expect(startingLocation('rainy', 'both')).toBe('indoor');
  });

  it('§9 sunny or snowy gives outdoor (which scores outdoor and both activities)', () => {
    expect(startingLocation('sunny', 'both')).toBe('outdoor');
    expect(startingLocation('snowy', 'outdoor')).toBe('outdoor');
  });

  it('a saved Indoor preference wins over a clear sky', () => {
    expect(startingLocation('sunny', 'indoor')).toBe('indoor');
    expect(startingLocation('snowy', 'indoor')).toBe('indoor');
  });

  it("§9 otherwise both: the family's preference decides", () => {
    expect(startingLocation('cloudy', 'indoor')).toBe('indoor');
    expect(startingLocation('windy', 'both')).toBe('both');
    expect(startingLocation(undefined, 'outdoor')).toBe('outdoor');
  });

  it('after dark a clear sky does not move the family outdoors; their preference decides', () => {
    expect(startingLocation('sunny', 'both', true)).toBe('both');
    expect(startingLocation('snowy', 'indoor', true)).toBe('indoor');
    expect(startingLocation('sunny', 'outdoor', true)).toBe('outdoor');
    expect(startingLocation('rainy', 'outdoor', true)).toBe('indoor');
  });
});

describe('greetingFor', () => {
  it("greets by the clock of the family's time zone", () => {
    const nineUtc = new Date('2026-03-10T09:00:00Z');
    expect(greetingFor(nineUtc, 'UTC')).toBe('Good morning');
    expect(greetingFor(nineUtc, 'Asia/Tokyo')).toBe('Good evening');
    expect(greetingFor(nineUtc, 'Asia/Kolkata')).toBe('Good afternoon');
  });

  it('at 22:00 it is night, not evening (issue 9)', () => {
    const tenPmInHaifa = new Date('2026-03-10T20:00:00Z');
    expect(greetingFor(tenPmInHaifa, 'Asia/Jerusalem')).toBe('Good night');
  });

  it('an unknown zone falls back to the browser clock instead of failing', () => {
    expect(greetingFor(new Date(), 'Not/AZone')).toMatch(
      /^Good (morning|afternoon|evening|night)$/,
    );
  });
});
