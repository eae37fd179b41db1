import { afterEach, describe, expect, it, vi } from 'vitest';
import { randomId } from './random-id';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('randomId', () => {
  it('makes version-4 UUIDs that differ every time', () => {
    const ids = new Set(Array.from({ length: 200 }, () => randomId()));
    expect(ids.size).toBe(200);
    for (const id of ids) {
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    }
  });

  it('works without crypto.randomUUID (plain HTTP on a home network)', () => {
    const { getRandomValues } = crypto;
    vi.stubGlobal('crypto', { getRandomValues: getRandomValues.bind(crypto) });
    expect(randomId()).toMatch(/^[0-9a-f-]{36}$/);
  });
});
