// Without zod: the dashboard's greeting (a first route) uses it.

/**
 * The first name of a person's name, as greetings and invitations use it: its first word ("Dana"
 * of "Dana Levi"), or the whole name when it is one word.
 */
export function firstNameOf(name: string): string {
  const [first = ''] = name.trim().split(/\s+/u);
  return first;
}

/** A name as one line of text (a mail's subject or a headline): its whitespace runs as one space. */
export function oneLine(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/**
 * Who invites whom, as the invitation mail and the join page say it: "Dana invited you to join
 * “The Levis” on Keep Kid Busy". The family's name is quoted, so it reads as a name whatever it
 * says.
 */
export function invitationHeadline(invitation: {
  familyName: string;
  inviterFirstName: string;
}): string {
  const inviter = oneLine(invitation.inviterFirstName) || 'Someone';
  return `${inviter} invited you to join “${oneLine(invitation.familyName)}” on Keep Kid Busy`;
}
