import { FOREIGN_FAMILY_SYNC_MESSAGE, type TQueuedSyncAction } from '@kkb/core/sync/schema';
import { describe, expect, it } from 'vitest';
import { describeQueuedAction, type ActionNames } from './describe-action';
import { groupRejections, removalHeadline, type RejectedNote } from './rejected-notes';

const names: ActionNames = {
  activityTitle: (id) => (id === 'paper-boats' ? 'Paper boats' : undefined),
  childName: (id) => (id === 'child-1' ? 'Noa' : undefined),
};

const action = (kind: string, payload: unknown): TQueuedSyncAction => ({
  clientId: 'client-0000',
  kind,
  payload,
  queuedAt: '2026-03-02T10:00:00.000Z',
});

describe('describeQueuedAction: what the parent did, in their words', () => {
  it.each([
    [
      'saveUserActivity',
      { activityId: 'paper-boats', mark: 'favorite', on: true },
      'Favourited “Paper boats”',
    ],
    [
      'saveUserActivity',
      { activityId: 'paper-boats', mark: 'favorite', on: false },
      'Unfavourited “Paper boats”',
    ],
    [
      'saveUserActivity',
      { activityId: 'paper-boats', mark: 'tried', on: true },
      'Marked “Paper boats” tried',
    ],
    [
      'removeUserActivity',
      { activityId: 'paper-boats' },
      'Removed “Paper boats” from My Activities',
    ],
    ['addAchievement', { activityId: 'paper-boats', minutes: 15 }, 'Marked “Paper boats” done'],
    ['addAchievement', { activityId: 'not-cached' }, 'Marked an activity done'],
    ['updateProfile', { familyInfo: { familyName: 'X' } }, 'Changed the family profile'],
    ['addChild', { name: 'Mia', age: 4 }, 'Added Mia'],
    ['updateChild', { childId: 'child-1', changes: { age: 6 } }, 'Changed Noa’s details'],
    ['removeChild', { childId: 'gone' }, 'Removed a child'],
    ['somethingNew', {}, 'An offline change'],
  ])('%s %j: %s', (kind, payload, words) => {
    expect(describeQueuedAction(action(kind, payload), names)).toBe(words);
  });
});

describe('groupRejections: nothing refused is left out of the note', () => {
  const rejected = (
    clientId: string,
    queued: TQueuedSyncAction,
    detail: string,
    familyName?: string,
  ): RejectedNote => ({
    action: { ...queued, clientId, ...(familyName !== undefined && { familyName }) },
    detail,
    activityTitle: 'Paper boats',
  });
  const done = action('addAchievement', { activityId: 'paper-boats' });
  const favourited = action('saveUserActivity', {
    activityId: 'paper-boats',
    mark: 'favorite',
    on: true,
  });
  const addedMia = action('addChild', { name: 'Mia', age: 4 });

  it('lists every action done in a family the member was removed from under one message naming it', () => {
    const grouped = groupRejections([
      rejected('a', done, FOREIGN_FAMILY_SYNC_MESSAGE, 'The Smiths'),
      rejected('b', addedMia, 'A family can have at most 12 children'),
      rejected('c', favourited, FOREIGN_FAMILY_SYNC_MESSAGE, 'The Smiths'),
    ]);
    expect(grouped).toEqual({
      removals: [
        {
          key: 'a',
          headline: 'You are no longer a member of “The Smiths”',
          notSaved: [
            { key: 'a', what: 'Marked “Paper boats” done' },
            { key: 'c', what: 'Favourited “Paper boats”' },
          ],
        },
      ],
      others: [{ key: 'b', text: 'Added Mia: A family can have at most 12 children' }],
    });
  });

  it('one message per family left; a queue from before names were kept still gets one', () => {
    const { removals } = groupRejections([
      rejected('a', favourited, FOREIGN_FAMILY_SYNC_MESSAGE, 'The Smiths'),
      rejected('b', done, FOREIGN_FAMILY_SYNC_MESSAGE, 'The Levis'),
      rejected('c', addedMia, FOREIGN_FAMILY_SYNC_MESSAGE),
    ]);
    expect(removals.map(({ headline, notSaved }) => [headline, notSaved.length])).toEqual([
      ['You are no longer a member of “The Smiths”', 1],
      ['You are no longer a member of “The Levis”', 1],
      ['You are no longer a member of the family these were done in', 1],
    ]);
  });

  it("the family's name reads as a name on one line", () => {
    expect(removalHeadline('  The\n Smiths ')).toBe('You are no longer a member of “The Smiths”');
    expect(removalHeadline('   ')).toBe(
      'You are no longer a member of the family these were done in',
    );
  });
});
