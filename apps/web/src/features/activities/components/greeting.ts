import { greetingForHour } from '@kkb/core/weather/daylight';

/**
 * The greeting (core `greetingForHour`: morning, afternoon, evening, night) by the clock of the
 * family's time zone (the browser's when the zone is unknown).
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
  return greetingForHour(hour);
}
