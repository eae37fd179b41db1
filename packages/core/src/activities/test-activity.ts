import type { TActivity } from './schema.ts';

/** A valid activity for tests; each test overrides what it is about. */
export function makeActivity(overrides: Partial<TActivity> & { id: string }): TActivity {
  return {
    title: `Activity ${overrides.id}`,
    description: 'Something to do together.',
    category: 'creative-arts',
    difficulty: 'easy',
    duration: 30,
    materials: [],
    location: 'indoor',
    ageRange: [3, 8],
    weatherDependent: false,
    energyLevel: 'Low',
    learningObjectives: [],
    instructions: [],
    tips: [],
    variations: [],
    weather: ['any'],
    safetyTips: [],
    tags: [],
    picture: { icon: 'artist-palette', alt: "A painter's palette" },
    prepMinutes: 0,
    mess: 'none',
    skills: ['creative'],
    settings: ['home'],
    ...overrides,
  };
}
