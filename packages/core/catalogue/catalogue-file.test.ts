// Issue 35, families contribute: a family's own activity exported as a catalogue file passes the
// catalogue's schema and every rule its tests hold the built-in files to.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_ACTIVITIES, loadActivityFiles } from './index.ts';
import { ownActivity, ZActivityInput } from '../src/activities/activity-input.ts';
import { catalogueFile, catalogueFileText, catalogueId } from '../src/activities/catalogue-file.ts';
import { CATALOGUE_RULES } from '../src/activities/catalogue-rules.ts';

/** A family's own activity as the API keeps it: no picture, no practical fields. */
const paperBoats = ownActivity(
  'own-abc123',
  ZActivityInput.parse({
    title: "Mamá's Paper Boat Regatta",
    description:
      'Fold paper boats together and race them across a bath of water by blowing. The boat that floats longest wins a cheer.',
    category: 'creative-arts',
    difficulty: 'medium',
    duration: 15,
    location: 'indoor',
    ageRange: [4, 9],
    energyLevel: 'Low',
    materials: ['Sheets of paper', 'A bath or a washing-up bowl of water'],
    learningObjectives: ['Follow folding steps in order', 'Notice what floats and why'],
    instructions: [
      'Fold a sheet of paper in half, then fold the corners down to make a hat.',
      'Open the hat, flatten it into a square and fold the flaps up on both sides.',
      'Pull the sides apart gently until a boat shape pops out.',
      'Set the boats on the water and blow them across to the other side.',
    ],
    tips: [
      'Crease each fold firmly with a thumbnail.',
      'Wax crayon on the hull keeps it dry longer.',
    ],
    variations: [
      'Younger children decorate boats an adult folded.',
      'Older children add a sail with a straw and tape.',
    ],
    safetyTips: ['Stay within reach of children near water and empty the bowl afterwards.'],
    tags: ['Water-Play'],
  }),
);

/** Puts the file in a catalogue folder of its own and reads it as the server reads the catalogue. */
function loadAsCatalogue(fileName: string, text: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kkb-catalogue-'));
  try {
    fs.writeFileSync(path.join(dir, fileName), text);
    return loadActivityFiles(dir);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('an own activity as a catalogue file (issue 35)', () => {
  it('passes the catalogue schema and every rule of its tests, named after its new id', async () => {
    const { activity, fileName, problems } = catalogueFile(paperBoats, BUILT_IN_ACTIVITIES);
    expect(problems).toEqual([]);
    expect(activity.id).toBe('mamas-paper-boat-regatta');
    expect(fileName).toBe('mamas-paper-boat-regatta.json');
    const text = catalogueFileText(activity);
    const [loaded] = loadAsCatalogue(fileName, text);
    expect(loaded).toEqual(activity);
    for (const rule of CATALOGUE_RULES) expect(rule.check(loaded!), rule.name).toBeUndefined();
    // New to the catalogue: neither its id nor its title is there.
    expect(BUILT_IN_ACTIVITIES.some((a) => a.id === activity.id)).toBe(false);
    // The repository's formatting: `npm run lint` (Prettier) takes the file as it is.
    const config = await prettier.resolveConfig(
      path.join(import.meta.dirname, 'activities', fileName),
    );
    expect(await prettier.format(text, { ...config, parser: 'json' })).toBe(text);
  });

  it('fills what the catalogue needs: its tags by the rules (quick, toddlers, babies), lower-case, and the practical fields', () => {
    const { activity } = catalogueFile(paperBoats, BUILT_IN_ACTIVITIES);
    expect(activity.tags).toEqual(['water-play', 'quick']);
    expect(activity).toMatchObject({ prepMinutes: 5, mess: 'some', skills: ['creative'] });
    const forToddlers = catalogueFile(
      { ...paperBoats, ageRange: [0, 3], duration: 20, tags: [] },
      BUILT_IN_ACTIVITIES,
    );
    expect(forToddlers.activity.tags).toEqual(['babies', 'toddlers']);
  });

  it('says what the family must still fill: too few steps or tips, a missing safety tip, a title the catalogue has', () => {
    const sketchy = catalogueFile(
      {
        ...paperBoats,
        instructions: paperBoats.instructions.slice(0, 2),
        tips: [],
        ageRange: [2, 5],
        materials: ['A handful of coins'],
        safetyTips: [],
      },
      BUILT_IN_ACTIVITIES,
    );
    expect(sketchy.problems).toEqual([
      'instructions: 4 to 8 instructions (it has 2)',
      'tips: 2 to 4 tips (it has 0)',
      'safetyTips: at least one (every real hazard)',
      'safetyTips: a tip on choking, for coins under 3',
    ]);
    const taken = BUILT_IN_ACTIVITIES[0]!;
    const copy = catalogueFile({ ...paperBoats, title: taken.title }, BUILT_IN_ACTIVITIES);
    expect(copy.problems).toEqual([
      `title: the catalogue already has "${taken.title}"; give yours a title of its own`,
    ]);
    expect(catalogueFile({ ...paperBoats, title: '¡¿!' }, []).problems).toContain(
      'title: letters or digits, for the file name',
    );
  });

  it('the id is the title in lower-case words joined by -, accents and apostrophes dropped', () => {
    expect(catalogueId("Mamá's Paper Boats!")).toBe('mamas-paper-boats');
    expect(catalogueId('  Sock   Puppet  Show 2 ')).toBe('sock-puppet-show-2');
    expect(catalogueId('x'.repeat(50) + ' ' + 'y'.repeat(50))).toBe('x'.repeat(50));
  });

  it('writes files as the repository keeps them: built-in files, printed again, are what Prettier writes', async () => {
    const config = await prettier.resolveConfig(
      path.join(import.meta.dirname, 'activities', 'x.json'),
    );
    // Every eighth file: Prettier takes about 20 ms a file here.
    for (const a of BUILT_IN_ACTIVITIES.filter((_, i) => i % 8 === 0)) {
      const text = catalogueFileText(a);
      expect(await prettier.format(text, { ...config, parser: 'json' }), a.id).toBe(text);
      expect(JSON.parse(text), a.id).toEqual(a);
    }
  });
});
