import { describe, expect, it } from 'vitest';
import { makeActivity } from '../activities/test-activity.ts';
import { applyModelAnswer, modelAnswerJsonSchema, modelQuestion, ZModelAnswer } from './model.ts';
import { planDays, type PlannerInput } from './plan.ts';
import { makeChild, makeForecast } from './test-fixtures.ts';

const DAY = '2026-05-16';
const activities = ['p', 'q', 'r', 's'].map((id) =>
  makeActivity({ id, duration: 30, title: `Title ${id}` }),
);
const children = [makeChild('ada', 5)];
const input: PlannerInput = {
  activities,
  children,
  startDate: DAY,
  days: 1,
  slots: [
    { start: '09:00', minutes: 30, on: 'every-day' },
    { start: '15:00', minutes: 30, on: 'every-day' },
  ],
  forecasts: [makeForecast(DAY)],
  timeZone: 'UTC',
};
const planned = planDays(input);
const [first, second] = planned.days[0]!.items;

describe("the model's answer (DESIGN, Planner: only candidates, else the rules' plan)", () => {
  it('asks about every planned item with its candidates, the planned one first', () => {
    const question = JSON.parse(modelQuestion(planned, children));
    expect(question.children).toEqual([{ name: 'Ada', age: 5 }]);
    expect(question.days[0].items.map((i: { ref: string }) => i.ref)).toEqual(['0.0', '0.1']);
    expect(question.days[0].items[0].candidates[0].id).toBe(first!.activity.id);
  });

  it('a valid answer picks among the candidates and brings its why', () => {
    const result = applyModelAnswer(planned, children, {
      items: [
        { ref: '0.0', activityId: 'r', why: 'Ada will love building this.' },
        { ref: '0.1', activityId: second!.activity.id, why: 'A calm one after lunch.' },
      ],
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.days[0]!.items.map((i) => [i.start, i.activity.id, i.why, i.childIds])).toEqual([
      ['09:00', 'r', 'Ada will love building this.', ['ada']],
      ['15:00', second!.activity.id, 'A calm one after lunch.', ['ada']],
    ]);
  });

  it('refuses an answer off the schema, an unknown id, a repeat, a missing or doubled item', () => {
    const problems = [
      { items: [{ ref: '0.0', activityId: 'r' }] },
      'not json',
      {
        items: [
          { ref: '0.0', activityId: 'nope', why: 'x' },
          { ref: '0.1', activityId: 'q', why: 'y' },
        ],
      },
      {
        items: [
          { ref: '0.0', activityId: 'r', why: 'x' },
          { ref: '0.1', activityId: 'r', why: 'y' },
        ],
      },
      { items: [{ ref: '0.0', activityId: 'r', why: 'x' }] },
      {
        items: [
          { ref: '0.0', activityId: 'r', why: 'x' },
          { ref: '0.0', activityId: 's', why: 'y' },
        ],
      },
    ];
    for (const answer of problems) {
      expect(applyModelAnswer(planned, children, answer).ok, JSON.stringify(answer)).toBe(false);
    }
  });

  it("the answer's JSON schema is the zod schema's, for a constrained completion", () => {
    const schema = modelAnswerJsonSchema();
    expect(schema).not.toHaveProperty('$schema');
    expect(schema).toMatchObject({
      type: 'object',
      required: ['items'],
      additionalProperties: false,
    });
    expect(ZModelAnswer.safeParse({ items: [] }).success).toBe(true);
  });
});
