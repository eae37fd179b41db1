import { describe, expect, it } from 'vitest';
import { ownActivity, ZActivityInput } from './activity-input.ts';
import { CATEGORY_IDS } from './schema.ts';
import { PICTURES, pictureForCategory, ZPicture } from './pictures.ts';

const input = ZActivityInput.parse({
  title: 'Kitchen Disco',
  description: 'Dance while the pasta boils.',
  category: 'physical-activity',
  difficulty: 'easy',
  duration: 10,
  location: 'indoor',
  ageRange: [2, 8],
  energyLevel: 'High',
});

describe('activity pictures', () => {
  it('each built-in category has a picture of its own, other categories a star', () => {
    const icons = CATEGORY_IDS.map((category) => pictureForCategory(category).icon);
    expect(new Set(icons).size).toBe(CATEGORY_IDS.length);
    expect(pictureForCategory('Creative Play')).toEqual({
      icon: 'glowing-star',
      alt: PICTURES['glowing-star'],
    });
    expect(pictureForCategory('constructor').icon).toBe('glowing-star');
  });

  it("an own activity without a picture shows its category's, and follows the category", () => {
    expect(ownActivity('own-1', input).picture).toEqual(pictureForCategory('physical-activity'));
    expect(ownActivity('own-1', { ...input, category: 'nature' }).picture).toEqual(
      pictureForCategory('nature'),
    );
  });

  it('an own activity keeps the picture chosen for it', () => {
    const picture = { icon: 'mirror-ball', alt: 'A disco ball over the kitchen' } as const;
    expect(ownActivity('own-1', { ...input, picture }).picture).toEqual(picture);
  });

  it('refuses a picture that is not in the set, or has no text alternative', () => {
    expect(ZPicture.safeParse({ icon: 'not-an-emoji', alt: 'Something' }).success).toBe(false);
    expect(ZPicture.safeParse({ icon: 'kite', alt: '  ' }).success).toBe(false);
    expect(ZPicture.safeParse({ icon: 'kite', alt: 'A kite' }).success).toBe(true);
  });
});
