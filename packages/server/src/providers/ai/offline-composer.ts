import {
  bulletinSectionRange,
  countWords,
  fillTemplateVariables,
  hasIdeasVariable,
  lengthWordBands,
  linkedInMaxHashtags,
  type GenerationContact,
  type PersonalizationStrength,
  type RawIdea,
} from '@life-updates/contract/generation';
import type { Locale } from '@life-updates/contract/i18n';
import { resolvePreferences, type Preferences } from '@life-updates/contract/preferences';
import { offlinePhrases, sentimentEmoji, stopWords } from './offline-phrases.ts';

/**
 * The built-in offline composer: not an AI model, and it never writes a statement of its own. It
 * only arranges the user's own sentences (whole, or cut short with an ellipsis when they do not
 * fit) and adds neutral structure from the phrase catalogue of offline-phrases.ts: a greeting and
 * sign-off for the tone, a heading or list labels for the structure, and hashtags made of the
 * user's own words. The chosen length is an upper bound: with little material the post is
 * shorter, and the generate panel says so. Deterministic: the same input gives the same text.
 */
export type OfflineComposeInput = {
  ideas: readonly RawIdea[];
  /** Read with the fallbacks of `resolvePreferences`. */
  preferences: unknown;
  /** Used by AI models only; the offline composer writes no style of its own. */
  toneOfVoice?: string | undefined;
  personalizationStrength?: PersonalizationStrength | undefined;
  voiceSample?: string | undefined;
  contact?: GenerationContact | undefined;
  /** An email structure with {{events}}, {{relationship}} and {{name}}. */
  template?: string | undefined;
  /** Signs letters. */
  authorName?: string | undefined;
  /** The user's interface language: the structure's language when the ideas' own is unclear. */
  locale?: Locale | undefined;
};

