import {
  bulletinSectionRange,
  countWords,
  lengthWordBands,
  linkedInMaxHashtags,
  type GenerationContact,
  type RawIdea,
} from '@life-updates/contract/generation';
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
import { composeOfflinePost, offlineLanguage, type OfflineComposeInput } from './offline-composer.ts';
import { offlinePhrases, sentimentEmoji } from './offline-phrases.ts';

// ── The honesty check: every piece of a post is the user's own words or a catalogue phrase ──

const urlPattern = /https?:\/\/[^\s<>()"']+/g;

/** Lower case, no links, no "#", no list marks, single spaces, no punctuation at the ends. */
function normalize(text: string): string {
  return text
    .replace(urlPattern, ' ')
    .replace(/^[ \t]*[-*•][ \t]+/gm, ' ')
    .replace(/#/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .replace(/^[\s.,;:!?…"'«»()-]+|[\s.,;:!?…"'«»()-]+$/g, '')
    .trim();
}

type Material = {
  ideas: readonly RawIdea[];
  contact?: GenerationContact | undefined;
  authorName?: string | undefined;
};

const catalogueLines = (name: string | undefined) =>
  Object.values(offlinePhrases).flatMap((phrases) => [
    ...Object.values(phrases.greetings).flatMap((greeting) => [
      greeting.general,
      ...(name ? [greeting.named.replace('{name}', name)] : []),
    ]),
    ...Object.values(phrases.signOffs),
    phrases.keyPoints,
    phrases.links,
    phrases.newsletterHeading,
  ]);

/**
 * The parts of `text` that are neither the user's own words (a sentence of an idea or a fragment
 * of one), nor a structural phrase of the catalogue, nor a hashtag or link taken from the ideas.
 */
export function unexplainedParts(text: string, material: Material): string[] {
  const sources = material.ideas.map((idea) => normalize(idea.content));
  const userWords = new Set(
    material.ideas.flatMap((idea) => idea.content.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []),
  );
  const links = new Set(
    material.ideas.flatMap((idea) =>
      (idea.content.match(urlPattern) ?? []).map((url) => url.replace(/[.,;:!?…]+$/, '')),
    ),
  );
  const contactName = material.contact?.name.trim() || undefined;
  const allowedLines = new Set([...catalogueLines(contactName), ...(material.authorName ? [material.authorName] : [])]);
  const headings = Object.values(offlinePhrases).map((phrases) => `${phrases.newsletterHeading}: `);
  const emoji = Object.values(sentimentEmoji);

  const isUserFragment = (piece: string) => {
    const bare = normalize(piece);
    if (bare !== '') return sources.some((source) => source.includes(bare));
    // A sentence that is only a link (or links) of the ideas.
    const pieceLinks = (piece.match(urlPattern) ?? []).map((url) => url.replace(/[.,;:!?…]+$/, ''));
    return pieceLinks.length > 0 && pieceLinks.every((link) => links.has(link));
  };
  const unexplained: string[] = [];
  for (const rawLine of text.split('\n')) {
    let line = rawLine.trim();
    if (line === '') continue;
    const mark = emoji.find((candidate) => line.startsWith(`${candidate} `));
    if (mark) line = line.slice(mark.length + 1);
    if (allowedLines.has(line)) continue;
    const heading = headings.find((prefix) => line.startsWith(prefix));
    if (heading) {
      if (!isUserFragment(line.slice(heading.length))) unexplained.push(rawLine);
      continue;
    }
    line = line.replace(/^(?:- |\d+\. )/, '');
    if (/^(?:#[\p{L}\p{N}_]+\s*)+$/u.test(line)) {
      for (const tag of line.split(/\s+/)) if (!userWords.has(tag.slice(1).toLowerCase())) unexplained.push(tag);
      continue;
    }
    if (links.has(line.replace(/[.,;:!?…]+$/, ''))) continue;
    // Sentences end at their punctuation, or after a link or hashtag (which get no period).
    for (const sentence of line.split(/(?<=[.!?…]|https?:\/\/\S+|#[\p{L}\p{N}_]+)\s+/u)) {
      if (!isUserFragment(sentence)) unexplained.push(sentence);
    }
  }
  return unexplained;
}

// ── A seeded generator of random ideas in both languages ──

function mulberry32(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

const vocabulary = {
  en: (
    'promoted engineering manager acme team project garden shed neighbour carpentry mountains lake lynx hiking ' +
    'report club numbers conference talk paper daughter school piano concert marathon training knee recovery ' +
    'kitchen renovation tiles plumber startup funding investors launch customers feedback release bug fix ' +
    'vacation island boat storm ferry grandmother birthday cake recipe sourdough bakery course certificate ' +
    'i we my our the a to of and in with for on after before finally today at was were got'
  ).split(' '),
  ru: (
    'повышение руководитель команда проект сад сарай сосед столярка горы озеро рысь поход отчёт клуб цифры ' +
    'конференция доклад статья дочь школа пианино концерт марафон тренировка колено восстановление кухня ремонт ' +
    'плитка сантехник стартап инвестиции запуск клиенты отзывы релиз ошибка исправление отпуск остров лодка шторм ' +
    'паром бабушка день рождения торт рецепт закваска пекарня курс сертификат я мы мой наш в на с и после до ' +
    'наконец сегодня был были получил'
  ).split(' '),
};

function randomIdeas(random: () => number): RawIdea[] {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const language = random() < 0.5 ? 'en' : 'ru';
  const words = vocabulary[language];
  const sentence = () => {
    const length = 1 + Math.floor(random() * (random() < 0.2 ? 40 : 16));
    const tokens = Array.from({ length }, () => {
      const roll = random();
      if (roll < 0.04) return `#${pick(words)}`;
      if (roll < 0.06) return `https://example.com/${pick(words)}-${Math.floor(random() * 100)}`;
      if (roll < 0.12) return `${pick(words)},`;
      if (roll < 0.14) return `${pick(words)} —`;
      return pick(words);
    });
    return `${tokens.join(' ')}${pick(['.', '.', '!', '?', '…', '', '...'])}`;
  };
  const ideaCount = 1 + Math.floor(random() * (random() < 0.15 ? 12 : 4));
  return Array.from({ length: ideaCount }, () => {
    const sentenceCount = 1 + Math.floor(random() * (random() < 0.1 ? 40 : 6));
    const separator = pick([' ', ' ', '\n', '\n- ']);
    const content = Array.from({ length: sentenceCount }, sentence).join(separator);
    return random() < 0.5 ? { content } : { title: content.split(' ').slice(0, 3).join(' '), content };
  });
}

const everyPreference: Preferences[] = platformOptions.flatMap((platform) =>
  lengthOptions.flatMap((length) =>
    toneOptions.flatMap((tone) =>
      intentOptions.flatMap((intent) =>
        sentimentOptions.flatMap((sentiment) =>
          structureOptions.map((structure) => ({ platform, length, tone, intent, sentiment, structure })),
        ),
      ),
    ),
  ),
);

describe('the offline composer writes nothing of its own', () => {
  it('covers every preference combination', () => {
    expect(everyPreference).toHaveLength(
      platformOptions.length *
        lengthOptions.length *
        toneOptions.length *
        intentOptions.length *
        sentimentOptions.length *
        structureOptions.length,
    );
  });

  it('over random ideas and every preference combination, each sentence is the user’s or a catalogue phrase', () => {
    const random = mulberry32(20_260_512);
    let checked = 0;
    for (const preferences of everyPreference) {
      for (let round = 0; round < 2; round += 1) {
        const ideas = randomIdeas(random);
        const contact =
          random() < 0.3 ? { name: random() < 0.5 ? 'Maria' : 'Пётр', relationship: 'colleague' } : undefined;
        const authorName = random() < 0.5 ? 'Alex Writer' : undefined;
        const text = composeOfflinePost({ ideas, preferences, contact, authorName, personalizationStrength: 'high' });
        expect(unexplainedParts(text, { ideas, contact, authorName }), text).toEqual([]);
        expect(countWords(text)).toBeLessThanOrEqual(lengthWordBands[preferences.length].max);
        checked += 1;
      }
    }
    expect(checked).toBe(everyPreference.length * 2);
  }, 120_000);

  it('the check finds an invented sentence, a made-up greeting and a hashtag of another word', () => {
    const ideas = [{ content: 'Got promoted to engineering manager at Acme. The team threw a small party.' }];
    const honest = composeOfflinePost({ ideas, preferences: { structure: 'letter' }, authorName: 'Alex' });
    expect(unexplainedParts(honest, { ideas, authorName: 'Alex' })).toEqual([]);
    for (const invented of [
      'Good notes turn an experience into something you can use again.',
      'It took some patience, and it was worth every minute.',
      'It felt like seeing something familiar for the very first time.',
    ]) {
      const lines = honest.split('\n\n');
      const tampered = [lines[0], `${lines[1]} ${invented}`, ...lines.slice(2)].join('\n\n');
      expect(unexplainedParts(tampered, { ideas, authorName: 'Alex' })).toEqual([invented]);
    }
    expect(unexplainedParts(`Hello there, friends!\n\n${honest}`, { ideas })).toContain('Hello there, friends!');
    expect(unexplainedParts(`${honest}\n\n#Promoted #Success`, { ideas, authorName: 'Alex' })).toEqual(['#Success']);
  });

  it('keeps the catalogue to short structural phrases', () => {
    for (const phrases of Object.values(offlinePhrases)) {
      const lines = [
        ...Object.values(phrases.greetings).flatMap((greeting) => [greeting.general, greeting.named]),
        ...Object.values(phrases.signOffs),
      ];
      for (const line of lines) {
        expect(countWords(line.replace('{name}', '')), line).toBeLessThanOrEqual(4);
        expect(line, line).toMatch(/[,!]$/);
      }
      for (const label of [phrases.keyPoints, phrases.links]) expect(label).toMatch(/^\S+( \S+)?:$/);
      expect(countWords(phrases.newsletterHeading)).toBeLessThanOrEqual(2);
    }
  });
});

// ── The structure it adds ──

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
const sentence =
  'Today I spent the whole afternoon rebuilding the garden shed with my neighbour, who knows far more about carpentry than I do.';
const hugeIdea = [{ content: Array.from({ length: 150 }, () => sentence).join(' ') }];

function compose(preferences: Partial<Preferences>, extra: Partial<OfflineComposeInput> = {}) {
  return composeOfflinePost({ ideas: shortIdeas, preferences: { ...base, ...preferences }, ...extra });
}
const hashtagsIn = (text: string) => text.match(/(^|\s)#[\p{L}\p{N}_]+/gu) ?? [];

describe('length is an upper bound', () => {
  it('fills a long text up to the maximum with the user’s sentences, the last one cut with an ellipsis', () => {
    for (const length of lengthOptions) {
      const text = composeOfflinePost({ ideas: hugeIdea, preferences: { ...base, length } });
      expect(countWords(text)).toBeLessThanOrEqual(lengthWordBands[length].max);
      expect(countWords(text)).toBeGreaterThan(lengthWordBands[length].max - 25);
      expect(text.startsWith('Today I spent the whole afternoon')).toBe(true);
    }
    const oneLongSentence = [{ content: Array.from({ length: 400 }, (_, index) => `word${index}`).join(' ') }];
    const cut = composeOfflinePost({ ideas: oneLongSentence, preferences: { ...base, platform: 'telegram' } });
    expect(cut).toMatch(/^✨ Word0 word1 word2 .* word19\d…$/);
  });

  it('stays short when there is little material: nothing is added to reach the length', () => {
    const text = compose({ platform: 'telegram', length: 'long' });
    expect(countWords(text)).toBeLessThan(40);
    expect(text).toBe(
      '✨ Went hiking with Anna in the mountains. We saw a lynx near the lake!\n\n#nature #wildlife #outdoors\n\n' +
        'Finished the quarterly report for the hiking club. See https://example.com/report for the numbers.',
    );
  });
});

describe('platform rules', () => {
  it('gives LinkedIn posts at most 2 hashtags, made of the ideas’ most frequent words', () => {
    const text = compose({});
    expect(hashtagsIn(text)).toHaveLength(linkedInMaxHashtags);
    expect(text.split('\n').at(-1)).toBe('#Hiking #Anna');
  });

  it('keeps an idea with no words (only emoji or punctuation) as written, so the post is never empty', () => {
    for (const platform of platformOptions) {
      for (const structure of structureOptions) {
        const text = composeOfflinePost({
          ideas: [{ content: '🎉🎉 !!' }],
          preferences: { ...base, platform, structure },
        });
        expect(text, `${platform} ${structure}`).toContain('🎉🎉 !!');
      }
    }
  });

  it('adds no hashtag when the ideas have no word to make one of', () => {
    expect(hashtagsIn(composeOfflinePost({ ideas: [{ content: 'I did it.' }], preferences: base }))).toEqual([]);
  });

  it('keeps Telegram paragraphs to at most two sentences', () => {
    const text = composeOfflinePost({ ideas: hugeIdea, preferences: { ...base, platform: 'telegram' } });
    for (const block of text.split('\n\n')) {
      expect(block.split(/(?<=[.!?…])\s+/).length).toBeLessThanOrEqual(2);
    }
  });

  it('starts a newsletter with a heading of the first idea’s own words', () => {
    expect(compose({ platform: 'newsletter' }).split('\n')[0]).toBe(
      'Life update: Went hiking with Anna in the mountains',
    );
  });
});

describe('structures', () => {
  it('a letter opens with a greeting and ends with a sign-off and the author', () => {
    const text = compose({ structure: 'letter', tone: 'professional' }, { authorName: 'Alex' });
    expect(text.split('\n')[0]).toBe('Dear friends and colleagues,');
    expect(text).toContain('Kind regards,\nAlex');
    const named = compose({ structure: 'letter' }, { contact: { name: 'Maria', relationship: 'friend' } });
    expect(named.split('\n')[0]).toBe('Hi Maria,');
  });

  it('a technical post numbers the user’s sentences under a heading', () => {
    const text = compose({ structure: 'technical', platform: 'newsletter' });
    expect(text).toContain('Key points:\n1. Went hiking with Anna in the mountains.\n2. We saw a lynx near the lake!');
  });

  it('bulletins have 3 to 5 sections when the ideas have the material', () => {
    for (const ideas of [shortIdeas, hugeIdea, [{ content: 'We moved, the boxes are unpacked, the cat is happy.' }]]) {
      const text = composeOfflinePost({ ideas, preferences: { ...base, structure: 'bulletins' } });
      const lines = text.split('\n').filter((line) => line.startsWith('- '));
      expect(lines.length).toBeGreaterThanOrEqual(bulletinSectionRange.min);
      expect(lines.length).toBeLessThanOrEqual(bulletinSectionRange.max);
    }
  });

  it('short with links lists the ideas’ links at the end', () => {
    const text = compose({ structure: 'short_with_links', platform: 'telegram' });
    expect(text.endsWith('Links:\n- https://example.com/report')).toBe(true);
    expect(text.split('https://example.com/report')).toHaveLength(2);
  });
});

describe('languages', () => {
  const russian = [{ content: 'Меня повысили до руководителя команды. Вечером отметили с друзьями.' }];

  it('frames Russian ideas in Russian, whatever the interface language', () => {
    expect(offlineLanguage(russian)).toBe('ru');
    const text = composeOfflinePost({
      ideas: russian,
      preferences: { ...base, structure: 'letter', platform: 'newsletter', tone: 'professional' },
      authorName: 'Алексей',
      locale: 'en',
    });
    expect(text.split('\n\n')).toEqual([
      'Новости: Меня повысили до руководителя команды',
      'Уважаемые друзья и коллеги!',
      'Меня повысили до руководителя команды. Вечером отметили с друзьями.',
      'С уважением,\nАлексей',
    ]);
  });

  it('uses the interface language when the ideas have no letters', () => {
    const text = composeOfflinePost({
      ideas: [{ content: '42 · 7' }],
      preferences: { structure: 'technical' },
      locale: 'ru',
    });
    expect(text).toBe('Главное:\n1. 42 · 7.');
  });
});

describe('determinism and email-structure templates', () => {
  it('gives the same text for the same input', () => {
    expect(compose({ structure: 'bulletins' })).toBe(compose({ structure: 'bulletins' }));
  });

  it('fills {{events}}, {{name}} and {{relationship}} and adds no frame inside the template', () => {
    const text = compose(
      { platform: 'linkedin', structure: 'letter' },
      {
        template: 'Dear {{name}}, my {{relationship}}:\n\n{{events}}\n\nBye',
        contact: { name: 'Olga', relationship: 'sister' },
      },
    );
    expect(text.startsWith('Dear Olga, my sister:\n\nWent hiking with Anna')).toBe(true);
    expect(text.endsWith('for the numbers.\n\nBye')).toBe(true);
    expect(hashtagsIn(text)).toEqual([]);
  });

  it('appends the ideas when the template has no place for them, and names no contact as “friend”', () => {
    const text = compose({}, { template: 'Hello {{name}}!' });
    expect(text.startsWith('Hello friend!\n\nWent hiking')).toBe(true);
  });
});
