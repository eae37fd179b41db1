import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { fetchedAtOf, savedAnswersSince, type ShownAnswer } from './saved-answers';

describe('savedAnswersSince: how old the answers a page shows are ("as of")', () => {
  const TEN_42 = Date.parse('2026-03-02T10:42:00Z');
  const NINE = Date.parse('2026-03-02T09:00:00Z');
  const answer = (overrides: Partial<ShownAnswer>): ShownAnswer => ({
    data: { shown: true },
    dataUpdatedAt: TEN_42,
    fetchStatus: 'idle',
    isError: false,
    ...overrides,
  });

  it('says nothing while every answer shown is as the server has it now', () => {
    expect(savedAnswersSince([answer({}), answer({ fetchStatus: 'fetching' })], false)).toBe(
      undefined,
    );
  });

  it('offline, or with a fetch waiting for the connection or failed, gives the oldest answer shown', () => {
    expect(savedAnswersSince([answer({}), answer({ dataUpdatedAt: NINE })], true)).toBe(NINE);
    expect(savedAnswersSince([answer({ fetchStatus: 'paused' })], false)).toBe(TEN_42);
    expect(
      savedAnswersSince([answer({}), answer({ isError: true, dataUpdatedAt: NINE })], false),
    ).toBe(NINE);
  });

  it('leaves out what is not shown, and placeholders, which have no time of their own (never 1970)', () => {
    expect(savedAnswersSince([answer({ data: undefined, fetchStatus: 'paused' })], true)).toBe(
      undefined,
    );
    expect(savedAnswersSince([answer({ dataUpdatedAt: 0 }), answer({})], true)).toBe(TEN_42);
  });
});

describe('fetchedAtOf', () => {
  it("finds when an answer shown as another query's placeholder was fetched", () => {
    const queryClient = new QueryClient();
    const data = { recommendations: [] };
    queryClient.setQueryData(['activities', 'recommendations', { timeAvailable: 30 }], data, {
      updatedAt: 1_700_000_000_000,
    });
    expect(fetchedAtOf(queryClient, data)).toBe(1_700_000_000_000);
    expect(fetchedAtOf(queryClient, { recommendations: [] })).toBe(undefined);
    expect(fetchedAtOf(queryClient, undefined)).toBe(undefined);
  });
});
