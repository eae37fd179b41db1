import { invitationHeadline } from '@kkb/core/family/names';
import type { MailMessage } from './mailer.ts';

const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function plainMail(to: string, subject: string, lines: string[], link: string): MailMessage {
  const text = [...lines, '', link, ''].join('\n');
  const html = [
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
  ].join('\n');
  return { to, subject, text, html };
}

/** Nothing the registrant typed (their name) goes into the mail: it goes to any address given. */
export function verificationMail(to: string, link: string): MailMessage {
  return plainMail(
    to,
    'Confirm your e-mail address for Keep Kid Busy',
    [
      'Hello,',
      'Welcome to Keep Kid Busy! Please confirm your e-mail address by opening this link:',
    ],
    link,
  );
}

export function passwordResetMail(to: string, link: string): MailMessage {
  return plainMail(
    to,
    'Reset your Keep Kid Busy password',
    [
      'Someone (hopefully you) asked to reset the password of your Keep Kid Busy account.',
      'Open this link within 1 hour to choose a new password. It works once.',
      'If you did not ask for this, ignore this message; your password stays the same.',
    ],
    link,
  );
}

/**
 * An invitation to a family. It goes to an address the inviter typed, so that its reader knows
 * whom it is from it names the family and the inviter's first name, as the family's members see
 * them; nothing else the inviter wrote (an invitation has no message of its own).
 */
export function familyInviteMail(
  to: string,
  invitation: { role: 'parent' | 'caregiver'; familyName: string; inviterFirstName: string },
  link: string,
): MailMessage {
  const headline = invitationHeadline(invitation);
  return plainMail(
    to,
    headline,
    [
      'Hello,',
      `${headline} as a ${invitation.role}, to see its children, favourites and activities.`,
      'Open this link within 7 days to sign in or register and join. It works once.',
      'If you were not expecting this, ignore this message.',
    ],
    link,
  );
}
