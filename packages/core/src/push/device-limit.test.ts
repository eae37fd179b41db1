import { describe, expect, it } from 'vitest';
import { MAX_PUSH_SUBSCRIPTIONS_PER_USER, subscriptionsOverLimit } from './device-limit.ts';

const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T10:00:00.000Z`;
const subscription = (id: string, createdDay: number, renewedDay = createdDay) => ({
  id,
  createdAt: at(createdDay),
  renewedAt: at(renewedDay),
});

describe('a user keeps at most 10 push subscriptions', () => {
  it('up to the limit, nothing goes', () => {
    const ten = Array.from({ length: MAX_PUSH_SUBSCRIPTIONS_PER_USER }, (_, i) =>
      subscription(`s${i}`, i + 1),
    );
    expect(subscriptionsOverLimit(ten, 's9')).toEqual([]);
  });

  it('the 11th pushes out the least recently renewed, even one created later', () => {
    const old = Array.from({ length: 10 }, (_, i) => subscription(`s${i}`, i + 1));
    // s0 was created first but renewed on day 20: s1 is now the least recently renewed.
    old[0] = subscription('s0', 1, 20);
    const all = [...old, subscription('new', 21)];
    expect(subscriptionsOverLimit(all, 'new')).toEqual(['s1']);
  });

  it('the one just saved always stays, even when renewed at the same instant as the others', () => {
    const sameInstant = Array.from({ length: 12 }, (_, i) => subscription(`s${i}`, 5));
    const over = subscriptionsOverLimit(sameInstant, 's11');
    expect(over).toHaveLength(2);
    expect(over).not.toContain('s11');
  });

  it('between equally renewed ones, the older goes first', () => {
    const all = [
      subscription('older', 1, 9),
      subscription('newer', 2, 9),
      subscription('kept', 10),
    ];
    expect(subscriptionsOverLimit(all, 'kept', 2)).toEqual(['older']);
  });
});
