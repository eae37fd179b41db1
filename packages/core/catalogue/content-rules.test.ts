// Mechanical content checks an educator's review asked for; each names the rule it keeps.
import { describe, expect, it } from 'vitest';
import { BUILT_IN_ACTIVITIES } from './index.ts';
import type { TActivity } from '../src/activities/schema.ts';

const SMALL_ITEMS =
  /\b(coins?|beads?|buttons?|marbles?|balloons?|batter(?:y|ies)|dried beans?|beans|grapes?|pebbles?|small stones?|rice|pom-?poms?|sequins?|googly eyes|raisins?|nuts|popcorn|blueberr(?:y|ies))\b/i;
const STANDING_WATER =
  /\b(tub|bucket|bowl of water|basin|paddling pool|pool|bath|puddles?|pond|stream)\b/i;
const WAITING =
  /\b(overnight|next day|next morning|several days|a few days|every day|each day|after a week|another day|tomorrow)\b/i;

const say = (a: TActivity) => [...a.materials, ...a.instructions].join(' ');
const tipsSay = (a: TActivity, pattern: RegExp) => a.safetyTips.some((tip) => pattern.test(tip));
const startsUnder3 = BUILT_IN_ACTIVITIES.filter((a) => a.ageRange[0] < 3);

/** Title words without case, punctuation, plural -s or filler words, in order. */
function titleKey(title: string): string {
  const filler = new Set(['a', 'an', 'the', 'and', 'of', 'for', 'with', 'your', 'our', 'my']);
  return title
    .toLowerCase()
    .replace(/[^a-z\s]/g, '')
    .split(/\s+/)
    .filter((w) => w && !filler.has(w))
    .map((w) => w.replace(/s$/, ''))
    .sort()
    .join(' ');
}

describe('catalogue content rules', () => {
  it('ages from 1 or 2: small items (coin, bead, button, balloon, battery…) come with a choking tip', () => {
    for (const a of startsUnder3) {
      const small = a.materials.map((m) => SMALL_ITEMS.exec(m)?.[0]).filter(Boolean);
      if (small.length > 0) expect(tipsSay(a, /chok/i), `${a.id}: ${small.join(', ')}`).toBe(true);
    }
  });

  it('ages from 1 or 2: standing water comes with a supervision tip', () => {
    for (const a of startsUnder3) {
      if (STANDING_WATER.test(say(a))) expect(tipsSay(a, /water|drown/i), a.id).toBe(true);
    }
  });

  it('ages from 1 or 2 are tagged toddlers', () => {
    for (const a of startsUnder3) expect(a.tags, a.id).toContain('toddlers');
  });

  it('balloons and batteries at any age come with a safety tip naming them', () => {
    for (const a of BUILT_IN_ACTIVITIES) {
      const text = [...a.materials, ...a.variations].join(' ');
      if (/balloon/i.test(a.materials.join(' '))) expect(tipsSay(a, /balloon/i), a.id).toBe(true);
      if (/batter(?:y|ies)|tea light/i.test(text)) expect(tipsSay(a, /batter/i), a.id).toBe(true);
    }
  });

  it('no activity tells children to pick or collect berries they find', () => {
    const foraging = /\b(pick|collect|gather|forag|find)\w*\b[^.]*\bberr(?:y|ies)\b/i;
    for (const a of BUILT_IN_ACTIVITIES) {
      expect(foraging.test([...a.materials, ...a.instructions].join(' ')), a.id).toBe(false);
    }
  });

  it('activities that can happen outdoors are never suggested for storms', () => {
    for (const a of BUILT_IN_ACTIVITIES.filter((x) => x.location !== 'indoor')) {
      expect(a.weather, a.id).not.toContain('stormy');
    }
  });

  it('night-sky activities are not tagged sunny', () => {
    for (const a of BUILT_IN_ACTIVITIES.filter((x) =>
      /\b(stars?|stargazing|moon)\b/i.test(x.title),
    )) {
      expect(a.weather, a.id).not.toContain('sunny');
    }
  });

  it('waiting the instructions describe (overnight, days) is declared as prepMinutes or spansDays', () => {
    for (const a of BUILT_IN_ACTIVITIES) {
      if (WAITING.test(a.instructions.join(' '))) {
        expect(a.prepMinutes !== undefined || a.spansDays !== undefined, a.id).toBe(true);
      }
    }
  });

  it('no two activities share a title, even with different case, plurals or word order', () => {
    const seen = new Map<string, string>();
    for (const a of BUILT_IN_ACTIVITIES) {
      const key = titleKey(a.title);
      expect(seen.get(key), `${a.id} repeats ${seen.get(key)}`).toBeUndefined();
      seen.set(key, a.id);
    }
  });

  it('quick activities (15 minutes or less) are tagged quick', () => {
    for (const a of BUILT_IN_ACTIVITIES.filter((x) => x.duration <= 15)) {
      expect(a.tags, a.id).toContain('quick');
    }
  });
});
