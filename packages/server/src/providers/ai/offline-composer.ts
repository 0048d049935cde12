import {
  bulletinSectionRange,
  countWords,
  fillTemplateVariables,
  hasEventsVariable,
  lengthWordBands,
  linkedInMaxHashtags,
  type GenerationContact,
  type PersonalizationStrength,
  type RawIdea,
} from '@life-updates/contract/generation';
import { resolvePreferences, type Preferences } from '@life-updates/contract/preferences';
import {
  bulletinLabels,
  generalDetails,
  greetings,
  intentClosings,
  intentDetails,
  openings,
  sentimentDetails,
  sentimentEmoji,
  sentimentOpeners,
  signOffs,
  stopWords,
} from './offline-phrases.ts';

/**
 * The built-in offline composer (ARCHITECTURE §4.10): not an AI model. It arranges the user's own
 * ideas into a post for the six preferences, deterministically: the same input always gives the
 * same text. It honours the length band (spec §9), the structure (bulletins in 3–5 "- " sections,
 * a letter with greeting and sign-off, ...) and the platform rules (LinkedIn at most 2 hashtags,
 * Telegram short paragraphs, a newsletter heading), and fills an email structure's variables.
 */
export type OfflineComposeInput = {
  ideas: readonly RawIdea[];
  /** Read with the spec's fallbacks (spec §5 Option fallbacks). */
  preferences: unknown;
  toneOfVoice?: string | undefined;
  personalizationStrength?: PersonalizationStrength | undefined;
  voiceSample?: string | undefined;
  contact?: GenerationContact | undefined;
  /** An email structure with {{events}}, {{relationship}} and {{name}}. */
  template?: string | undefined;
  /** Signs letters. */
  authorName?: string | undefined;
};

type IdeaMaterial = { label: string; sentences: string[] };

type Plan = {
  preferences: Preferences;
  /** A template body holds only the ideas and details; the template gives the frame. */
  isTemplateBody: boolean;
  heading: string | undefined;
  greeting: string | undefined;
  /** Telegram: one emoji in front of the opening. */
  emoji: string | undefined;
  intro: string[];
  closing: string[];
  signOff: string[];
  hashtags: string[];
  links: string[];
};

