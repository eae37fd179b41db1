import { describe, expect, it } from 'vitest';
import { describeDevice, UNKNOWN_DEVICE } from './describe-device.ts';

describe('a device is named by its browser and operating system', () => {
  it.each([
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0',
      'Microsoft Edge on Windows',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0', 'Firefox on Linux'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari on macOS',
    ],
  ])('%s', (userAgent, label) => {
    expect(describeDevice(userAgent)).toBe(label);
  });

  it('what it cannot read is an unknown device', () => {
    expect(describeDevice(undefined)).toBe(UNKNOWN_DEVICE);
    expect(describeDevice('')).toBe(UNKNOWN_DEVICE);
    expect(describeDevice('   ')).toBe(UNKNOWN_DEVICE);
    expect(describeDevice('lightMyRequest')).toBe(UNKNOWN_DEVICE);
  });

  it('a very long User-Agent is read from its start only', () => {
    const chrome =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
    expect(describeDevice(chrome + ' x'.repeat(100_000))).toBe('Chrome on Android');
  });
});
