import { describe, expect, it, vi } from 'vitest';
import { whenFirstUsed } from './when-first-used';

describe('whenFirstUsed: a value made when first asked for, not as its module loads', () => {
  it('makes nothing until asked, then once, and gives the same value every time', () => {
    const make = vi.fn(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }));
    const format = whenFirstUsed(make);
    expect(make).not.toHaveBeenCalled();
    const first = format();
    expect(format()).toBe(first);
    expect(make).toHaveBeenCalledTimes(1);
  });

  it('keeps a value that is itself undefined without making it again', () => {
    const make = vi.fn(() => undefined);
    const value = whenFirstUsed(make);
    value();
    value();
    expect(make).toHaveBeenCalledTimes(1);
  });
});