const urlPattern = /https?:\/\/[^\s<>()"']+/g;
const maxLinks = 10;
const maxHeadingWords = 8;

/** The language of the ideas' own words (Cyrillic or Latin letters), else the user's locale. */
export function offlineLanguage(ideas: readonly RawIdea[], fallback: Locale = 'en'): Locale {
  const text = ideas.map((idea) => idea.content.replace(urlPattern, ' ')).join(' ');
  const cyrillic = text.match(/\p{Script=Cyrillic}/gu)?.length ?? 0;
  const latin = text.match(/\p{Script=Latin}/gu)?.length ?? 0;
  if (cyrillic === 0 && latin === 0) return fallback;
  return cyrillic > latin ? 'ru' : 'en';
}

function capitalize(text: string): string {
  // A link keeps its case: "Https://" would break it.
  if (/^https?:\/\//i.test(text)) return text;
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}

function finishSentence(sentence: string): string {
  const trimmed = capitalize(sentence.trim());
  const lastToken = trimmed.split(/\s+/).at(-1) ?? '';
  // A final period would break a link or a hashtag.
  if (lastToken.startsWith('#') || /^https?:\/\//.test(lastToken)) return trimmed;
  return /[.!?…:;"')\]»]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

function splitSentences(text: string): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => line.split(/(?<=[.!?…])\s+/))
    .map((sentence) => sentence.replace(/^[-*•]\s+/, '').trim())
    .filter((sentence) => countWords(sentence) > 0)
    .map(finishSentence);
}

function cleanIdeaText(text: string, preferences: Preferences): string {
  let cleaned = text;
  // LinkedIn posts carry at most two hashtags, all made here: the ideas' own tags become words.
  if (preferences.platform === 'linkedin') cleaned = cleaned.replace(/(^|\s)#([\p{L}\p{N}_]+)/gu, '$1$2');
  // The links are listed at the end of a short-with-links post instead.
  if (preferences.structure === 'short_with_links') cleaned = cleaned.replace(urlPattern, ' ');
  return cleaned.replace(/[ \t]+/g, ' ').trim();
}

function findLinks(ideas: readonly RawIdea[]): string[] {
  const links = ideas
    .flatMap((idea) => idea.content.match(urlPattern) ?? [])
    .map((url) => url.replace(/[.,;:!?]+$/, ''));
  return [...new Set(links)].slice(0, maxLinks);
}

function findKeywords(ideas: readonly RawIdea[]): string[] {
  const counts = new Map<string, { count: number; first: number }>();
  let position = 0;
  for (const idea of ideas) {
    const words =
      idea.content
        .replace(urlPattern, ' ')
        .toLocaleLowerCase()
        .match(/[\p{L}][\p{L}\p{N}]*/gu) ?? [];
    for (const word of words) {
      position += 1;
      if (word.length < 4 || stopWords.has(word)) continue;
      const entry = counts.get(word);
      if (entry) entry.count += 1;
      else counts.set(word, { count: 1, first: position });
    }
  }
  return [...counts.entries()]
    .sort((left, right) => right[1].count - left[1].count || left[1].first - right[1].first)
    .map(([word]) => word);
}

/** Hashtags made of the ideas' most frequent words; none when the ideas have no fitting word. */
function hashtagsFor(ideas: readonly RawIdea[]): string[] {
  return findKeywords(ideas)
    .slice(0, linkedInMaxHashtags)
    .map((word) => `#${capitalize(word)}`);
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let index = 0; index < items.length; index += size) chunks.push(items.slice(index, index + size));
  return chunks;
}

/** The first sentence's opening words, for a newsletter heading. */
function headingTopic(sentences: readonly string[]): string | undefined {
  const first = sentences[0];
  if (!first) return undefined;
  const bare = first.replace(/[.!?…:;]+$/, '');
  return countWords(bare) <= maxHeadingWords ? bare : truncateToWords(bare, maxHeadingWords - 2);
}

type Frame = ReturnType<typeof planFrame>;

function planFrame(input: OfflineComposeInput, preferences: Preferences, sentences: readonly string[]) {
  const { tone, sentiment, structure, platform } = preferences;
  const phrases = offlinePhrases[offlineLanguage(input.ideas, input.locale)];
  const isTemplateBody = Boolean(input.template?.trim());
  const contactName = input.contact?.name.trim() || undefined;
  const usesLetterFrame = !isTemplateBody && (structure === 'letter' || contactName !== undefined);
  const greeting = contactName ? phrases.greetings[tone].named : phrases.greetings[tone].general;
  const topic = headingTopic(sentences);
  const authorName = input.authorName?.trim();
  return {
    preferences,
    phrases,
    heading:
      platform === 'newsletter' && !isTemplateBody
        ? topic
          ? `${phrases.newsletterHeading}: ${topic}`
          : phrases.newsletterHeading
        : undefined,
    greeting: usesLetterFrame ? greeting.replace('{name}', () => contactName ?? '') : undefined,
    // Telegram: one emoji in front of the first line.
    emoji: platform === 'telegram' && !isTemplateBody ? sentimentEmoji[sentiment] : undefined,
    signOff: usesLetterFrame ? [phrases.signOffs[tone], ...(authorName ? [authorName] : [])] : [],
    hashtags: platform === 'linkedin' && !isTemplateBody ? hashtagsFor(input.ideas) : [],
    links: structure === 'short_with_links' ? findLinks(input.ideas) : [],
  };
}

/** A sentence's clauses (at commas, semicolons and dashes), for bullets when sentences are few. */
function clausesOf(sentence: string): string[] {
  const parts = sentence
    .split(/(?:,|;|\s[—–-])\s+/)
    .map((part) => part.trim())
    .filter((part) => countWords(part) >= 2);
  return parts.length > 1 ? parts.map(finishSentence) : [sentence];
}

/**
 * 3 to 5 bullets of the user's sentences: sentences past the fifth join the bullets in order, and
 * with fewer than three sentences the longest ones are split into their clauses where they have any.
 */
function bullets(sentences: readonly string[]): string[] {
  let items = [...sentences];
  while (items.length < bulletinSectionRange.min) {
    const longest = items.reduce(
      (best, item, index) => (countWords(item) > countWords(items[best] ?? '') ? index : best),
      0,
    );
    const clauses = items[longest] ? clausesOf(items[longest]) : [];
    if (clauses.length < 2) break;
    items = [...items.slice(0, longest), ...clauses, ...items.slice(longest + 1)];
  }
  if (items.length <= bulletinSectionRange.max) return items;
  const size = Math.ceil(items.length / bulletinSectionRange.max);
  return chunk(items, size).map((group) => group.join(' '));
}

/** The frame and the chosen sentences of each idea as blank-line-separated blocks. */
function render(frame: Frame, ideas: readonly string[][]): string {
  const { structure, platform } = frame.preferences;
  const isTelegram = platform === 'telegram';
  const paragraphSize = isTelegram ? 2 : 4;
  const present = ideas.filter((sentences) => sentences.length > 0);
  const all = present.flat();
  const blocks: string[] = [];
  if (frame.heading) blocks.push(frame.heading);
  if (frame.greeting) blocks.push(frame.greeting);
  const openingIndex = blocks.length;

  switch (structure) {
    case 'technical': {
      if (all.length > 0) {
        const points = all.map((sentence, index) => `${index + 1}. ${sentence}`);
        blocks.push([frame.phrases.keyPoints, ...points].join('\n'));
      }
      break;
    }
    case 'bulletins': {
      if (all.length > 0)
        blocks.push(
          bullets(all)
            .map((item) => `- ${item}`)
            .join('\n'),
        );
      break;
    }
    case 'short_with_links': {
      blocks.push(...chunk(all, isTelegram ? 2 : 3).map((group) => group.join('\n')));
      if (frame.links.length > 0)
        blocks.push([frame.phrases.links, ...frame.links.map((link) => `- ${link}`)].join('\n'));
      break;
    }
    default: {
      // Storytelling and letters: each idea in its own paragraphs, in the order given.
      for (const sentences of present) blocks.push(...chunk(sentences, paragraphSize).map((group) => group.join(' ')));
    }
  }

  if (frame.emoji && blocks[openingIndex] !== undefined)
    blocks[openingIndex] = `${frame.emoji} ${blocks[openingIndex]}`;
  if (frame.signOff.length > 0) blocks.push(frame.signOff.join('\n'));
  if (frame.hashtags.length > 0) blocks.push(frame.hashtags.join(' '));
  return blocks.filter((block) => block.trim() !== '').join('\n\n');
}

/** The sentence's first `words` words, ending with an ellipsis. */
function truncateToWords(sentence: string, words: number): string {
  const kept: string[] = [];
  let count = 0;
  for (const token of sentence.split(/\s+/)) {
    if (count >= words) break;
    kept.push(token);
    if (/[\p{L}\p{N}]/u.test(token)) count += 1;
  }
  return `${kept.join(' ').replace(/[.,;:!?…]+$/, '')}…`;
}

/** The leading `count` sentences of the ideas in order, with `partial` in place of the next one. */
function takeSentences(ideas: readonly string[][], count: number, partial?: string): string[][] {
  let left = count;
  let isPartialPlaced = partial === undefined;
  return ideas.map((sentences) => {
    const taken = sentences.slice(0, Math.max(0, left));
    left -= taken.length;
    if (!isPartialPlaced && taken.length < sentences.length) {
      taken.push(partial!);
      isPartialPlaced = true;
    }
    return taken;
  });
}

/** The post (or, with a template, its {{events}} part): as much of the ideas as fits the length. */
function composeBody(input: OfflineComposeInput, preferences: Preferences): string {
  // An idea with no words (only emoji or punctuation) is kept as written rather than dropped: the
  // post is never empty while the user wrote something.
  const ideas = input.ideas.map((idea) => {
    const cleaned = cleanIdeaText(idea.content, preferences);
    const sentences = splitSentences(cleaned);
    return sentences.length > 0 || cleaned === '' ? sentences : [cleaned];
  });
  const frame = planFrame(input, preferences, ideas.flat());
  const { max } = lengthWordBands[preferences.length];
  const total = ideas.reduce((sum, sentences) => sum + sentences.length, 0);

  let low = 0;
  let high = total;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (countWords(render(frame, takeSentences(ideas, middle))) <= max) low = middle;
    else high = middle - 1;
  }
  const text = render(frame, takeSentences(ideas, low));
  if (low === total) return text;
  // The next sentence, cut short, when a useful part of it still fits.
  const room = max - countWords(text) - 2;
  if (room < 6) return text;
  const partial = render(frame, takeSentences(ideas, low, truncateToWords(ideas.flat()[low]!, room)));
  return countWords(partial) <= max ? partial : text;
}

export function composeOfflinePost(input: OfflineComposeInput): string {
  const preferences = resolvePreferences(input.preferences);
  const body = composeBody(input, preferences);
  const template = input.template?.trim();
  if (!template) return body;
  const { friend } = offlinePhrases[offlineLanguage(input.ideas, input.locale)];
  const name = input.contact?.name.trim() || friend;
  const relationship = input.contact?.relationship?.trim() || friend;
  const withIdeas = hasIdeasVariable(template) ? template : `${template}\n\n{{events}}`;
  return fillTemplateVariables(withIdeas, { ideas: body, name, relationship });
}
