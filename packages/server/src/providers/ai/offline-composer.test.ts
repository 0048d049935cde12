import { countWords, lengthWordBands } from '@life-updates/contract/generation';
import {
  intentOptions,
  lengthOptions,
  platformOptions,
  sentimentOptions,
  structureOptions,
  toneOptions,
  type Preferences,
} from '@life-updates/contract/preferences';
import { describe, expect, it } from 'vitest';
import { composeOfflinePost, type OfflineComposeInput } from './offline-composer.ts';

const base: Preferences = {
  platform: 'linkedin',
  length: 'short',
  tone: 'casual',
  intent: 'educate',
  sentiment: 'awe',
  structure: 'storytelling',
};

const shortIdeas = [
  {
    title: 'Went hiking with...',
    content: 'Went hiking with Anna in the mountains. We saw a lynx near the lake! #nature #wildlife #outdoors',
  },
  {
    title: 'Finished the quarterly...',
    content: 'Finished the quarterly report for the hiking club. See https://example.com/report for the numbers.',
  },
];
const tinyIdea = [{ content: 'Ran' }];
const sentence =
  'Today I spent the whole afternoon rebuilding the garden shed with my neighbour, who knows far more about carpentry than I do.';
const hugeIdea = [{ title: 'Today I spent...', content: Array.from({ length: 150 }, () => sentence).join(' ') }];

function compose(preferences: Partial<Preferences>, extra: Partial<OfflineComposeInput> = {}) {
  return composeOfflinePost({ ideas: shortIdeas, preferences: { ...base, ...preferences }, ...extra });
}

