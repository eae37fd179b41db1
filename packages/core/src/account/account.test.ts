import { describe, expect, it } from 'vitest';
import { exportFileName, isRecentSignIn, RECENT_SIGN_IN_MS } from './account.ts';

describe('account deletion and export (issue 18)', () => {
  it('a sign-in counts as recent for 10 minutes, not a moment longer', () => {
    const now = Date.UTC(2026, 0, 1, 12);
    expect(isRecentSignIn(now - RECENT_SIGN_IN_MS, now)).toBe(true);
    expect(isRecentSignIn(now - RECENT_SIGN_IN_MS - 1, now)).toBe(false);
  });

  it('names the export with its UTC date', () => {
    expect(exportFileName(new Date('2026-03-04T23:59:00Z'))).toBe(
      'keep-kid-busy-export-2026-03-04.zip',
    );
  });
});
