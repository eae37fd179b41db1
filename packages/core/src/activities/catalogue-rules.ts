/**
 * The rules a built-in activity's file keeps (packages/core/catalogue/README.md), as checks of one
 * activity each. The catalogue's tests hold every file to them, and a family's own activity
 * exported as a catalogue file (`catalogue-file.ts`) is checked by the very same ones. Each check
 * answers what to fix, in words for whoever writes the file, or undefined when the rule is kept.
 */
import { PICTURE_ICONS } from './pictures.ts';
import { isOnTheGo, settingsFitLocation } from './practical-fields.ts';
import { CATEGORY_IDS, type TActivity } from './schema.ts';

export interface CatalogueRule {
  /** What the rule asks (the tests are named by it). */
  name: string;
  check(activity: TActivity): string | undefined;
}

/** An id: lower-case words (letters and digits) joined by `-`, as the file is named. */
export const CATALOGUE_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** `[min, max]` items of a list field, as the README's field table asks. */
const LIST_COUNTS = {
  learningObjectives: [2, 4, 'learning objectives'],
  instructions: [4, 8, 'instructions'],
  tips: [2, 4, 'tips'],
  variations: [2, 4, 'variations'],
} as const;

const countRule = (field: keyof typeof LIST_COUNTS): CatalogueRule => {
  const [min, max, words] = LIST_COUNTS[field];
  return {
    name: `${min} to ${max} ${words}`,
    check: (a) =>
      a[field].length < min || a[field].length > max
        ? `${field}: ${min} to ${max} ${words} (it has ${a[field].length})`
        : undefined,
  };
};

/** The README's field table: what every file gives, and within which limits. */
export const FIELD_RULES: readonly CatalogueRule[] = [
  {
    name: 'the id is lower-case words joined by -',
    check: (a) =>
      CATALOGUE_ID_PATTERN.test(a.id) ? undefined : 'id: lower-case words joined by -',
  },
  {
    name: 'the category is one of the five',
    check: (a) =>
      (CATEGORY_IDS as readonly string[]).includes(a.category)
        ? undefined
        : `category: one of ${CATEGORY_IDS.join(', ')}`,
  },
  {
    name: 'the duration is 5 to 90 minutes',
    check: (a) =>
      a.duration >= 5 && a.duration <= 90
        ? undefined
        : `duration: 5 to 90 minutes (it is ${a.duration})`,
  },
  {
    name: 'the ages are within 0 to 12',
    check: ({ ageRange: [min, max] }) =>
      min >= 0 && max <= 12 && min <= max ? undefined : `ageRange: within 0 to 12 years`,
  },
  countRule('learningObjectives'),
  countRule('instructions'),
  countRule('tips'),
  countRule('variations'),
  {
    name: 'at least one safety tip',
    check: (a) =>
      a.safetyTips.length > 0 ? undefined : 'safetyTips: at least one (every real hazard)',
  },
  {
    name: 'tags are lower-case',
    check: (a) =>
      a.tags.every((tag) => tag === tag.toLowerCase()) ? undefined : 'tags: lower-case',
  },
  {
    name: 'the picture is one of the named emoji, with a text alternative',
    check: (a) =>
      (PICTURE_ICONS as readonly string[]).includes(a.picture.icon) && a.picture.alt.trim() !== ''
        ? undefined
        : 'picture: one of the names in pictures.ts, with what it shows in alt',
  },
];

/**
 * Materials that leave mess: paint, glue, mud, glitter, and water to play in (a bowl, a bucket, a
 * bath of it…). Not a paintbrush, painter's tape, paint sample cards, a glue stick, a drink of
 * water, or the "mud" of a pretend game (quoted words are left out).
 */
const MESSY =
  /\b(?:paints?|glue|mud|glitter)\b(?! (?:sample|stick))|\b(?:bowl|bucket|tub|basin|jug|tray|bath|pool|sprinkler|hose)\b.*\bwater\b|^water$/i;

