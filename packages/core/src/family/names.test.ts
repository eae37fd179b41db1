import { describe, expect, it } from 'vitest';
import { firstNameOf, invitationHeadline } from './names.ts';

describe('first names (issue 29)', () => {
  it('is the first word of the name, or the whole name when it is one word', () => {
    expect(firstNameOf('Dana Levi')).toBe('Dana');
    expect(firstNameOf('  Omer   Ben David ')).toBe('Omer');
    expect(firstNameOf('Mum')).toBe('Mum');
  });
});

describe('the invitation headline (issue 29)', () => {
  it('names the inviter by first name and the family, on one line', () => {
    expect(invitationHeadline({ familyName: 'The\nLevis ', inviterFirstName: 'Dana' })).toBe(
      'Dana invited you to join “The Levis” on Keep Kid Busy',
    );
  });
  it('says who without a name when the inviter has none', () => {
    expect(invitationHeadline({ familyName: 'Our Family', inviterFirstName: '' })).toBe(
      'Someone invited you to join “Our Family” on Keep Kid Busy',
    );
  });
});
