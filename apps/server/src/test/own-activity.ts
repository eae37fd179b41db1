/** A valid body for `POST /api/v1/activities` (a family's own activity), for tests. */
export const OWN_ACTIVITY = {
  title: 'Kitchen Disco',
  description: 'Dance to our favourite songs while the pasta boils.',
  category: 'physical-activity',
  difficulty: 'hard',
  duration: 20,
  location: 'indoor',
  ageRange: [4, 9],
  energyLevel: 'High',
  tags: ['music'],
};
