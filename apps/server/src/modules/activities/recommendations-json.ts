import type { TRecommendationsResponse } from '@kkb/core/activities/recommend';
import type { TActivity } from '@kkb/core/activities/schema';

/**
 * Each activity's JSON, written once per activity object: the catalogue's activities are the same
 * objects in every answer, and an activity is a value that is never changed once made.
 */
const activityJson = new WeakMap<TActivity, string>();

function jsonOfActivity(activity: TActivity): string {
  let json = activityJson.get(activity);
  if (json === undefined) {
    json = JSON.stringify(activity);
    activityJson.set(activity, json);
  }
  return json;
}

/**
 * `JSON.stringify(answer)`, the same text, with the activities' JSON (most of it) reused instead of
 * written again for every answer.
 */
export function recommendationsJson(answer: TRecommendationsResponse): string {
  let json = '{"recommendations":[';
  answer.recommendations.forEach(({ activity, score, reasons }, index) => {
    json += `${index === 0 ? '' : ','}{"activity":${jsonOfActivity(activity)},"score":${JSON.stringify(score)},"reasons":${JSON.stringify(reasons)}}`;
  });
  return `${json}],"basis":${JSON.stringify(answer.basis)},"weather":${JSON.stringify(answer.weather)}}`;
}
