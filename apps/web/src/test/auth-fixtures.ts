import type { TTokenSet, TUser } from '@kkb/core/auth/schemas';
import { createDefaultProfileDocument } from '@kkb/core/family/profile';
import type { TFamily, TFamilyRole } from '@kkb/core/family/members';
import type { TFamilyProfile } from '@kkb/core/family/schema';

const NOW = '2026-01-05T10:00:00.000Z';

export const testUser: TUser = {
  id: 'user-1',
  name: 'Dana Parent',
  email: 'dana@example.com',
  avatar_url: null,
  is_active: true,
  is_verified: true,
  created_at: NOW,
  updated_at: NOW,
};

export function tokenSet(accessToken = 'access-1', expiresIn = 3600): TTokenSet {
  return {
    access_token: accessToken,
    refresh_token: `refresh-of-${accessToken}`,
    token_type: 'Bearer',
    expires_in: expiresIn,
    user: testUser,
  };
}

/** A new family's profile as the server creates it: no city, no children (incomplete). */
export function incompleteProfile(): TFamilyProfile {
  return createDefaultProfileDocument(
    { uid: testUser.id, email: testUser.email, displayName: testUser.name, photoURL: null },
    NOW,
  );
}

/** A profile after setup: a city and one child (complete, spec §4). */
export function completeProfile(): TFamilyProfile {
  const profile = incompleteProfile();
  return {
    ...profile,
    location: { city: 'Haifa', state: '', country: 'Israel', lat: 32.8, lon: 35 },
    familyInfo: {
      ...profile.familyInfo,
      children: [
        {
          id: 'child-1',
          name: 'Noa',
          age: 5,
          interests: [],
          avatar: null,
          ageRange: [5, 7],
          preferences: { indoorOutdoor: 'both', favoriteTypes: [], availableTimeSlots: [] },
          createdAt: NOW,
          updatedAt: NOW,
        },
      ],
    },
  };
}

/**
 * `GET /family` of a family where `testUser` has `role`; an owner (Sam, unless the test user is
 * the owner) and the other members the test gives.
 */
export function familyWith(
  role: TFamilyRole,
  others: { userId: string; name: string; role: TFamilyRole }[] = [],
): TFamily {
  const self = { userId: testUser.id, name: testUser.name, role, joinedAt: NOW };
  const owner =
    role === 'owner' || others.some((member) => member.role === 'owner')
      ? []
      : [{ userId: 'user-owner', name: 'Sam Owner', role: 'owner' as const, joinedAt: NOW }];
  return {
    id: 'family-1',
    members: [...owner, self, ...others.map((member) => ({ ...member, joinedAt: NOW }))],
    invites: [],
  };
}
