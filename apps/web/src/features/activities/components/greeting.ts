/**
 * 'Good morning' before noon, 'Good afternoon' until 6 pm, 'Good evening' after, by the clock
 * of the family's time zone (the browser's when the zone is unknown).
 */
export function greetingFor(now: Date, timeZone?: string): string {
  let hour: number;
  try {
    hour = Number(
      new Intl.DateTimeFormat('en-US', { hour: 'numeric', hourCycle: 'h23', timeZone }).format(now),
    );
  } catch {
    hour = now.getHours();
  }
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}
