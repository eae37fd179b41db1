/** Shortest name or e-mail part that is looked for inside a password (shorter ones match by chance). */
export const PERSONAL_PART_MIN_LENGTH = 3;

export const PASSWORD_BLANK_MESSAGE = 'Password cannot be only spaces';
export const PASSWORD_CONTAINS_EMAIL_MESSAGE =
  'Password must not contain your e-mail address. Please choose one others cannot guess';
export const PASSWORD_CONTAINS_NAME_MESSAGE =
  'Password must not contain your name. Please choose one others cannot guess';

/** Who the password is for; either may be unknown (e.g. the reset form knows neither). */
export interface TPasswordOwner {
  email?: string | undefined;
  name?: string | undefined;
}

const parts = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/\s+/)
    .filter((part) => part.length >= PERSONAL_PART_MIN_LENGTH);

/**
 * Issue 8 password rule: a password may not be blank (spaces only), nor contain, ignoring case,
 * the owner's e-mail address or its local part, nor their name or any word of it (parts shorter
 * than 3 characters are ignored). Returns the message to show, or undefined when it is fine.
 * Length and the common-password list are checked elsewhere.
 */
export function passwordProblem(password: string, owner: TPasswordOwner = {}): string | undefined {
  if (password.trim() === '') return PASSWORD_BLANK_MESSAGE;
  const lower = password.toLowerCase();
  const email = owner.email?.trim().toLowerCase() ?? '';
  const local = email.split('@')[0] ?? '';
  if (
    [email, local].some((part) => part.length >= PERSONAL_PART_MIN_LENGTH && lower.includes(part))
  ) {
    return PASSWORD_CONTAINS_EMAIL_MESSAGE;
  }
  const name = owner.name?.trim().toLowerCase() ?? '';
  if (
    [name, ...parts(name)].some(
      (part) => part.length >= PERSONAL_PART_MIN_LENGTH && lower.includes(part),
    )
  ) {
    return PASSWORD_CONTAINS_NAME_MESSAGE;
  }
  return undefined;
}
