import crypto from 'node:crypto';
import { CATEGORIES } from '@kkb/core/activities/categories';
import {
  catalogueVersion,
  type TBuiltInCatalogue,
  type TFamilyCatalogue,
} from '@kkb/core/activities/device-catalogue';
import { BUILT_IN_ACTIVITIES } from '@kkb/core/catalogue';
import type { Executor } from '../../db/database.ts';
import { StaticAnswer } from '../../lib/compressed-answer.ts';
import { listOwnActivities } from './repository.ts';

/** A short content hash (64 bits of SHA-256, hex): a version that changes with the content. */
function versionOf(json: string): string {
  return crypto.createHash('sha256').update(json).digest('hex').slice(0, 16);
}

export interface BuiltInCatalogue {
  version: string;
  /** The built-in part as sent, compressed once per process. */
  answer: StaticAnswer;
}

let builtIn: BuiltInCatalogue | undefined;

/** The built-in part of the catalogue, made the first time it is needed (once per process). */
export function builtInCatalogue(): BuiltInCatalogue {
  if (!builtIn) {
    const content = { activities: [...BUILT_IN_ACTIVITIES], categories: [...CATEGORIES] };
    const version = versionOf(JSON.stringify(content));
    const whole: TBuiltInCatalogue = { version, ...content };
    builtIn = { version, answer: new StaticAnswer(JSON.stringify(whole)) };
  }
  return builtIn;
}

/**
 * `GET /catalogue`: the family's own activities, and the built-in part (at `builtInPath` +
 * `/{version}`) that goes with them. The own activities' version is a hash of them as sent, so
 * any addition, change or deletion changes it, and nothing else does (a favourite does not).
 */
export async function familyCatalogue(
  executor: Executor,
  familyId: string,
  builtInPath: string,
): Promise<TFamilyCatalogue> {
  const ownActivities = await listOwnActivities(executor, familyId);
  const { version } = builtInCatalogue();
  return {
    version: catalogueVersion(version, versionOf(JSON.stringify(ownActivities))),
    builtIn: { version, url: `${builtInPath}/${version}` },
    ownActivities,
  };
}
