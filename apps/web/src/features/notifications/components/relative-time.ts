import { whenFirstUsed } from '../../../lib/when-first-used';
const UNITS: readonly { unit: Intl.RelativeTimeFormatUnit; seconds: number }[] = [
  { unit: 'year', seconds: 365 * 24 * 3600 },
  { unit: 'month', seconds: 30 * 24 * 3600 },
  { unit: 'week', seconds: 7 * 24 * 3600 },
  { unit: 'day', seconds: 24 * 3600 },
  { unit: 'hour', seconds: 3600 },
  { unit: 'minute', seconds: 60 },
];

// English like the rest of the app's words; 'always' keeps "1 day ago" rather than "yesterday",
// which would be wrong for 30 hours ago.
const relative = whenFirstUsed(() => new Intl.RelativeTimeFormat('en', { numeric: 'always' }));

/** How long ago `iso` was, seen at `now`: "just now", "5 minutes ago", "2 days ago". */
export function formatRelativeTime(iso: string, now: Date): string {
  const secondsAgo = (now.getTime() - Date.parse(iso)) / 1000;
  // Under a minute, or ahead of this device's clock (the server's may run a little ahead).
  const match = UNITS.find(({ seconds }) => secondsAgo >= seconds);
  if (match === undefined) return 'just now';
  return relative().format(-Math.floor(secondsAgo / match.seconds), match.unit);
}
