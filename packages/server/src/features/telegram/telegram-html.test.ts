import { describe, expect, it } from 'vitest';
import { escapeTelegramHtml, splitForTelegram, telegramMessageLink } from './telegram-html.ts';

describe('escapeTelegramHtml', () => {
  it('turns <, > and & into entities and leaves the rest', () => {
    expect(escapeTelegramHtml('Tom & Jerry <b>"hi"</b> > 2')).toBe('Tom &amp; Jerry &lt;b&gt;"hi"&lt;/b&gt; &gt; 2');
  });
});

describe('splitForTelegram', () => {
  it('keeps a short post in one message', () => {
    expect(splitForTelegram('  Hello\n\nworld  ')).toEqual(['Hello\n\nworld']);
  });

  it('splits at paragraph boundaries, each message within the limit', () => {
    const paragraph = (letter: string) => `${letter.repeat(1500)}.`;
    const text = [paragraph('a'), paragraph('b'), paragraph('c'), paragraph('d')].join('\n\n');
    const pieces = splitForTelegram(text);
    expect(pieces).toEqual([`${paragraph('a')}\n\n${paragraph('b')}`, `${paragraph('c')}\n\n${paragraph('d')}`]);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(4096);
  });

  it('falls back to sentences, then words, then a hard cut that keeps emoji whole', () => {
    expect(splitForTelegram('One two. Three four.', 12)).toEqual(['One two.', 'Three four.']);
    expect(splitForTelegram('alpha beta gamma', 11)).toEqual(['alpha beta', 'gamma']);
    expect(splitForTelegram('abcdefgh', 3)).toEqual(['abc', 'def', 'gh']);
    expect(splitForTelegram('ab😀cd', 3)).toEqual(['ab', '😀c', 'd']);
  });

  it('loses no words of a 20,000-character post', () => {
    const words = Array.from({ length: 4000 }, (_, index) => `w${index}`);
    const text = words.join(' ');
    const pieces = splitForTelegram(text);
    expect(pieces.length).toBeGreaterThan(4);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(4096);
    expect(pieces.join(' ').split(' ')).toEqual(words);
  });
});

describe('telegramMessageLink', () => {
  it('links public chats by username and private supergroups and channels by id', () => {
    expect(telegramMessageLink({ telegramChatId: -1001234, username: 'mychannel', messageId: 7 })).toBe(
      'https://t.me/mychannel/7',
    );
    expect(telegramMessageLink({ telegramChatId: -1009876543210, username: null, messageId: 42 })).toBe(
      'https://t.me/c/9876543210/42',
    );
    expect(telegramMessageLink({ telegramChatId: -4567, username: null, messageId: 1 })).toBeNull();
  });
});