/** Hashtags are words that start with #, not the # of a link's fragment. */
const hashtagsIn = (text: string) => text.match(/(^|\s)#[\p{L}\p{N}_]+/gu) ?? [];
const blocksOf = (text: string) => text.split(/\n{2,}/);

describe('length bands (spec §9: short 100–200, medium 300–500, long 700–1200 words)', () => {
  for (const [label, ideas] of [
    ['two short ideas', shortIdeas],
    ['a one-word idea', tinyIdea],
    ['a very long idea', hugeIdea],
  ] as const) {
    for (const length of lengthOptions) {
      it(`${length} from ${label}, for every platform and structure`, () => {
        const band = lengthWordBands[length];
        for (const platform of platformOptions) {
          for (const structure of structureOptions) {
            const text = composeOfflinePost({ ideas, preferences: { ...base, length, platform, structure } });
            const words = countWords(text);
            expect(words, `${platform}/${structure}: ${words} words`).toBeGreaterThanOrEqual(band.min);
            expect(words, `${platform}/${structure}: ${words} words`).toBeLessThanOrEqual(band.max);
          }
        }
      });
    }
  }

  it('stays in the band for every tone, intent and sentiment', () => {
    for (const tone of toneOptions) {
      for (const intent of intentOptions) {
        for (const sentiment of sentimentOptions) {
          const words = countWords(compose({ tone, intent, sentiment, length: 'medium' }));
          expect(words).toBeGreaterThanOrEqual(300);
          expect(words).toBeLessThanOrEqual(500);
        }
      }
    }
  });

  it("keeps the user's own words first and cuts a too-long idea with an ellipsis", () => {
    const text = composeOfflinePost({ ideas: hugeIdea, preferences: { ...base, length: 'short' } });
    expect(text).toContain(sentence);
    expect(text).toContain('…');
  });

  it('includes the ideas as written', () => {
    const text = compose({ platform: 'newsletter' });
    expect(text).toContain('Went hiking with Anna in the mountains.');
    expect(text).toContain('Finished the quarterly report for the hiking club.');
  });
});

describe('platform rules', () => {
  it('gives LinkedIn posts at most 2 hashtags, even when the ideas carry more', () => {
    for (const structure of structureOptions) {
      for (const length of lengthOptions) {
        const text = compose({ structure, length });
        const tags = hashtagsIn(text);
        expect(tags.length, `${structure}/${length}`).toBeGreaterThanOrEqual(1);
        expect(tags.length, `${structure}/${length}`).toBeLessThanOrEqual(2);
      }
    }
    expect(compose({}).split('\n').at(-1)).toMatch(/^#\S+( #\S+)?$/);
  });

  it("makes the hashtags from the ideas' most frequent words", () => {
    expect(hashtagsIn(compose({})).map((tag) => tag.trim())).toEqual(['#Hiking', '#Anna']);
  });

  it('keeps Telegram paragraphs short: at most two sentences each', () => {
    for (const structure of ['storytelling', 'letter', 'short_with_links'] as const) {
      const text = compose({ platform: 'telegram', structure, length: 'long' });
      for (const block of blocksOf(text)) {
        if (/^- |^\d+\. |^Links:/m.test(block)) continue;
        const sentences = block.split(/(?<=[.!?…])\s+/).filter((part) => /[\p{L}]/u.test(part));
        expect(sentences.length, block).toBeLessThanOrEqual(2);
      }
    }
  });

  it('starts a newsletter with a heading line', () => {
    for (const structure of structureOptions) {
      const [heading, second] = compose({ platform: 'newsletter', structure }).split('\n');
      expect(heading).toBe('Life update: Went hiking with Anna in the mountains and more');
      expect(heading!.length).toBeLessThan(80);
      expect(second).toBe('');
    }
  });

  it('adds no hashtags or heading outside LinkedIn and newsletters', () => {
    const telegram = compose({ platform: 'telegram' });
    expect(hashtagsIn(telegram).map((tag) => tag.trim())).toEqual(['#nature', '#wildlife', '#outdoors']);
    expect(telegram).not.toContain('Life update:');
  });
});

describe('structures', () => {
  const bulletLines = (text: string) => text.split('\n').filter((line) => line.startsWith('- '));

  it.each([
    ['one idea', tinyIdea],
    ['two ideas', shortIdeas],
    ['seven ideas', Array.from({ length: 7 }, (_, index) => ({ content: `Idea number ${index + 1} happened.` }))],
  ])('bulletins have 3 to 5 "- " sections (%s), at every length', (_label, ideas) => {
    for (const length of lengthOptions) {
      const lines = bulletLines(
        composeOfflinePost({ ideas, preferences: { ...base, structure: 'bulletins', length } }),
      );
      expect(lines.length).toBeGreaterThanOrEqual(3);
      expect(lines.length).toBeLessThanOrEqual(5);
    }
  });

  it('a letter opens with a greeting and ends with a sign-off (and the author)', () => {
    const text = compose({ structure: 'letter', platform: 'newsletter', tone: 'professional' }, { authorName: 'Sam' });
    const blocks = blocksOf(text);
    expect(blocks[1]).toBe('Dear friends and colleagues,');
    expect(blocks.at(-1)).toBe('Kind regards,\nSam');
    const named = compose(
      { structure: 'letter', platform: 'telegram' },
      { contact: { name: 'Maria', relationship: 'sister' } },
    );
    expect(named.split('\n')[0]).toBe('Hi Maria,');
    expect(blocksOf(named).at(-1)).toBe('Talk soon,');
  });

  it('a technical post has context, numbered key points and a takeaway', () => {
    const text = compose({ structure: 'technical', platform: 'telegram' });
    expect(text).toMatch(/^\S+ Context: /);
    expect(text).toContain('Key points:\n1. Went hiking with Anna in the mountains.');
    expect(text).toContain('\n2. Finished the quarterly report');
    expect(text).toMatch(/\n\nTakeaway: .+$/);
  });

  it("short with links lists the ideas' links at the end", () => {
    const text = compose({ structure: 'short_with_links', platform: 'telegram' });
    expect(blocksOf(text).at(-1)).toBe('Links:\n- https://example.com/report');
    expect(text.split('https://example.com/report')).toHaveLength(2);
  });

  it('storytelling keeps every idea in its own paragraph', () => {
    const blocks = blocksOf(compose({ platform: 'telegram' }));
    expect(blocks).toContain(
      'Finished the quarterly report for the hiking club. See https://example.com/report for the numbers.',
    );
  });
});

describe('tone, voice and contact', () => {
  it('opens the personalized tone with a short first line of the voice sample and signs off with its last', () => {
    const text = compose(
      { tone: 'personalized', structure: 'letter', platform: 'telegram' },
      {
        voiceSample:
          'Hey folks!\nI write the way I talk, with short sentences and plenty of warmth for everyone.\nCheers, Sam',
      },
    );
    expect(text).toContain('Hey folks!');
    expect(blocksOf(text).at(-1)).toBe('Cheers, Sam');
  });

  it('mentions the relationship at high personalization strength', () => {
    const contact = { name: 'Maria', relationship: 'sister' };
    expect(compose({}, { contact, personalizationStrength: 'high' })).toContain(
      'I wanted you, as my sister, to hear about it first.',
    );
    expect(compose({}, { contact, personalizationStrength: 'low' })).not.toContain('as my sister');
  });
});

describe('determinism and fallbacks', () => {
  it('gives the same text for the same input', () => {
    for (const structure of structureOptions) {
      expect(compose({ structure, length: 'long' })).toBe(compose({ structure, length: 'long' }));
    }
  });

  it('varies the framing between different ideas', () => {
    const first = composeOfflinePost({ ideas: [{ content: 'Planted tomatoes.' }], preferences: base });
    const second = composeOfflinePost({ ideas: [{ content: 'Adopted a cat called Miso.' }], preferences: base });
    expect(first).not.toBe(second);
  });

  it('reads unknown preferences as linkedin, short, casual, educate, awe, storytelling', () => {
    const fallback = composeOfflinePost({ ideas: shortIdeas, preferences: base });
    expect(
      composeOfflinePost({
        ideas: shortIdeas,
        preferences: { platform: 'myspace', length: 'epic', tone: 1, structure: null },
      }),
    ).toBe(fallback);
    expect(composeOfflinePost({ ideas: shortIdeas, preferences: undefined })).toBe(fallback);
  });
});

describe('email-structure templates', () => {
  const template = 'Hi {{name}},\n\nAs my {{relationship}}, you should hear this first:\n\n{{events}}\n\nLove,\nSam';

  it('fills {{events}}, {{name}} and {{relationship}}', () => {
    const text = compose({ length: 'short' }, { template, contact: { name: 'Maria', relationship: 'sister' } });
    expect(text.startsWith('Hi Maria,\n\nAs my sister, you should hear this first:\n\n')).toBe(true);
    expect(text.endsWith('\n\nLove,\nSam')).toBe(true);
    expect(text).toContain('Went hiking with Anna in the mountains.');
    expect(text).not.toMatch(/\{\{?\s*\w+\s*\}\}?/);
  });

  it('keeps the length band for the events part and adds no platform extras to it', () => {
    const text = compose({ length: 'medium' }, { template, contact: { name: 'Maria' } });
    const events = text.slice(text.indexOf('first:\n\n') + 'first:\n\n'.length, text.lastIndexOf('\n\nLove,'));
    expect(countWords(events)).toBeGreaterThanOrEqual(300);
    expect(countWords(events)).toBeLessThanOrEqual(500);
    expect(hashtagsIn(text).length).toBe(0);
  });

  it('accepts the single-brace forms and a missing contact', () => {
    const text = compose({}, { template: 'Dear {name} ({relationship}):\n{events}' });
    expect(text.startsWith('Dear friend (friend):\n')).toBe(true);
    expect(text).not.toContain('{events}');
  });

  it('appends the events when the template has no place for them', () => {
    const text = compose({}, { template: 'Hello there!' });
    expect(text.startsWith('Hello there!\n\n')).toBe(true);
    expect(text).toContain('Went hiking with Anna');
  });

  it('bulletins inside a template still have 3 to 5 sections', () => {
    const text = compose({ structure: 'bulletins' }, { template });
    const lines = text.split('\n').filter((line) => line.startsWith('- '));
    expect(lines.length).toBeGreaterThanOrEqual(3);
    expect(lines.length).toBeLessThanOrEqual(5);
  });
});
