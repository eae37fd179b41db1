import Bowser from 'bowser';

/** Longer User-Agent strings are cut before parsing: no real one is, and parsing costs grow with it. */
const MAX_USER_AGENT_CHARS = 512;

export const UNKNOWN_DEVICE = 'Unknown device';

/**
 * What a parent recognises a browser by in a list of their devices ("Chrome on Android",
 * "Safari on iOS"), from its User-Agent: the browser and the operating system, whichever are
 * known. Used for push subscriptions, and meant for any other per-device list (sessions).
 */
export function describeDevice(userAgent: string | null | undefined): string {
  const text = userAgent?.trim().slice(0, MAX_USER_AGENT_CHARS);
  if (!text) return UNKNOWN_DEVICE;
  const { browser, os } = Bowser.parse(text);
  const browserName = browser.name?.trim();
  const osName = os.name?.trim();
  if (browserName && osName) return `${browserName} on ${osName}`;
  return browserName || osName || UNKNOWN_DEVICE;
}
