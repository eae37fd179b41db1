import { describe, expect, it } from 'vitest';
import {
  PASSWORD_BLANK_MESSAGE,
  PASSWORD_CONTAINS_EMAIL_MESSAGE,
  PASSWORD_CONTAINS_NAME_MESSAGE,
  passwordProblem,
} from './password-rules.ts';
import { ZNewPassword, ZRegisterBody } from './schemas.ts';

const owner = { email: 'Dana.Levi@Example.com', name: 'Dana Levi' };

describe('password rule: not blank, not the e-mail, not the name (issue 8)', () => {
  it('refuses a password of spaces only', () => {
    expect(passwordProblem('        ')).toBe(PASSWORD_BLANK_MESSAGE);
    expect(passwordProblem(' \t \n    ')).toBe(PASSWORD_BLANK_MESSAGE);
  });

  it('refuses the e-mail address or its local part inside the password, any case', () => {
    expect(passwordProblem('dana.levi@example.com', owner)).toBe(PASSWORD_CONTAINS_EMAIL_MESSAGE);
    expect(passwordProblem('xxDANA.LEVIxx', owner)).toBe(PASSWORD_CONTAINS_EMAIL_MESSAGE);
  });

  it('refuses the name or a word of it inside the password, any case', () => {
    expect(passwordProblem('dana levi 2024', owner)).toBe(PASSWORD_CONTAINS_NAME_MESSAGE);
    expect(passwordProblem('LEVI-harbour-77', owner)).toBe(PASSWORD_CONTAINS_NAME_MESSAGE);
  });

  it('ignores name and e-mail parts shorter than 3 characters, and accepts good passwords', () => {
    expect(passwordProblem('violet-harbour-lantern-42', { email: 'al@x.io', name: 'Al B' })).toBe(
      undefined,
    );
    expect(passwordProblem('violet-harbour-lantern-42', owner)).toBe(undefined);
    expect(passwordProblem('violet harbour')).toBe(undefined);
  });

  it('is part of the shared schemas: new passwords and the registration body', () => {
    expect(ZNewPassword.safeParse('         ').success).toBe(false);
    const body = { name: 'Dana Levi', email: 'dana.levi@example.com', password: 'dana.levi-2024' };
    const result = ZRegisterBody.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['password'],
      message: PASSWORD_CONTAINS_EMAIL_MESSAGE,
    });
  });
});
