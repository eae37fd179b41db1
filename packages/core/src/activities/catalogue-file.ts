/**
 * A family's own activity as a file of the built-in catalogue (issue 35: families contribute).
 * The file is what `packages/core/catalogue/activities/<id>.json` holds: the same schema, written
 * as the repository's files are (Prettier's JSON), so that it can be put in the folder as it is.
 */
import { catalogueProblems, titleKey } from './catalogue-rules.ts';
import { ZActivity, type TActivity } from './schema.ts';

/** Longest id the schema takes. */
const ID_MAX_LENGTH = 80;

/** Rule: a catalogue id from a title: its letters and digits, lower-case, words joined by -. */
export function catalogueId(title: string): string {
  const words = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word !== '');
  let id = '';
  for (const word of words) {
    const next = id === '' ? word : `${id}-${word}`;
    if (next.length > ID_MAX_LENGTH) break;
    id = next;
  }
  return id;
}

/**
 * Rule: the tags the catalogue's rules give from the ages and the duration: `babies` from age 0,
 * `toddlers` from 1 or 2 (a baby activity too when it goes past the first year), `quick` for 15
 * minutes or less; every tag lower-case, each once.
 */
function catalogueTags(activity: TActivity): string[] {
  const [min, max] = activity.ageRange;
  const tags = activity.tags.map((tag) => tag.toLowerCase());
  if (min === 0) tags.push('babies');
  if (min < 3 && max >= 1) tags.push('toddlers');
  if (activity.duration <= 15) tags.push('quick');
  return [...new Set(tags)];
}

export interface CatalogueFile {
  /** The activity as the catalogue keeps it: its id from its title, the tags the rules give. */
  activity: TActivity;
  /** The file's name in `packages/core/catalogue/activities`. */
  fileName: string;
  /**
   * What the family must still fill or change before the file can go in the catalogue, in words:
   * the catalogue's rules it breaks, and a title the catalogue already has. Empty when none.
   */
  problems: string[];
}

/**
 * Rule: an own activity as a catalogue file. It keeps what the family wrote, with what the
 * catalogue needs filled in: the id from the title, the tags the rules give, and issue 35's
 * practical fields (an own activity without them has its cautious defaults, which a reviewer
 * checks). What it cannot fill (instructions, tips, safety tips…) is listed in `problems`, with
 * a title or id the `catalogue` already has.
 */
export function catalogueFile(own: TActivity, catalogue: readonly TActivity[]): CatalogueFile {
  const id = catalogueId(own.title);
  const activity = ZActivity.parse({
    ...own,
    id: id === '' ? own.id : id,
    tags: catalogueTags(own),
  });
  const problems = id === '' ? ['title: letters or digits, for the file name'] : [];
  problems.push(...catalogueProblems(activity));
  const key = titleKey(activity.title);
  const same = catalogue.find((a) => a.id === activity.id || titleKey(a.title) === key);
  if (same !== undefined) {
    problems.push(
      `title: the catalogue already has "${same.title}"; give yours a title of its own`,
    );
  }
  return { activity, fileName: `${activity.id}.json`, problems };
}

/** Prettier's print width, which the repository's files keep. */
const PRINT_WIDTH = 100;

/**
 * An activity's file as the repository writes it (Prettier's JSON): two-space indents, the
 * activity's fields one a line, a list of plain values or an object inside (the picture) on one
 * line when it fits in 100 columns, and a final newline.
 */
export function catalogueFileText(activity: TActivity): string {
  return `${printJson(activity, '', 0, 0)}\n`;
}

/**
 * `value` printed at `indent`, on a line whose first `used` columns are taken and which goes on
 * for `after` columns (a comma) once it is printed.
 */
function printJson(value: unknown, indent: string, used: number, after: number): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const inner = `${indent}  `;
    if (value.every((item) => typeof item !== 'object' || item === null)) {
      const oneLine = `[${value.map((item) => JSON.stringify(item)).join(', ')}]`;
      // What follows on the line counts: Prettier keeps a line within the width, comma included.
      if (used + oneLine.length + after <= PRINT_WIDTH) return oneLine;
    }
    const items = value.map(
      (item, i) => `${inner}${printJson(item, inner, inner.length, i < value.length - 1 ? 1 : 0)}`,
    );
    return `[\n${items.join(',\n')}\n${indent}]`;
  }
  if (typeof value === 'object' && value !== null) {
    const inner = `${indent}  `;
    const flat = Object.values(value).every((item) => typeof item !== 'object' || item === null);
    if (indent !== '' && flat) {
      const pairs = Object.entries(value).map(
        ([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`,
      );
      const oneLine = `{ ${pairs.join(', ')} }`;
      if (used + oneLine.length + after <= PRINT_WIDTH) return oneLine;
    }
    const list = Object.entries(value);
    const entries = list.map(([key, item], i) => {
      const head = `${inner}${JSON.stringify(key)}: `;
      return `${head}${printJson(item, inner, head.length, i < list.length - 1 ? 1 : 0)}`;
    });
    return entries.length === 0 ? '{}' : `{\n${entries.join(',\n')}\n${indent}}`;
  }
  return JSON.stringify(value);
}