const urlPattern = /https?:\/\/[^\s<>()"']+/g;
const maxLinks = 10;
const maxIterations = 400;

function hashText(text: string): number {
  // FNV-1a: a stable, well-spread number that rotates the phrase banks per input.
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

function rotate<T>(items: readonly T[], offset: number): T[] {
  if (items.length === 0) return [];
  const start = offset % items.length;
  return [...items.slice(start), ...items.slice(0, start)];
}

function capitalize(text: string): string {
  return text.charAt(0).toLocaleUpperCase('en-US') + text.slice(1);
}

function finishSentence(sentence: string): string {
  const trimmed = capitalize(sentence.trim());
  const lastToken = trimmed.split(/\s+/).at(-1) ?? '';
  // A final period would break a link or a hashtag.
  if (lastToken.startsWith('#') || /^https?:\/\//.test(lastToken)) return trimmed;
  return /[.!?…:;"')\]]$/.test(trimmed) ? trimmed : `${trimmed}.`;
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
  // LinkedIn posts carry at most two hashtags, all of them ours: the ideas' own tags become words.
  if (preferences.platform === 'linkedin') cleaned = cleaned.replace(/(^|\s)#([\p{L}\p{N}_]+)/gu, '$1$2');
  if (preferences.structure === 'short_with_links') cleaned = cleaned.replace(urlPattern, ' ');
  return cleaned.replace(/[ \t]+/g, ' ').trim();
}

function ideaLabel(idea: RawIdea, cleanedContent: string): string {
  const source = idea.title?.trim() || cleanedContent.split(/\s+/).slice(0, 3).join(' ');
  const label = source
    .replace(/(\.\.\.|…)$/, '')
    .replace(/[.,;:!?]+$/, '')
    .replace(/#/g, '')
    .trim();
  return capitalize(label || 'Update');
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
        .toLocaleLowerCase('en-US')
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

function hashtagsFor(ideas: readonly RawIdea[]): string[] {
  const tags = findKeywords(ideas)
    .slice(0, linkedInMaxHashtags)
    .map((word) => `#${capitalize(word)}`);
  return tags.length > 0 ? tags : ['#LifeUpdates'];
}

/** A short first or last line of the user's voice sample, used as their own opening or sign-off. */
function voiceSampleLines(voiceSample: string | undefined): { opening?: string; signOff?: string } {
  const lines = (voiceSample ?? '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const first = lines[0];
  const last = lines.length > 1 ? lines.at(-1) : undefined;
  return {
    ...(first && countWords(first) <= 8 ? { opening: first } : {}),
    ...(last && countWords(last) <= 6 ? { signOff: last } : {}),
  };
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let index = 0; index < items.length; index += size) chunks.push(items.slice(index, index + size));
  return chunks;
}

function planPost(input: OfflineComposeInput, preferences: Preferences, offset: number): Plan {
  const { tone, intent, sentiment, structure, platform } = preferences;
  const isTemplateBody = Boolean(input.template?.trim());
  const voice = tone === 'personalized' ? voiceSampleLines(input.voiceSample) : {};
  const contactName = input.contact?.name.trim();
  const relationship = input.contact?.relationship?.trim();

  const intro = [voice.opening ?? rotate(openings[tone], offset)[0]!, sentimentOpeners[sentiment]];
  if (contactName && input.personalizationStrength === 'high') {
    intro.push(
      relationship
        ? `I wanted you, as my ${relationship}, to hear about it first.`
        : 'I wanted you to hear about it first.',
    );
  }

  const usesLetterFrame = structure === 'letter' || contactName !== undefined;
  const greetingTemplate = contactName ? greetings[tone].named : greetings[tone].general;
  const signOffLine = voice.signOff ?? signOffs[tone];
  const firstIdea = input.ideas[0];
  const firstSentence = firstIdea ? splitSentences(cleanIdeaText(firstIdea.content, preferences))[0] : undefined;
  const headingTopic =
    firstSentence && countWords(firstSentence) <= 8
      ? firstSentence.replace(/[.!?…]+$/, '')
      : firstIdea
        ? ideaLabel(firstIdea, cleanIdeaText(firstIdea.content, preferences))
        : 'Update';

  return {
    preferences,
    isTemplateBody,
    heading:
      platform === 'newsletter' && !isTemplateBody
        ? `Life update: ${headingTopic}${input.ideas.length > 1 ? ' and more' : ''}`
        : undefined,
    greeting:
      usesLetterFrame && !isTemplateBody ? greetingTemplate.replace('{name}', () => contactName ?? '') : undefined,
    emoji: platform === 'telegram' && !isTemplateBody ? sentimentEmoji[sentiment] : undefined,
    intro: isTemplateBody ? [] : intro,
    closing: isTemplateBody ? [] : [intentClosings[intent]],
    signOff:
      usesLetterFrame && !isTemplateBody
        ? [signOffLine, ...(input.authorName?.trim() ? [input.authorName.trim()] : [])]
        : [],
    hashtags: platform === 'linkedin' && !isTemplateBody ? hashtagsFor(input.ideas) : [],
    links: structure === 'short_with_links' ? findLinks(input.ideas) : [],
  };
}

function paragraphs(sentences: readonly string[], size: number): string[] {
  return chunk(sentences, size).map((group) => group.join(' '));
}

/** Renders the plan with the chosen idea sentences and details as blank-line-separated blocks. */
function render(plan: Plan, ideas: readonly IdeaMaterial[], details: readonly string[]): string {
  const { structure, platform } = plan.preferences;
  const isTelegram = platform === 'telegram';
  const ideaSize = isTelegram ? 2 : 4;
  const detailSize = isTelegram ? 2 : 3;
  const presentIdeas = ideas.filter((idea) => idea.sentences.length > 0);
  const blocks: string[] = [];
  if (plan.heading) blocks.push(plan.heading);
  if (plan.greeting) blocks.push(plan.greeting);
  const openingIndex = blocks.length;

  switch (structure) {
    case 'technical': {
      if (plan.intro.length > 0)
        blocks.push(
          ...paragraphs(plan.intro, ideaSize).map((text, index) => (index === 0 ? `Context: ${text}` : text)),
        );
      if (presentIdeas.length > 0) {
        blocks.push(
          ['Key points:', ...presentIdeas.map((idea, index) => `${index + 1}. ${idea.sentences.join(' ')}`)].join('\n'),
        );
      }
      blocks.push(
        ...paragraphs(details, detailSize).map((text, index) => (index === 0 ? `Why it matters: ${text}` : text)),
      );
      if (plan.closing.length > 0) blocks.push(`Takeaway: ${plan.closing.join(' ')}`);
      break;
    }
    case 'bulletins': {
      if (plan.intro.length > 0) blocks.push(plan.intro.join(' '));
      blocks.push(renderBulletins(presentIdeas, details).join('\n'));
      if (plan.closing.length > 0) blocks.push(plan.closing.join(' '));
      break;
    }
    case 'short_with_links': {
      if (plan.intro.length > 0) blocks.push(plan.intro.join(' '));
      const lines = presentIdeas.flatMap((idea) => idea.sentences).concat(details);
      blocks.push(...chunk(lines, isTelegram ? 2 : 3).map((group) => group.join('\n')));
      if (plan.closing.length > 0) blocks.push(plan.closing.join(' '));
      if (plan.links.length > 0) blocks.push(['Links:', ...plan.links.map((link) => `- ${link}`)].join('\n'));
      break;
    }
    default: {
      // storytelling and letter: the situation, what happened, what it led to.
      if (plan.intro.length > 0) blocks.push(...paragraphs(plan.intro, ideaSize));
      for (const idea of presentIdeas) blocks.push(...paragraphs(idea.sentences, ideaSize));
      blocks.push(...paragraphs(details, detailSize));
      if (plan.closing.length > 0) blocks.push(...paragraphs(plan.closing, ideaSize));
    }
  }

  if (plan.emoji && blocks[openingIndex] !== undefined) blocks[openingIndex] = `${plan.emoji} ${blocks[openingIndex]}`;
  if (plan.signOff.length > 0) blocks.push(plan.signOff.join('\n'));
  if (plan.hashtags.length > 0) blocks.push(plan.hashtags.join(' '));
  return blocks.filter((block) => block.trim() !== '').join('\n\n');
}

/**
 * 3 to 5 sections (spec §9): one "- " line per idea (ideas past the fifth join it), then labelled
 * detail sections ("- Why it matters: ...") to reach three, or up to five when there are details.
 */
function renderBulletins(ideas: readonly IdeaMaterial[], details: readonly string[]): string[] {
  const ideaSections: string[][] = [];
  for (const idea of ideas) {
    if (ideaSections.length < bulletinSectionRange.max) ideaSections.push([...idea.sentences]);
    else ideaSections.at(-1)!.push(...idea.sentences);
  }
  const detailSectionCount = Math.max(
    bulletinSectionRange.min - ideaSections.length,
    Math.min(bulletinSectionRange.max - ideaSections.length, details.length),
  );
  const detailSections = Array.from({ length: detailSectionCount }, (_, index) => ({
    label: bulletinLabels[index % bulletinLabels.length]!,
    sentences: [] as string[],
  }));
  const fillTargets = detailSections.length > 0 ? detailSections.map((section) => section.sentences) : ideaSections;
  details.forEach((sentence, index) => fillTargets[index % fillTargets.length]!.push(sentence));
  const placeholders = ['It is a small part of a bigger story.', 'More on this soon.', 'Worth remembering.'];
  return [
    ...ideaSections.map((sentences) => `- ${sentences.join(' ')}`),
    ...detailSections.map((section, index) => {
      const sentences = section.sentences.length > 0 ? section.sentences : [placeholders[index % placeholders.length]!];
      return `- ${section.label}: ${sentences.join(' ')}`;
    }),
  ];
}

function truncateToWords(sentence: string, words: number): string {
  const tokens = sentence.split(/\s+/);
  const kept: string[] = [];
  let count = 0;
  for (const token of tokens) {
    if (count >= words) break;
    kept.push(token);
    if (/[\p{L}\p{N}]/u.test(token)) count += 1;
  }
  return `${kept.join(' ').replace(/[.,;:!?]+$/, '')}…`;
}

/** Takes the leading `count` sentences of the ideas, in order. */
function takeIdeaSentences(ideas: readonly IdeaMaterial[], count: number, partial?: string): IdeaMaterial[] {
  let left = count;
  let isPartialPlaced = partial === undefined;
  return ideas.map((idea) => {
    const sentences = idea.sentences.slice(0, Math.max(0, left));
    left -= sentences.length;
    if (!isPartialPlaced && sentences.length < idea.sentences.length) {
      sentences.push(partial!);
      isPartialPlaced = true;
    }
    return { label: idea.label, sentences };
  });
}

function detailPool(preferences: Preferences, offset: number): string[] {
  const intentBank = rotate(intentDetails[preferences.intent], offset);
  const sentimentBank = rotate(sentimentDetails[preferences.sentiment], offset);
  const generalBank = rotate(generalDetails, offset);
  const pool: string[] = [];
  const longest = Math.max(intentBank.length, sentimentBank.length, Math.ceil(generalBank.length / 2));
  for (let index = 0; index < longest; index += 1) {
    for (const sentence of [
      intentBank[index],
      sentimentBank[index],
      generalBank[index * 2],
      generalBank[index * 2 + 1],
    ]) {
      if (sentence !== undefined) pool.push(sentence);
    }
  }
  return pool;
}

/** Composes the text (or, with a template, the {{events}} part) within the length band. */
function composeWithinBand(input: OfflineComposeInput, preferences: Preferences): string {
  const offset = hashText(input.ideas.map((idea) => idea.content).join('\n'));
  const plan = planPost(input, preferences, offset);
  const band = lengthWordBands[preferences.length];
  const target = band.min + Math.ceil((band.max - band.min) * 0.2);
  const ideas: IdeaMaterial[] = input.ideas.map((idea) => {
    const cleaned = cleanIdeaText(idea.content, preferences);
    return { label: ideaLabel(idea, cleaned), sentences: splitSentences(cleaned) };
  });
  const totalSentences = ideas.reduce((sum, idea) => sum + idea.sentences.length, 0);

  // 1. As much of the user's own text as fits under the band's maximum.
  let low = 0;
  let high = totalSentences;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (countWords(render(plan, takeIdeaSentences(ideas, middle), [])) <= band.max) low = middle;
    else high = middle - 1;
  }
  let chosen = takeIdeaSentences(ideas, low);
  let text = render(plan, chosen, []);
  if (low < totalSentences) {
    const next = ideas.flatMap((idea) => idea.sentences)[low]!;
    const room = band.max - countWords(text) - 2;
    if (room >= 6) {
      const partial = takeIdeaSentences(ideas, low, truncateToWords(next, room));
      const partialText = render(plan, partial, []);
      if (countWords(partialText) <= band.max) {
        chosen = partial;
        text = partialText;
      }
    }
  }

  // 2. Short ideas: framing details until the text reaches the band (a little past its minimum).
  if (countWords(text) >= band.min) return text;
  const pool = detailPool(preferences, offset);
  const details: string[] = [];
  for (let iteration = 0; iteration < maxIterations && countWords(text) < target; iteration += 1) {
    details.push(pool[iteration % pool.length]!);
    const candidate = render(plan, chosen, details);
    if (countWords(candidate) > band.max) {
      details.pop();
      break;
    }
    text = candidate;
  }
  return text;
}

export function composeOfflinePost(input: OfflineComposeInput): string {
  const preferences = resolvePreferences(input.preferences);
  const body = composeWithinBand(input, preferences);
  const template = input.template?.trim();
  if (!template) return body;
  const name = input.contact?.name.trim() || 'friend';
  const relationship = input.contact?.relationship?.trim() || 'friend';
  const withEvents = hasEventsVariable(template) ? template : `${template}\n\n{{events}}`;
  return fillTemplateVariables(withEvents, { events: body, name, relationship });
}
