import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  checkEmail,
  EMAIL_INPUT_PATTERN,
  EMAIL_REQUIRED_MESSAGE,
  invalidEmailMessage,
  ZEmail,
} from './email.ts';

describe('§5 e-mail rule', () => {
  it.each([undefined, null, '', '   '])(
    "§5 an empty address (%o) gives 'Email is required'",
    (input) => {
      expect(checkEmail(input)).toEqual({ valid: false, message: 'Email is required' });
    },
  );

  it.each(['plainaddress', 'no-at.example.com', 'two@@example.com', 'a@b', 'sp ace@example.com'])(
    "§5 '%s' fails the simple pattern with the spec's message",
    (input) => {
      const result = checkEmail(input);
      expect(result).toEqual({ valid: false, message: invalidEmailMessage(input) });
      expect(invalidEmailMessage(input)).toMatch(
        /^Invalid email format: .+\. Please enter a valid email address like .+@.+$/,
      );
    },
  );

  it('§5 a simple address passes, trimmed', () => {
    expect(checkEmail('  dana@example.com ')).toEqual({ valid: true, email: 'dana@example.com' });
  });

  it('the zod form of the rule reports the same messages and lower-cases the address', () => {
    expect(ZEmail.parse(' Dana@Example.COM ')).toBe('dana@example.com');
    expect(ZEmail.safeParse('').error?.issues[0]?.message).toBe(EMAIL_REQUIRED_MESSAGE);
    expect(ZEmail.safeParse('nope').error?.issues[0]?.message).toBe(invalidEmailMessage('nope'));
    expect(ZEmail.safeParse(undefined).error?.issues[0]?.message).toBe(EMAIL_REQUIRED_MESSAGE);
  });

  it('states the rule as a pattern (OpenAPI) that accepts exactly what checkEmail accepts', () => {
    const documented = z.toJSONSchema(ZEmail, { io: 'input', target: 'openapi-3.0' });
    expect(documented.pattern).toBe(EMAIL_INPUT_PATTERN.source);
    for (const input of [
      'dana@example.com',
      '  Dana@Example.COM ',
      '',
      '   ',
      'plainaddress',
      'two@@example.com',
      'a@b',
      'sp ace@example.com',
      '\tx@y.z\n',
    ]) {
      expect(EMAIL_INPUT_PATTERN.test(input), input).toBe(checkEmail(input).valid);
    }
  });
});