/** The materials of an activity that leave mess (MESSY). */
export const messyMaterials = (a: TActivity): string[] =>
  a.materials.filter((m) => MESSY.test(m.replace(/["“][^"”]*["”]/g, '')));

/** Issue 35's practical fields: rules every activity keeps, the fallback set's too. */
export const PRACTICAL_RULES: readonly CatalogueRule[] = [
  {
    name: 'settings agree with location: indoor in home, car or waiting room; outdoor in garden or park; both in one of each',
    check: (a) =>
      settingsFitLocation(a.location, a.settings)
        ? undefined
        : `settings: ${a.settings.join(', ')} do not agree with location ${a.location}`,
  },
  {
    name: 'travel activities are on the go: the car or a waiting room, and nothing beyond a bag',
    check: (a) =>
      !a.tags.includes('travel') || isOnTheGo(a)
        ? undefined
        : 'tags: travel only for the car or a waiting room, with nothing beyond a bag',
  },
  {
    name: 'an activity with no mess lists no paint, glue, mud, glitter or water to play in',
    check: (a) => {
      const messy = a.mess === 'none' ? messyMaterials(a) : [];
      return messy.length === 0 ? undefined : `mess: not none with ${messy.join(', ')}`;
    },
  },
  {
    name: 'an activity tagged no-mess has mess none',
    check: (a) =>
      !a.tags.includes('no-mess') || a.mess === 'none'
        ? undefined
        : 'mess: none when tagged no-mess',
  },
];

const SMALL_ITEMS =
  /\b(coins?|beads?|buttons?|marbles?|balloons?|batter(?:y|ies)|dried beans?|beans|grapes?|pebbles?|small stones?|rice|pom-?poms?|sequins?|googly eyes|raisins?|nuts|popcorn|blueberr(?:y|ies))\b/i;
const STANDING_WATER =
  /\b(tub|bucket|bowl of water|basin|paddling pool|pool|bath|puddles?|pond|stream)\b/i;
const WAITING =
  /\b(overnight|next day|next morning|several days|a few days|every day|each day|after a week|another day|tomorrow)\b/i;
// Under ones: what a baby is given to handle, beyond the under-3 list (all fit a toilet-roll tube).
const BABY_SMALL_ITEMS =
  /\b(pegs?|bottle tops?|caps?|lids? of (?:a )?(?:pens?|bottles?)|crayons?|chalk|stickers?|glitter|seeds?|sand|paper clips?|hair clips?|keys?|jewellery|earrings?|dice|counters?|building bricks?|lego|shells?|acorns?|conkers?|pine nuts?)\b/i;
const FOOD =
  /\b(honey|food|pasta|spaghetti|noodles?|rice|oats?|porridge|cereal|jelly|yog(?:h)?urt|flour|cornflour|lentils?|fruit|bananas?|apples?|oranges?|lemons?|sugar|salt|biscuits?|crackers?|breadsticks?|bread|custard|(?<!sun )cream|chocolate|puree|peas|carrots?|potato(?:es)?|milk|ice cubes?|ice lolly)\b/i;
const CORDS =
  /\b(strings?|cords?|ribbons?|ropes?|wool|yarn|laces?|shoelaces?|elastic|threads?|chains?|straps?|lanyards?|scarf|scarves|tights)\b/i;
const BABY_WATER =
  /\b(bath|baths|bathtime|splash\w*|paddl\w*|pool|puddles?|pond|stream|sea|(?:tray|bowl|tub|basin) of water|in the water|washing-up bowl)\b/i;
const SCREENS =
  /\b(screens?|tv|television|tablets?|ipads?|videos?|cartoons?|apps?|youtube|phones?|smartphones?)\b/i;
const SHAKING =
  /\b(?:shak\w*|jiggl\w*|joggl\w*|toss\w*|throw\w*|bounc\w*|jolt\w*|swing\w*|flip\w*)\s+(?:\w+\s+)?(?:baby|babies|them|him|her)\b|\b(?:baby|them|him|her)\s+(?:\w+\s+){0,3}(?:in|into) the air\b/i;
const HANDLING =
  /\b(?:lift|lower|hold|carry|cradl|pick|lay|lie|roll|turn|sit|prop|rock|sway|move|dance|swoop)\w*\s+(?:\w+\s+)?(?:baby|them|him|her)\b/i;
const TUMMY_TIME =
  /\btummy time\b|\b(?:lie|lay|lying|laid|place|put|roll|turn|is|are|baby|babies)\w*\b[^.]{0,30}\bon(?:to)? (?:their|his|her|your baby's|its) (?:tummy|front|stomach)\b/i;
const SLEEP = /\b(sleep\w*|asleep|naps?|napping|dozes?|dozing|drowsy)\b/i;
const SLEEP_NOT_ON_BACK =
  /\b(?:sleep\w*|asleep|naps?|napping|doz\w*)\b[^.]{0,40}\bon (?:their|his|her|its|the|your baby's) (?:tummy|front|side|stomach)\b/i;
const STAYS_WITH = /\b(stay (?:with|beside|next to|within|close)|never leave)\b/i;

const say = (a: TActivity) => [...a.materials, ...a.instructions].join(' ');
const tipsSay = (a: TActivity, pattern: RegExp) => a.safetyTips.some((tip) => pattern.test(tip));
const startsUnder3 = (a: TActivity) => a.ageRange[0] < 3;
const underOne = (a: TActivity) => a.ageRange[0] === 0;
/** What an activity suggests (not its safety tips, which may name a danger to avoid it). */
const suggests = (a: TActivity) =>
  [a.description, ...a.materials, ...a.instructions, ...a.tips, ...a.variations].join(' ');
/** What a baby is given or asked to do. */
const given = (a: TActivity) =>
  [a.description, ...a.materials, ...a.instructions, ...a.variations].join(' ');

/** A rule for some activities: `applies` picks them, `check` judges each of them. */
const ruleFor = (
  name: string,
  applies: (a: TActivity) => boolean,
  check: (a: TActivity) => string | undefined,
): CatalogueRule => ({ name, check: (a) => (applies(a) ? check(a) : undefined) });

/** The README's tags and safety rules (an educator's review asked for them). */
export const CONTENT_RULES: readonly CatalogueRule[] = [
  ruleFor(
    'ages from 1 or 2: small items (coin, bead, button, balloon, battery…) come with a choking tip',
    startsUnder3,
    (a) => {
      const small = a.materials.map((m) => SMALL_ITEMS.exec(m)?.[0]).filter(Boolean);
      return small.length > 0 && !tipsSay(a, /chok/i)
        ? `safetyTips: a tip on choking, for ${small.join(', ')} under 3`
        : undefined;
    },
  ),
  ruleFor('ages from 1 or 2: standing water comes with a supervision tip', startsUnder3, (a) =>
    STANDING_WATER.test(say(a)) && !tipsSay(a, /water|drown/i)
      ? 'safetyTips: a tip on water (an adult within reach) under 3'
      : undefined,
  ),
  ruleFor(
    'ages from 1 or 2 are tagged toddlers (a baby activity too, when it goes on past the first year)',
    (a) => startsUnder3(a) && a.ageRange[1] >= 1,
    (a) => (a.tags.includes('toddlers') ? undefined : 'tags: toddlers (ages from 1 or 2)'),
  ),
  ruleFor('ages from 0 are tagged babies', underOne, (a) =>
    a.tags.includes('babies') ? undefined : 'tags: babies (ages from 0)',
  ),
  ruleFor(
    'under ones: an adult stays with the baby the whole time, and a safety tip says so',
    underOne,
    (a) =>
      tipsSay(a, STAYS_WITH)
        ? undefined
        : 'safetyTips: the adult stays with the baby ("stay with…", "never leave…")',
  ),
  ruleFor(
    'under ones: sleep is only ever on the back; no other sleep position, and any talk of sleep says so',
    underOne,
    (a) => {
      const all = [suggests(a), ...a.safetyTips].join(' ');
      const position = SLEEP_NOT_ON_BACK.exec(all)?.[0];
      if (position !== undefined) return `"${position}": a baby sleeps only on their back`;
      return SLEEP.test(all) && !tipsSay(a, /on (?:their|the|its) back/i)
        ? 'safetyTips: the baby sleeps on their back'
        : undefined;
    },
  ),
  ruleFor('under ones: tummy time only while the baby is awake and watched', underOne, (a) =>
    TUMMY_TIME.test(suggests(a)) && !tipsSay(a, /\bawake\b.*\b(watch\w*|stay \w+|never leave)\b/i)
      ? 'safetyTips: tummy time only while the baby is awake and watched'
      : undefined,
  ),
  ruleFor(
    'under ones: nothing smaller than a toilet-roll tube, and the adult is told to check',
    underOne,
    (a) => {
      const small = a.materials
        .map((m) => SMALL_ITEMS.exec(m)?.[0] ?? BABY_SMALL_ITEMS.exec(m)?.[0])
        .filter(Boolean);
      if (small.length > 0) return `materials: nothing small for a baby (${small.join(', ')})`;
      return a.materials.length > 0 && !tipsSay(a, /toilet-roll tube/i)
        ? 'safetyTips: check each thing against a toilet-roll tube'
        : undefined;
    },
  ),
  ruleFor('under ones: no food as a toy, and honey nowhere before twelve months', underOne, (a) => {
    const food = FOOD.exec([...a.materials, ...a.instructions, ...a.variations].join(' '))?.[0];
    if (food !== undefined) return `"${food}": no food as a baby's toy`;
    return /honey/i.test(suggests(a)) ? 'no honey before twelve months' : undefined;
  }),
  ruleFor(
    'under ones: strings, ribbons and scarves come with a tip against strangling',
    underOne,
    (a) =>
      CORDS.test(a.materials.join(' ')) && !tipsSay(a, /strangl/i)
        ? 'safetyTips: a tip against strangling (strings, ribbons, scarves)'
        : undefined,
  ),
  ruleFor("under ones: water play only with an adult's hand on the baby", underOne, (a) =>
    BABY_WATER.test(suggests(a)) && !tipsSay(a, /\bhand on\b/i)
      ? "safetyTips: water play only with an adult's hand on the baby"
      : undefined,
  ),
  ruleFor('under ones: no screens', underOne, (a) => {
    const screen = SCREENS.exec(given(a))?.[0];
    return screen === undefined ? undefined : `"${screen}": no screens for a baby`;
  }),
  ruleFor('under ones: never shake, toss, bounce or swing the baby', underOne, (a) => {
    const shaking = SHAKING.exec(given(a))?.[0];
    return shaking === undefined ? undefined : `"${shaking}": never shake, toss or swing a baby`;
  }),
  ruleFor(
    'under ones: lifting, holding or moving the baby comes with a tip on their head and neck',
    underOne,
    (a) =>
      HANDLING.test([...a.instructions, ...a.variations].join(' ')) && !tipsSay(a, /head and neck/i)
        ? "safetyTips: support the baby's head and neck"
        : undefined,
  ),
  {
    name: 'balloons and batteries at any age come with a safety tip naming them',
    check: (a) => {
      const text = [...a.materials, ...a.variations].join(' ');
      if (/balloon/i.test(a.materials.join(' ')) && !tipsSay(a, /balloon/i)) {
        return 'safetyTips: an adult picks up every burst balloon piece';
      }
      return /batter(?:y|ies)|tea light/i.test(text) && !tipsSay(a, /batter/i)
        ? 'safetyTips: adults fit button batteries and keep spares out of reach'
        : undefined;
    },
  },
  {
    name: 'no activity tells children to pick or collect berries they find',
    check: (a) =>
      /\b(pick|collect|gather|forag|find)\w*\b[^.]*\bberr(?:y|ies)\b/i.test(say(a))
        ? 'never tell children to pick berries they find'
        : undefined,
  },
  ruleFor(
    'activities that can happen outdoors are never suggested for storms',
    (a) => a.location !== 'indoor',
    (a) => (a.weather.includes('stormy') ? 'weather: never stormy outdoors' : undefined),
  ),
  ruleFor(
    'night-sky activities are not tagged sunny',
    (a) => /\b(stars?|stargazing|moon)\b/i.test(a.title),
    (a) => (a.weather.includes('sunny') ? 'weather: not sunny for the night sky' : undefined),
  ),
  ruleFor(
    'waiting the instructions describe (overnight, days) is declared as prepMinutes or spansDays',
    (a) => WAITING.test(a.instructions.join(' ')),
    (a) =>
      a.prepMinutes > 0 || a.spansDays !== undefined
        ? undefined
        : 'prepMinutes or spansDays: the waiting the instructions describe',
  ),
  ruleFor(
    'quick activities (15 minutes or less) are tagged quick',
    (a) => a.duration <= 15,
    (a) => (a.tags.includes('quick') ? undefined : 'tags: quick (15 minutes or less)'),
  ),
];

/** Every rule a built-in activity's file keeps. */
export const CATALOGUE_RULES: readonly CatalogueRule[] = [
  ...FIELD_RULES,
  ...PRACTICAL_RULES,
  ...CONTENT_RULES,
];

/** What to fix in an activity for the catalogue's rules, in rule order; empty when none. */
export function catalogueProblems(activity: TActivity): string[] {
  return CATALOGUE_RULES.map((rule) => rule.check(activity)).filter(
    (problem) => problem !== undefined,
  );
}

/**
 * Rule: no two activities share a title, even with different case, plurals or word order. Two
 * titles are the same when their keys are: title words without case, punctuation, plural -s or
 * filler words, sorted.
 */
export function titleKey(title: string): string {
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
