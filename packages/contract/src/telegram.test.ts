import { describe, expect, it } from 'vitest';
import { normaliseTelegramLinkCode } from './telegram.ts';

describe('normaliseTelegramLinkCode', () => {
  it('takes the code as typed or pasted: spaces, a dash, lower case', () => {
    expect(normaliseTelegramLinkCode('ABCD2345')).toBe('ABCD2345');
    expect(normaliseTelegramLinkCode(' abcd-2345 ')).toBe('ABCD2345');
    expect(normaliseTelegramLinkCode('abcd 2345')).toBe('ABCD2345');
  });

  it('refuses anything that cannot be a code', () => {
    expect(normaliseTelegramLinkCode('')).toBeNull();
    expect(normaliseTelegramLinkCode('ABCD234')).toBeNull();
    expect(normaliseTelegramLinkCode('ABCD23450')).toBeNull();
    // 0, 1, O and I are not in the alphabet.
    expect(normaliseTelegramLinkCode('ABCD2340')).toBeNull();
    expect(normaliseTelegramLinkCode('ABCDO234')).toBeNull();
    expect(normaliseTelegramLinkCode('Hello there friend')).toBeNull();
  });
});
