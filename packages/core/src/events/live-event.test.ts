import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LIVE_EVENT_TYPES, readLiveEvent } from './live-event.ts';
import { ZLiveEvent } from './schema.ts';

const eventLike = fc.record(
  {
    type: fc.oneof(fc.constantFrom(...LIVE_EVENT_TYPES), fc.string(), fc.integer()),
    id: fc.oneof(fc.string(), fc.integer(), fc.constant(null)),
    extra: fc.string(),
  },
  { requiredKeys: [] },
);

describe('readLiveEvent (DESIGN, Live events)', () => {
  it('reads every value exactly as the live event schema does', () => {
    fc.assert(
      fc.property(fc.oneof(eventLike, fc.jsonValue()), (value) => {
        const parsed = ZLiveEvent.safeParse(value);
        expect(readLiveEvent(value)).toEqual(parsed.success ? parsed.data : null);
      }),
      { numRuns: 2000 },
    );
  });

  it('takes a known kind with its record, and leaves a newer kind alone', () => {
    expect(readLiveEvent({ type: 'notification.created', id: 'n1' })).toEqual({
      type: 'notification.created',
      id: 'n1',
    });
    expect(readLiveEvent({ type: 'resync' })).toEqual({ type: 'resync' });
    expect(readLiveEvent({ type: 'weather.changed' })).toBeNull();
  });
});
