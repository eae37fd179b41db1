import { describe, expect, it } from 'vitest';
import { nameInitial } from './initial.ts';

describe("an avatar's initial is the name's first grapheme", () => {
  it.each([
    ['mia', 'M'],
    ['  noa ', 'N'],
    ['émile', 'É'],
    ['ßtefan', 'SS'],
    ['🦄 Luna', '🦄'],
    ['👍🏽Kai', '👍🏽'],
    ['👨‍👩‍👧 Team', '👨‍👩‍👧'],
    ['🇩🇪 Max', '🇩🇪'],
    ['e\u0301va', 'E\u0301'],
  ])('%j shows %j', (name, initial) => {
    expect(nameInitial(name)).toBe(initial);
  });

  it('a blank name shows "?"', () => {
    expect(nameInitial('')).toBe('?');
    expect(nameInitial('   ')).toBe('?');
  });

  it('never half of an emoji (the first UTF-16 unit of "🦄" is a lone surrogate)', () => {
    const initial = nameInitial('🦄');
    expect(initial).toBe('🦄');
    expect(initial.codePointAt(0)).toBe(0x1f984);
  });
});
