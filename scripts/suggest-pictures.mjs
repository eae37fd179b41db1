// `node scripts/suggest-pictures.mjs [--write]`: suggests a picture for every catalogue activity
// that has none, from the words of its title first, then its tags, then its category, and prints
// the suggestions; with --write it puts them in the files (run `npx prettier --write` on them
// then). Review each one: the first matching word decides, and a title can mislead ("Sock
// Snowball Fight" is played indoors, with socks).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CATEGORY_PICTURES, PICTURES } from '../packages/core/src/activities/pictures.ts';

const dir = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../packages/core/catalogue/activities',
);

/**
 * Words (whole words, with an optional plural -s or -es; `\w*` for any ending) and the picture
 * they suggest, most specific first.
 */
const RULES = [
  ['snowman|snowmen', 'snowman'],
  ['snow\\w*|frost\\w*|ice lanterns?', 'snowflake'],
  ['ice|ice cube|frozen|lolly|lollies', 'ice'],
  ['stars?|stargazing|space|rocket|astronomy', 'rocket'],
  ['moon|night|lullaby|sleep\\w*|bedtime|goodnight|pyjama|tuck', 'crescent-moon'],
  ['rainbow', 'rainbow'],
  ['rain|puddle|raindrop|umbrella|rain-maker', 'umbrella-with-rain-drops'],
  ['cloud', 'cloud'],
  ['wind|kite', 'kite'],
  ['shadow|sun|sundial', 'sun'],
  ['weather', 'sun-behind-rain-cloud'],
  ['leaf|leaves|autumn', 'fallen-leaf'],
  ['conker|chestnut', 'chestnut'],
  ['pumpkin', 'jack-o-lantern'],
  ['tree|woodland|forest', 'deciduous-tree'],
  ['sunflower', 'sunflower'],
  ['seed|sprout\\w*|cress|bean|grow\\w*', 'seedling'],
  ['blossom|flower', 'cherry-blossom'],
  ['bird|dawn chorus|nest', 'bird'],
  ['duck\\w*', 'duck'],
  ['frog\\w*', 'frog'],
  ['hedgehog', 'hedgehog'],
  ['worm', 'worm'],
  ['bug|minibeast|critter|caterpillar', 'bug'],
  ['spider', 'spider-web'],
  ['butterfl\\w*', 'butterfly'],
  ['dinosaur', 'sauropod'],
  ['sheep', 'ewe'],
  ['lion', 'lion'],
  ['wolf', 'wolf'],
  ['animal|zoo|farm', 'paw-prints'],
  ['teddy|teddies|soft toy', 'teddy-bear'],
  ['doll|dolls', 'baby'],
  ['bubble|foam', 'bubbles'],
  ['bath|bath-time|washing|wash', 'bathtub'],
  ['garden|gardener|gardening|watering', 'potted-plant'],
  ['water|sprinkler|paddling|pool|sink|float|boat|regatta', 'droplet'],
  ['sand|sandpit', 'bucket'],
  ['cookie|biscuit', 'cookie'],
  ['cake|muffin', 'cupcake'],
  ['pancake', 'pancakes'],
  ['pizza', 'pizza'],
  ['sandwich|lunch', 'sandwich'],
  ['soup|porridge', 'pot-of-food'],
  ['egg', 'egg'],
  ['apple', 'red-apple'],
  ['fruit', 'tangerine'],
  ['butter', 'butter'],
  ['chocolate', 'hot-beverage'],
  ['volcano|lava', 'volcano'],
  ['magnet', 'magnet'],
  ['robot|coding', 'robot'],
  ['science|experiment|lab', 'test-tube'],
  ['engineering|tower|marble run|ramp|bridge', 'building-construction'],
  ['brick|block|build\\w*|builder', 'bricks'],
  ['castle|fort|den', 'castle'],
  ['cardboard|box', 'package'],
  ['aeroplane|plane', 'airplane'],
  ['car|road|traffic|vehicle|pit stop', 'automobile'],
  ['bike|cycling', 'bicycle'],
  ['camp\\w*', 'camping'],
  ['torch|dark', 'flashlight'],
  ['map|compass|orienteering', 'world-map'],
  ['treasure|scavenger', 'treasure-chest'],
  ['detective\\w*|spy|mystery|whodunit|spot\\w*|i spy', 'magnifying-glass-tilted-left'],
  ['code\\w*|cipher', 'locked-with-key'],
  ['puzzle|jigsaw|tangram', 'puzzle-piece'],
  ['memory|remember|missing', 'brain'],
  ['card|card-games', 'joker'],
  ['board game|board-games?|strategy|noughts|dice', 'game-die'],
  ['number|count\\w*|maths?|fizz buzz|times-tables|measur\\w*|scales', 'abacus'],
  [
    'alphabet|letter|spelling|word|rhyme|rhyming|tongue twister|phonics|alliterative|opposites',
    'input-latin-letters',
  ],
  ['book|reading|read|story|stories|storybook|storytime|tale', 'books'],
  ['writing|writer|poem|poetry|newspaper|comic|journal', 'memo'],
  ['post|post office|letters to', 'envelope'],
  ['photo|camera|photography', 'camera'],
  ['movie|film|cinema|stop-motion', 'clapper-board'],
  ['podcast|interview', 'studio-microphone'],
  ['puppet|theatre|charades|acting|mime|talent', 'performing-arts'],
  ['dress\\w*|costume|fashion|mask', 'crown'],
  ['dance|disco', 'mirror-ball'],
  ['drum|saucepan', 'drum'],
  ['music|song|sing|singing|band|instrument|xylophone|shaker|hum|tune', 'musical-notes'],
  ['sound|listen\\w*|noise|hear', 'ear'],
  ['sew\\w*|knit\\w*|weav\\w*|yarn|thread\\w*|lacing', 'yarn'],
  ['paint\\w*|dough|playdough|clay|sculpt\\w*', 'artist-palette'],
  ['draw\\w*|doodle|squiggle|colouring|sketch|portrait|chalk', 'crayon'],
  ['collage|mosaic|sticker|paper|fold|cut', 'scissors'],
  ['craft|crafts|make|making', 'scissors'],
  ['balloon', 'balloon'],
  ['football|kick\\w*', 'soccer-ball'],
  ['ball|catch\\w*|keepy', 'basketball'],
  ['bowling', 'bowling'],
  ['tennis|ping', 'ping-pong'],
  ['frisbee|golf', 'flying-disc'],
  ['juggl\\w*', 'person-juggling'],
  ['yoga|stretch\\w*|breath\\w*|calm|relax\\w*|mindful\\w*', 'person-in-lotus-position'],
  ['balance|flamingo|plank|rope', 'person-cartwheeling'],
  ['jump\\w*|hop\\w*|skip\\w*|leap', 'person-cartwheeling'],
  ['race|relay|run|dash|chase|tag|sports|olympics', 'person-running'],
  ['obstacle|climb|crawl|tunnel', 'person-climbing'],
  ['cook\\w*|kitchen|chef|bake|baking|recipe|restaurant|shop', 'cooking'],
  ['picnic', 'basket'],
  ['feeling|feelings|kindness|worry|gratitude|good things', 'red-heart'],
  ['family|grandparents|sibling', 'people-hugging'],
  ['hide|hide-and-seek|peekaboo', 'see-no-evil-monkey'],
  ['game|quiz|debates?|truths|yes or no|challenge', 'speech-balloon'],
].map(([words, icon]) => [new RegExp(`\\b(?:${words})(?:s|es)?\\b`), icon]);

