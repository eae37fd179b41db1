/**
 * The two forms of `GET /recommendations` (issue 30). `full` (the default) carries each
 * recommended activity whole; `compact` carries only its id, for a device that holds the
 * catalogue (device-catalogue.ts) and so has the activities already. Everything else (scores,
 * reasons, the basis and the weather) is the same in both.
 */
import { z } from 'zod';
import {
  ZRecommendation,
  ZRecommendationQuery,
  ZRecommendationsResponse,
  type TRecommendationsResponse,
} from './recommend.ts';

export const RECOMMENDATION_VIEWS = ['full', 'compact'] as const;
export const ZRecommendationView = z.enum(RECOMMENDATION_VIEWS);
export type TRecommendationView = z.infer<typeof ZRecommendationView>;

/** `GET /recommendations` query: the scoring's inputs, and which form the answer takes. */
export const ZRecommendationsRequest = ZRecommendationQuery.extend({
  view: ZRecommendationView.default('full'),
});
export type TRecommendationsRequest = z.infer<typeof ZRecommendationsRequest>;

export const ZCompactRecommendation = ZRecommendation.omit({ activity: true }).extend({
  activityId: z.string(),
});
export type TCompactRecommendation = z.infer<typeof ZCompactRecommendation>;

export const ZCompactRecommendationsResponse = ZRecommendationsResponse.extend({
  recommendations: z.array(ZCompactRecommendation),
});
export type TCompactRecommendationsResponse = z.infer<typeof ZCompactRecommendationsResponse>;

/** The answer in either form (the route's 200). */
export const ZRecommendationsAnswer = z.union([
  ZRecommendationsResponse,
  ZCompactRecommendationsResponse,
]);

/** The compact form of a full answer: each activity replaced by its id. */
export function compactRecommendations({
  recommendations,
  ...rest
}: TRecommendationsResponse): TCompactRecommendationsResponse {
  return {
    recommendations: recommendations.map(({ activity, ...scored }) => ({
      activityId: activity.id,
      ...scored,
    })),
    ...rest,
  };
}
