/**
 * The profile page's sections in page order. Each key is its address's fragment, so a link or a
 * notification can open the page at one (`/profile#children`); `short` names it in the page's
 * section links when its title is long.
 */
export const PROFILE_SECTIONS = {
  family: { title: 'Family' },
  children: { title: 'Children' },
  members: { title: 'Family members', short: 'Members' },
  location: { title: 'Location & timezone', short: 'Location' },
  preferences: { title: 'Preferences' },
  notifications: { title: 'Notifications' },
  appearance: { title: 'Appearance' },
  account: { title: 'Account' },
} as const satisfies Record<string, { title: string; short?: string }>;

export type ProfileSectionId = keyof typeof PROFILE_SECTIONS;

/** The devices that get push, inside Notifications: a link to them opens the page there. */
export const PUSH_DEVICES_ANCHOR = 'devices';

/**
 * Below the sticky top bar (56 px high, 64 px from sm) with a little room: where a section's top
 * lands when the page scrolls to it.
 */
export const SECTION_SCROLL_MARGIN = { xs: '72px', sm: '80px' };
