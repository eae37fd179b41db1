import { z } from 'zod';
import { ZActivityLocation } from '../activities/schema.ts';
import { ZSyncClientId } from '../sync/client-id.ts';

/** At most this many children per family (DESIGN, Family endpoints). */
export const MAX_CHILDREN = 12;
export const MAX_CHILDREN_MESSAGE = `A family can have at most ${MAX_CHILDREN} children`;
export const CHILD_NAME_MAX_LENGTH = 60;
export const CHILD_MIN_AGE = 0;
export const CHILD_MAX_AGE = 17;
/** The default age range of a 17-year-old is [17, 19] (spec §5), so ranges reach two years past. */
export const AGE_RANGE_MAX = CHILD_MAX_AGE + 2;
export const MAX_INTERESTS = 20;
export const INTEREST_MAX_LENGTH = 40;
export const MAX_PROGRESS_BYTES = 64 * 1024;

/** True when the runtime knows `zone` as an IANA time zone. */
export function isValidTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat(undefined, { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * An image address the browser may load: an app-relative path (the placeholder, or a download
 * address of our own file storage) or an http(s) URL. Anything else (javascript:, data:, `//host`)
 * is refused.
 */
export const IMAGE_URL_PATTERN = /^\s*(?:\/(?!\/)|[Hh][Tt][Tt][Pp][Ss]?:\/\/\S+\s*$)/;
export const ZImageUrl = z
  .string()
  // A pattern (checked before trimming, spaces around allowed) so the OpenAPI document states it.
  .regex(IMAGE_URL_PATTERN, 'must be an app path starting with / or an http(s) URL')
  .max(2048)
  .trim();

const ZAge = z
  .number({ error: 'Age must be a whole number from 0 to 17' })
  .int('Age must be a whole number from 0 to 17')
  .min(CHILD_MIN_AGE, 'Age must be a whole number from 0 to 17')
  .max(CHILD_MAX_AGE, 'Age must be a whole number from 0 to 17');

const ZChildName = z
  .string({ error: 'Name is required' })
  .max(CHILD_NAME_MAX_LENGTH, `Name must be at most ${CHILD_NAME_MAX_LENGTH} characters`)
  .trim()
  .min(1, 'Name is required');

const ZAgeBound = z.number().int().min(CHILD_MIN_AGE).max(AGE_RANGE_MAX);

/** `[min, max]` in whole years, min not above max. */
export const ZAgeRange = z
  .tuple([ZAgeBound, ZAgeBound])
  .refine(([min, max]) => min <= max, 'must be [min, max] with min not above max');
export type TAgeRange = z.infer<typeof ZAgeRange>;

export const ZInterests = z
  .array(z.string().max(INTEREST_MAX_LENGTH).trim().min(1))
  .max(MAX_INTERESTS, `At most ${MAX_INTERESTS} interests`);

export const TIME_SLOTS = ['morning', 'afternoon', 'evening', 'weekend'] as const;
export const ZTimeSlot = z.enum(TIME_SLOTS);

export const ZChildPreferences = z.object({
  indoorOutdoor: ZActivityLocation,
  /** Category ids (or names) the child likes most. */
  favoriteTypes: z.array(z.string().max(60).trim().min(1)).max(20),
  availableTimeSlots: z.array(ZTimeSlot).max(TIME_SLOTS.length),
});
export type TChildPreferences = z.infer<typeof ZChildPreferences>;

/** A child as every family endpoint returns it (DESIGN, Family endpoints). */
export const ZChild = z.object({
  id: z.string(),
  name: z.string(),
  age: z.number().int(),
  interests: z.array(z.string()),
  /** Image address (usually a file download address); null when none was chosen. */
  avatar: z.string().nullable(),
  ageRange: z.tuple([z.number().int(), z.number().int()]),
  preferences: ZChildPreferences,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TChild = z.infer<typeof ZChild>;

/** Body of `POST /profile/children` and `POST /children`. */
export const ZChildCreate = z.strictObject({
  name: ZChildName,
  age: ZAge,
  interests: ZInterests.default([]),
  avatar: ZImageUrl.nullable().default(null),
  ageRange: ZAgeRange.optional(),
  preferences: ZChildPreferences.partial().strict().default({}),
});
export type TChildCreate = z.infer<typeof ZChildCreate>;
export type TChildCreateInput = z.input<typeof ZChildCreate>;

/**
 * Body of `POST /profile/children` and `POST /children`: the child, and optionally the clientId
 * the app queues the add under when the call gets no answer. The server records it with the add,
 * so the queued copy of an add that did arrive is answered `duplicate`, not added twice.
 */
export const ZAddChildBody = ZChildCreate.extend({ clientId: ZSyncClientId.optional() });
export type TAddChildBody = z.input<typeof ZAddChildBody>;

/** Body of `PATCH /profile/children/{index}` and `PATCH /children/{id}`: any subset. */
export const ZChildUpdate = z.strictObject({
  name: ZChildName.optional(),
  age: ZAge.optional(),
  interests: ZInterests.optional(),
  avatar: ZImageUrl.nullable().optional(),
  ageRange: ZAgeRange.optional(),
  preferences: ZChildPreferences.partial().strict().optional(),
});
export type TChildUpdate = z.infer<typeof ZChildUpdate>;

export const ZPrivacy = z.enum(['family', 'private']);
export const ZUnits = z.enum(['metric', 'imperial']);

export const ZDefaultFilters = z.object({
  ageRange: ZAgeRange,
  timeAvailable: z.number().int().min(5).max(480),
  location: ZActivityLocation,
});
export type TDefaultFilters = z.infer<typeof ZDefaultFilters>;

export const ZPreferences = z.object({
  notifications: z.boolean(),
  weatherAlerts: z.boolean(),
  activityReminders: z.boolean(),
  privacy: ZPrivacy,
  units: ZUnits,
  defaultFilters: ZDefaultFilters,
});
export type TPreferences = z.infer<typeof ZPreferences>;

const ZTimeZone = z
  .string()
  .max(64)
  .trim()
  .min(1)
  .refine(isValidTimeZone, 'must be an IANA time zone such as America/Los_Angeles');

export const ZFamilyInfoFields = z.object({
  familyName: z.string().max(80).trim().min(1, 'Family name is required'),
  /** 'City, State' as the spec's family profile shows it. */
  location: z.string().max(120).trim(),
  timezone: ZTimeZone,
});
export type TFamilyInfoFields = z.infer<typeof ZFamilyInfoFields>;

export const ZFamilyInfo = ZFamilyInfoFields.extend({ children: z.array(ZChild) });
export type TFamilyInfo = z.infer<typeof ZFamilyInfo>;

/** Where the family lives; lat/lon are null until known (weather then uses its fallback place). */
export const ZProfileLocation = z.object({
  city: z.string().max(100).trim(),
  state: z.string().max(100).trim(),
  country: z.string().max(100).trim(),
  lat: z.number().min(-90).max(90).nullable(),
  lon: z.number().min(-180).max(180).nullable(),
});
export type TProfileLocation = z.infer<typeof ZProfileLocation>;

/**
 * The family profile document as `GET /profile` returns it (spec §3, both user shapes). The spec's
 * profile was each user's own: `uid`, `email`, `displayName` (how the app greets them) and
 * `lastLogin` are the signed-in member's own account's, so no member sees another's e-mail or
 * sign-ins; everything else is the family's, shared by its members.
 */
export const ZFamilyProfile = z.object({
  uid: z.string(),
  email: z.string(),
  displayName: z.string(),
  photoURL: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastLogin: z.string().nullable(),
  familyInfo: ZFamilyInfo,
  location: ZProfileLocation,
  preferences: ZPreferences,
});
export type TFamilyProfile = z.infer<typeof ZFamilyProfile>;

/** The fields of the profile that are the reading member's own (their account's). */
export type TProfileMemberFields = Pick<
  TFamilyProfile,
  'uid' | 'email' | 'displayName' | 'lastLogin'
>;
/** The fields of the profile that are the family's. */
export type TFamilyProfileFields = Omit<TFamilyProfile, keyof TProfileMemberFields>;

/**
 * Body of `PUT /profile`: any subset, merged deeply. Unknown keys are refused, and children are
 * not writable here (they have their own routes), so `familyInfo.children` is refused too.
 */
export const ZProfileUpdate = z.strictObject({
  /** The signed-in member's own name (their account's), not the family's. */
  displayName: z.string().max(100).trim().min(1, 'Display name is required').optional(),
  photoURL: ZImageUrl.optional(),
  familyInfo: ZFamilyInfoFields.partial().strict().optional(),
  location: ZProfileLocation.partial().strict().optional(),
  preferences: ZPreferences.extend({ defaultFilters: ZDefaultFilters.partial().strict() })
    .partial()
    .strict()
    .optional(),
});
export type TProfileUpdate = z.infer<typeof ZProfileUpdate>;

/** Free progress fields of one family (spec §3 Progress). */
export const ZProgressFields = z.record(z.string().min(1).max(100), z.unknown());
export type TProgressFields = z.infer<typeof ZProgressFields>;

/** `GET|PUT /progress` answer: the free fields plus `updatedAt` (null before the first save). */
export const ZProgress = z.looseObject({ updatedAt: z.string().nullable() });
export type TProgress = z.infer<typeof ZProgress>;
