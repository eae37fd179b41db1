// The five built-in activity categories.
import type { TCategory } from './schema.ts';

export const CATEGORIES: readonly TCategory[] = [
  {
    id: 'creative-arts',
    name: 'Creative Arts',
    description: 'Drawing, painting, building and making things with hands and imagination.',
    icon: 'palette',
    color: '#8E24AA',
  },
  {
    id: 'physical-activity',
    name: 'Physical Activity',
    description:
      'Games and challenges that get bodies running, jumping, balancing and burning off energy.',
    icon: 'directions_run',
    color: '#BF360C',
  },
  {
    id: 'educational',
    name: 'Educational',
    description: 'Hands-on experiments, puzzles and projects that make learning feel like play.',
    icon: 'school',
    color: '#1565C0',
  },
  {
    id: 'nature',
    name: 'Nature',
    description: 'Outdoor discoveries with plants, animals, weather and the night sky.',
    icon: 'park',
    color: '#2E7D32',
  },
  {
    id: 'social',
    name: 'Social',
    description: 'Games, performances and projects that bring family and friends together.',
    icon: 'groups',
    color: '#C2185B',
  },
];

const categoryNameById: ReadonlyMap<string, string> = new Map(
  CATEGORIES.map((c) => [c.id, c.name]),
);

/** The display name of a category id (built-in ids), else the category text itself. */
export function categoryName(category: string): string {
  return categoryNameById.get(category) ?? category;
}
