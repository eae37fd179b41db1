import { describe, expect, it } from 'vitest';
import { joinPath, ZInviteCreate, ZJoinFamily, ZRoleChange } from './members.ts';

describe('family invitations and membership bodies', () => {
  it('invites give the parent or caregiver role, never ownership', () => {
    expect(ZInviteCreate.safeParse({ role: 'parent' }).success).toBe(true);
    expect(ZInviteCreate.safeParse({ role: 'caregiver' }).success).toBe(true);
    expect(ZInviteCreate.safeParse({ role: 'owner' }).success).toBe(false);
  });

  it('an invitation e-mail follows the e-mail rule and is normalised', () => {
    expect(ZInviteCreate.parse({ role: 'parent', email: ' Ann@Example.com ' }).email).toBe(
      'ann@example.com',
    );
    expect(ZInviteCreate.safeParse({ role: 'parent', email: 'nope' }).success).toBe(false);
  });

  it('joining discards nothing unless asked explicitly', () => {
    expect(ZJoinFamily.parse({ token: 'abc' }).discardOwnFamily).toBe(false);
    expect(ZJoinFamily.safeParse({ token: '' }).success).toBe(false);
  });

  it('a role change may make someone owner (the hand-over)', () => {
    expect(ZRoleChange.safeParse({ role: 'owner' }).success).toBe(true);
    expect(ZRoleChange.safeParse({ role: 'admin' }).success).toBe(false);
  });

  it('the invitation link opens /join/{token}', () => {
    expect(joinPath('t0k')).toBe('/join/t0k');
  });
});
