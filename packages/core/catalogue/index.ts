// The built-in activity catalogue is data: one JSON file per activity in ./activities, so an
// educator can add or fix one without reading code. This module is core's only I/O: it reads and
// validates those files once, when the server (or a test) first imports it. The web app never
// imports it, so the catalogue stays out of the browser bundle.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ZActivity, type TActivity } from '../src/activities/schema.ts';

const activitiesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'activities');

/** Reads every `*.json` file of `dir`, in file-name order; a file that breaks the schema names itself. */
export function loadActivityFiles(dir: string): TActivity[] {
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const parsed = ZActivity.safeParse(JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')));
      if (!parsed.success) {
        throw new Error(`Activity file ${name} is invalid: ${parsed.error.message}`);
      }
      if (`${parsed.data.id}.json` !== name) {
        throw new Error(`Activity file ${name} holds id "${parsed.data.id}"; name it after its id`);
      }
      return parsed.data;
    });
}

export const BUILT_IN_ACTIVITIES: readonly TActivity[] = Object.freeze(
  loadActivityFiles(activitiesDir),
);
