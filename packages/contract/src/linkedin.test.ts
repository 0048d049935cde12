import { describe, expect, it } from 'vitest';
import {
  escapeLittleText,
  linkedinCommentaryLength,
  linkedinPostUrl,
  linkedinTextProblem,
  linkedinTokenState,
} from './linkedin.ts';

describe('escapeLittleText', () => {
  it('puts a backslash before each of LinkedIn’s reserved characters and leaves the rest', () => {
    expect(escapeLittleText('a\\b|c{d}e@f[g]h(i)j<k>l#m*n_o~p')).toBe(
      'a\\\\b\\|c\\{d\\}e\\@f\\[g\\]h\\(i\\)j\\<k\\>l\\#m\\*n\\_o\\~p',
    );
    expect(escapeLittleText('Plain text, with: punctuation! And émoji 🎉.')).toBe(
      'Plain text, with: punctuation! And émoji 🎉.',
    );
  });
});

describe('linkedinTokenState', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  it('is expiring within seven days, expired from the expiry on', () => {
    expect(linkedinTokenState(new Date('2026-05-08T12:00:01Z'), now)).toBe('valid');
    expect(linkedinTokenState(new Date('2026-05-08T12:00:00Z'), now)).toBe('expiring');
    expect(linkedinTokenState(new Date('2026-05-01T12:00:01Z'), now)).toBe('expiring');
    expect(linkedinTokenState(now, now)).toBe('expired');
  });
});

describe('linkedin publish input', () => {
  it('is a post address from the URN, and refuses empty or over-long text', () => {
    expect(linkedinPostUrl('urn:li:share:123')).toBe('https://www.linkedin.com/feed/update/urn:li:share:123/');
    expect(linkedinTextProblem('  ')).toBe('linkedin.errors.emptyText');
    expect(linkedinTextProblem('x'.repeat(3001))).toBe('linkedin.errors.tooLong');
    expect(linkedinTextProblem('Hi')).toBeNull();
  });

  it('counts the text as sent, escaped: each reserved character twice, the limit on that count', () => {
    expect(linkedinCommentaryLength('Shipped v2 (finally) #launch')).toBe(31);
    expect(linkedinCommentaryLength('Plain text, émoji 🎉.')).toBe('Plain text, émoji 🎉.'.length);
    expect(linkedinTextProblem('x'.repeat(3000))).toBeNull();
    expect(linkedinTextProblem('#'.repeat(1500))).toBeNull();
    // 1,501 characters typed, 3,002 sent.
    expect(linkedinTextProblem('#'.repeat(1501))).toBe('linkedin.errors.tooLong');
    expect(linkedinTextProblem(`${'a'.repeat(2999)}(`)).toBe('linkedin.errors.tooLong');
  });
});
