import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SKILLS } from '../activities/practical-fields.ts';
import type { TSkill } from '../activities/schema.ts';
import { playWeeks, skillPlay, ZSkillPlay, ZSkillPlayQuery } from './skill-play.ts';

const children = [
  { id: 'm', name: 'Maya' },
  { id: 'l', name: 'Leo' },
];

describe("each child's play by skill area (issue 35)", () => {
  it('the weeks are seven days each, oldest first, the last ending today', () => {
    expect(playWeeks('2026-03-03', 3)).toEqual([
      { from: '2026-02-11', to: '2026-02-17' },
      { from: '2026-02-18', to: '2026-02-24' },
      { from: '2026-02-25', to: '2026-03-03' },
    ]);
  });

  it('a completion counts for every child it names, in its week, once in each skill of its activity', () => {
    const weeks = playWeeks('2026-03-03', 2);
    const play = skillPlay(children, weeks, [
      { localDay: '2026-03-03', childIds: ['m', 'l'], skills: ['language', 'creative'] },
      { localDay: '2026-02-25', childIds: ['m'], skills: ['gross-motor'] },
      { localDay: '2026-02-24', childIds: ['m'], skills: ['thinking'] },
      // An own activity without skills: it counts as play, in no skill area.
      { localDay: '2026-03-01', childIds: ['l'], skills: null },
      // Before the weeks, and a child the family no longer has: left out.
      { localDay: '2026-02-10', childIds: ['m'], skills: ['language'] },
      { localDay: '2026-03-02', childIds: ['gone'], skills: ['language'] },
    ]);
    expect(ZSkillPlay.parse(play)).toEqual(play);
    const [maya, leo] = play.children;
    expect(maya?.name).toBe('Maya');
    expect(maya?.weeks[0]).toMatchObject({ activities: 1, skills: { thinking: 1, language: 0 } });
    expect(maya?.weeks[1]).toMatchObject({
      activities: 2,
      skills: { language: 1, creative: 1, 'gross-motor': 1, thinking: 0 },
    });
    expect(leo?.weeks[0]?.activities).toBe(0);
    expect(leo?.weeks[1]).toMatchObject({ activities: 2, skills: { language: 1, creative: 1 } });
  });

  it('every play naming a child within the weeks counts once, and no skill area counts more than the child played', () => {
    const arbCompletion = fc.record({
      localDay: fc
        .integer({ min: 0, max: 40 })
        .map((d) => new Date(Date.UTC(2026, 1, 1 + d)).toISOString().slice(0, 10)),
      childIds: fc.subarray(['m', 'l']),
      skills: fc.option(fc.subarray([...SKILLS] as TSkill[], { minLength: 1, maxLength: 3 })),
    });
    fc.assert(
      fc.property(fc.array(arbCompletion, { maxLength: 30 }), (completions) => {
        const weeks = playWeeks('2026-03-10', 4);
        const play = skillPlay(children, weeks, completions);
        for (const child of play.children) {
          expect(child.weeks).toHaveLength(4);
          for (const week of child.weeks) {
            for (const skill of SKILLS) {
              expect(week.skills[skill]).toBeLessThanOrEqual(week.activities);
            }
          }
          const inWeeks = completions.filter(
            (c) =>
              c.childIds.includes(child.childId) &&
              c.localDay >= weeks[0]!.from &&
              c.localDay <= weeks[3]!.to,
          );
          expect(child.weeks.reduce((sum, w) => sum + w.activities, 0)).toBe(inWeeks.length);
        }
      }),
    );
  });

  it('the query asks for 1 to 12 weeks, 4 when left out', () => {
    expect(ZSkillPlayQuery.parse({})).toEqual({ weeks: 4 });
    expect(ZSkillPlayQuery.parse({ weeks: '8' })).toEqual({ weeks: 8 });
    expect(ZSkillPlayQuery.safeParse({ weeks: '13' }).success).toBe(false);
    expect(ZSkillPlayQuery.safeParse({ weeks: '' }).success).toBe(false);
  });
});