/** Tags that say when or how an activity is played, not what it is about. */
const CIRCUMSTANCE_TAGS = new Set([
  'quick',
  'toddlers',
  'siblings',
  'rainy-day',
  'indoor-active',
  'no-mess',
  'travel',
  'seated',
  'sick-day',
  'heat',
  'shade',
  'summer',
  'outdoors',
  'waiting-room',
]);

/** The picture suggested for an activity, and which word decided it. */
export function suggestPicture(activity) {
  const tags = activity.tags.filter((tag) => !CIRCUMSTANCE_TAGS.has(tag));
  for (const text of [activity.title.toLowerCase(), tags.join(' ')]) {
    for (const [pattern, icon] of RULES) {
      const match = pattern.exec(text);
      if (match) return { icon, why: match[0].trim() };
    }
  }
  return { icon: CATEGORY_PICTURES[activity.category], why: activity.category };
}

const write = process.argv.includes('--write');
for (const name of fs.readdirSync(dir).filter((file) => file.endsWith('.json'))) {
  const file = path.join(dir, name);
  const activity = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (activity.picture !== undefined) continue;
  const { icon, why } = suggestPicture(activity);
  console.info(`${activity.id}: ${icon} (${why})`);
  if (write) {
    // The picture goes after the tags, where the catalogue README lists it.
    const { seasons, prepMinutes, spansDays, ...rest } = activity;
    const ordered = { ...rest, picture: { icon, alt: PICTURES[icon] } };
    if (seasons !== undefined) ordered.seasons = seasons;
    if (prepMinutes !== undefined) ordered.prepMinutes = prepMinutes;
    if (spansDays !== undefined) ordered.spansDays = spansDays;
    // One line per picture, as the catalogue writes it (Prettier keeps it so).
    const text = JSON.stringify(ordered, null, 2).replace(
      /"picture": \{\s*"icon": ("[^"]+"),\s*"alt": ("[^"]+")\s*\}/,
      '"picture": { "icon": $1, "alt": $2 }',
    );
    fs.writeFileSync(file, `${text}\n`);
  }
}
