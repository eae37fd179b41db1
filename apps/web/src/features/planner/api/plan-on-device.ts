import type { TActivity } from '@kkb/core/activities/schema';
import type { TUserActivity } from '@kkb/core/activities/user-activity';
import type { TFamilyProfile } from '@kkb/core/family/schema';
import {
  childrenToPlan,
  NO_CHILDREN_MESSAGE,
  planByRules,
  planDates,
  planTimeZone,
  planUnits,
} from '@kkb/core/planner/family-plan';
import { forecastsForDates } from '@kkb/core/planner/forecast';
import { ZPlannerRequest, type TPlan, type TPlannerRequestInput } from '@kkb/core/planner/schema';

/** What the device holds that the planner reads. */
export interface DevicePlanningData {
  /** The catalogue it holds: the built-in activities, then the family's own. */
  activities: readonly TActivity[];
  profile: TFamilyProfile | null;
  records: readonly TUserActivity[];
  /** The instant of planning, ISO 8601. */
  now: string;
}

/**
 * `POST /planner` answered on the device (offline, or with the server out of reach): core's plan
 * by the rules, as the server makes it, for days whose forecast the device does not know (the
 * daily forecast comes from the server's weather service). The language model needs the network,
 * so this plan is always the rules'. Throws the server's message for what it would refuse.
 */
export function planOnDevice(data: DevicePlanningData, input: TPlannerRequestInput): TPlan {
  const request = ZPlannerRequest.parse(input);
  const { profile } = data;
  const children = childrenToPlan(profile?.familyInfo.children ?? [], request.childIds);
  if (children === undefined) throw new Error('Child not found');
  if (children.length === 0) throw new Error(NO_CHILDREN_MESSAGE);
  const { dates } = planDates(request, data.now, planTimeZone(profile));
  const forecasts = forecastsForDates(dates, undefined, planUnits(profile), 'fallback');
  return planByRules(
    { activities: data.activities, profile, children, records: data.records, now: data.now },
    request,
    forecasts,
  ).plan;
}
