import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { completeProfile, testUser } from '../../../test/auth-fixtures';
import { renderWithShell } from '../../../test/render';
import { UserMenu } from '../../auth/components/user-menu';
import { ChildAvatar } from './child-avatar';
import { MemberAvatar } from './member-avatar';

/** Issue 29: a name that starts with an emoji showed "?" (half of the emoji) in its avatar. */
describe('avatars show the first grapheme of a name', () => {
  const child = { ...completeProfile().familyInfo.children[0]!, name: '🦄 Luna', avatar: null };

  it("a child's", () => {
    const { container } = renderWithShell(<ChildAvatar child={child} />);
    expect(container).toHaveTextContent(/^🦄$/);
  });

  it("a member's", () => {
    renderWithShell(<MemberAvatar name="👨‍👩‍👧 Team" label="The team" />);
    expect(screen.getByRole('img', { name: 'The team' })).toHaveTextContent(/^👨‍👩‍👧$/);
  });

  it("the signed-in user's, in the top bar", () => {
    renderWithShell(<UserMenu />, {
      auth: { status: 'authenticated', user: { ...testUser, name: '🐻 Dana' } },
    });
    expect(screen.getByRole('button', { name: '🐻 Dana' })).toHaveTextContent(/^🐻🐻 Dana$/u);
  });
});
