import { describe, expect, it } from 'vitest';
import {
  escapeLittleText,
  linkedinCommentaryLength,
  linkedinPostUrl,
  linkedinPublishSchema,
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
    const id = '7f0c8f8e-1f5a-4a51-9a0e-3f1b2c3d4e5f';
    expect(linkedinPublishSchema.safeParse({ ideaIds: [id], text: '  ' }).error?.issues[0]?.message).toBe(
      'linkedin.errors.emptyText',
    );
    expect(linkedinPublishSchema.safeParse({ ideaIds: [id], text: 'x'.repeat(3001) }).success).toBe(false);
    expect(linkedinPublishSchema.safeParse({ ideaIds: [], text: 'Hi' }).error?.issues[0]?.message).toBe(
      'linkedin.errors.noIdeas',
    );
  });

  it('counts the text as sent, escaped: each reserved character twice, the limit on that count', () => {
    expect(linkedinCommentaryLength('Shipped v2 (finally) #launch')).toBe(31);
    expect(linkedinCommentaryLength('Plain text, émoji 🎉.')).toBe('Plain text, émoji 🎉.'.length);
    const id = '7f0c8f8e-1f5a-4a51-9a0e-3f1b2c3d4e5f';
    const parse = (text: string) => linkedinPublishSchema.safeParse({ ideaIds: [id], text });
    expect(parse('x'.repeat(3000)).success).toBe(true);
    expect(parse('#'.repeat(1500)).success).toBe(true);
    // 1,501 characters typed, 3,002 sent.
    expect(parse('#'.repeat(1501)).error?.issues[0]?.message).toBe('linkedin.errors.tooLong');
    expect(parse(`${'a'.repeat(2999)}(`).error?.issues[0]?.message).toBe('linkedin.errors.tooLong');
  });
});
