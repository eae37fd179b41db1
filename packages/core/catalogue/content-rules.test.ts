// Mechanical content checks an educator's review asked for; each test names the rule it keeps. The
// rules themselves are core's (src/activities/catalogue-rules.ts), so that a family's activity
// exported as a catalogue file is held to the very same ones.
import { describe, expect, it } from 'vitest';
import { BUILT_IN_ACTIVITIES } from './index.ts';
import { CONTENT_RULES, FIELD_RULES, titleKey } from '../src/activities/catalogue-rules.ts';

describe('catalogue content rules', () => {
  for (const rule of CONTENT_RULES) {
    it(rule.name, () => {
      for (const a of BUILT_IN_ACTIVITIES) expect(rule.check(a), a.id).toBeUndefined();
    });
  }

  it('no two activities share a title, even with different case, plurals or word order', () => {
    const seen = new Map<string, string>();
    for (const a of BUILT_IN_ACTIVITIES) {
      const key = titleKey(a.title);
      expect(seen.get(key), `${a.id} repeats ${seen.get(key)}`).toBeUndefined();
      seen.set(key, a.id);
    }
  });
});

describe("catalogue field rules (the README's field table)", () => {
  for (const rule of FIELD_RULES) {
    it(rule.name, () => {
      for (const a of BUILT_IN_ACTIVITIES) expect(rule.check(a), a.id).toBeUndefined();
    });
  }
});
