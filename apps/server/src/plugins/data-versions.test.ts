import { describe, expect, it } from 'vitest';
import { batchedVersionReads } from './data-versions.ts';

/** A load whose answers the test gives, one query at a time. */
function controlledLoad(versions: Map<string, number>) {
  const queries: { familyIds: string[]; answer: () => void }[] = [];
  const load = (familyIds: string[]) =>
    new Promise<Map<string, number>>((resolve) => {
      // The database answers with the versions as they stood when the query arrived.
      const snapshot = new Map(versions);
      queries.push({ familyIds, answer: () => resolve(snapshot) });
    });
  return { load, queries };
}

describe('batched data-version reads (PostgreSQL)', () => {
  it('sends the reads of one turn together; a read after that goes in the next query', async () => {
    const versions = new Map([
      ['a', 1],
      ['b', 5],
    ]);
    const { load, queries } = controlledLoad(versions);
    const current = batchedVersionReads(load);
    const together = [current('a'), current('a'), current('b'), current('missing')];
    await new Promise((resolve) => setImmediate(resolve));
    expect(queries.map((q) => q.familyIds)).toEqual([['a', 'b', 'missing']]);
    // A write acknowledged after the query went out, then a read: it must not share that query.
    versions.set('a', 2);
    const later = current('a');
    queries[0]!.answer();
    expect(await Promise.all(together)).toEqual([1, 1, 5, 0]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(queries.map((q) => q.familyIds)).toEqual([['a', 'b', 'missing'], ['a']]);
    queries[1]!.answer();
    expect(await later).toBe(2);
  });

  it('fails the reads of a failed query, and carries on with the next', async () => {
    let fail = true;
    const current = batchedVersionReads(async () => {
      if (fail) throw new Error('connection lost');
      return new Map([['a', 3]]);
    });
    await expect(current('a')).rejects.toThrow('connection lost');
    fail = false;
    expect(await current('a')).toBe(3);
  });
});
