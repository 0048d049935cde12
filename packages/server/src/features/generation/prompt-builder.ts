import {
  bulletinSectionRange,
  defaultPersonalizationStrength,
  defaultToneOfVoice,
  fillTemplateVariables,
  lengthWordBands,
  linkedInMaxHashtags,
  type PersonalizationStrength,
  type RawIdea,
} from '@life-updates/contract/generation';
import {
  resolvePreferences,
  type Intent,
  type Platform,
  type Sentiment,
  type Structure,
  type Tone,
} from '@life-updates/contract/preferences';
import type { OfflineComposeInput } from '../../providers/ai/offline-composer.ts';
import type { PromptPhotoPart } from '../../providers/ai/text-generator.ts';

/** Where the personalized tone puts the user's writing samples (only if there are any). */
const voiceSamplePlaceholder = '{{voiceSample}}';
const voiceSampleBlock = `Examples of the author's writing:\n"""\n${voiceSamplePlaceholder}\n"""`;

const platformInstructions: Record<Platform, string> = {
  linkedin: `Write a LinkedIn post. Open with a strong first line. Use at most ${linkedInMaxHashtags} hashtags, on the last line.`,
  telegram:
    'Write a Telegram channel post. Keep paragraphs short (one to three sentences) with a blank line between them.',
  newsletter: 'Write a newsletter section. Start with a short heading line, then the text in clear paragraphs.',
};

const toneInstructions: Record<Tone, string> = {
  casual: 'Tone: casual. Relaxed and conversational, like talking to a friend.',
  professional: 'Tone: professional. Clear, confident and polished, without jargon.',
  storyteller: 'Tone: storyteller. Narrative and vivid, with a beginning, a turning point and an ending.',
  personalized: `Tone: personalized. Write in the author's own voice, matching their vocabulary, rhythm and phrasing.\n${voiceSampleBlock}`,
};

const intentInstructions: Record<Intent, string> = {
  educate: 'Intent: educate. Help the reader learn something useful from these experiences.',
  inspire: 'Intent: inspire. Motivate the reader to act or to see new possibilities.',
  entertain: 'Intent: entertain. Make it enjoyable to read, with light humour where it fits.',
  provoke: 'Intent: provoke. Challenge a common assumption and invite the reader to think and respond.',
  promote: 'Intent: promote. Show the value of the work or idea and end with a clear call to action.',
  reflect: 'Intent: reflect. Share honest reflection on what happened and what it means.',
};

const sentimentInstructions: Record<Sentiment, string> = {
  awe: 'Sentiment: awe. Convey wonder at what happened.',
  joy: 'Sentiment: joy. Convey happiness and gratitude.',
  curiosity: 'Sentiment: curiosity. Convey open questions and the wish to learn more.',
  urgency: 'Sentiment: urgency. Convey that this matters now.',
  calm: 'Sentiment: calm. Convey a steady, unhurried mood.',
};

const structureInstructions: Record<Structure, string> = {
  storytelling: 'Structure: storytelling. A short narrative: the situation, what happened, and what it led to.',
  technical: 'Structure: technical. Context, the key points in a numbered list, then the takeaway.',
  letter: 'Structure: letter. A personal letter with a greeting, the body, and a warm sign-off.',
  bulletins: `Structure: bulleted. A one-line introduction, then ${bulletinSectionRange.min} to ${bulletinSectionRange.max} sections, each a line starting with "- ", then a closing line.`,
  short_with_links:
    'Structure: short with links. Short, punchy sentences; include every link from the ideas as a plain URL.',
};

const personalizationInstructions: Record<PersonalizationStrength, string> = {
  low: 'Personalization strength: low. Keep personal details light and write for a general audience.',
  medium: 'Personalization strength: medium. Balance personal details with points anyone can relate to.',
  high: 'Personalization strength: high. Make it strongly personal: first person, specific details and feelings.',
};

/** What the offline composer gets, less the letter's signature and interface language. */
export type PromptInput = Omit<OfflineComposeInput, 'authorName' | 'locale'>;

function formatIdeaDate(date: RawIdea['date']): string | undefined {
  if (date === undefined || date === null || date === '') return undefined;
  const parsed = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(parsed.getTime())) return undefined;
  return parsed.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

function formatIdeas(ideas: readonly RawIdea[]): string {
  return ideas
    .map((idea, index) => {
      const date = formatIdeaDate(idea.date);
      const title = idea.title?.trim();
      const heading = [date ? `[${date}]` : undefined, title ? `${title}:` : undefined].filter(Boolean).join(' ');
      return `${index + 1}. ${heading ? `${heading} ` : ''}${idea.content.trim()}`;
    })
    .join('\n');
}

/** The personalized tone's examples block, or nothing at all when the user has no voice sample. */
function renderToneInstruction(tone: Tone, voiceSample: string | undefined): string {
  const instruction = toneInstructions[tone];
  const sample = voiceSample?.trim();
  if (sample) return instruction.replace(voiceSamplePlaceholder, () => sample);
  return instruction.replace(`\n${voiceSampleBlock}`, '');
}

/**
 * The user's own sent texts for this platform (newest first), as examples of their voice: for its
 * vocabulary and rhythm, never for facts.
 */
function renderVoiceExamples(examples: readonly string[]): string {
  return [
    'Texts the author wrote and sent before on this platform, newest first. Match their voice (vocabulary, sentence length, rhythm, how they open and close); do not reuse their content or facts:',
    ...examples.map((example, index) => `Example ${index + 1}:\n"""\n${example}\n"""`),
  ].join('\n\n');
}

/**
 * The system prompt: the six preferences, the user's tone of voice and
 * personalization strength, the user's sent texts as examples of their voice, the optional email
 * structure, and the raw ideas.
 */
export function buildSystemPrompt(input: PromptInput & { voiceExamples?: readonly string[] | undefined }): string {
  const preferences = resolvePreferences(input.preferences);
  const band = lengthWordBands[preferences.length];
  const toneOfVoice = input.toneOfVoice?.trim() || defaultToneOfVoice;
  const strength = input.personalizationStrength ?? defaultPersonalizationStrength;
  const sections = [
    "You turn a person's raw ideas and life events into a ready-to-publish text written in the first person.",
    platformInstructions[preferences.platform],
    `Length: between ${band.min} and ${band.max} words.`,
    renderToneInstruction(preferences.tone, input.voiceSample),
    intentInstructions[preferences.intent],
    sentimentInstructions[preferences.sentiment],
    structureInstructions[preferences.structure],
    `Tone of voice: ${toneOfVoice}.`,
    personalizationInstructions[strength],
  ];
  if (input.voiceExamples && input.voiceExamples.length > 0) sections.push(renderVoiceExamples(input.voiceExamples));
  if (input.contact) {
    const relationship = input.contact.relationship?.trim();
    sections.push(
      `The text is a personal update for ${input.contact.name.trim()}${relationship ? ` (the author's ${relationship})` : ''}. Address them directly.`,
    );
  }
  if (input.template?.trim()) {
    sections.push(
      `Follow this email structure. Replace {{events}} with the update written from the ideas; keep the rest of the structure:\n"""\n${fillTemplateVariables(
        input.template.trim(),
        {
          name: input.contact?.name.trim() || 'friend',
          relationship: input.contact?.relationship?.trim() || 'friend',
        },
      )}\n"""`,
    );
  }
  sections.push(`Raw ideas:\n${formatIdeas(input.ideas)}`);
  sections.push(
    'Write only the text itself, as plain text without markdown formatting. Do not invent facts that are not in the ideas.',
  );
  return sections.join('\n\n');
}

/** The user message: a request for a personalised update from the ideas (life events, to the model). */
export function buildUserMessage(input: Pick<PromptInput, 'contact' | 'ideas'>): string {
  const count = input.ideas.length;
  const source = count === 1 ? 'this event' : `these ${count} events`;
  if (input.contact) return `Write a personalised update for ${input.contact.name.trim()} from ${source}.`;
  return `Write a personalised update from ${source}.`;
}

/** A photo going to the model: the index of its idea in the prompt's list (0 first), its alt text, its bytes. */
export type PromptPhoto = { ideaIndex: number; alt: string | null; data: Uint8Array; mediaType: string };

/**
 * The photos after the user message, for a model that accepts images: one line before each saying
 * which event (by its number in the raw ideas) it belongs to and, where the author wrote one, its
 * alt text, which the model is told to trust over its own reading of the picture.
 */
export function buildPhotoParts(ideas: readonly RawIdea[], photos: readonly PromptPhoto[]): PromptPhotoPart[] {
  if (photos.length === 0) return [];
  const parts: PromptPhotoPart[] = [
    {
      type: 'text',
      text: `Photos from these events follow (${photos.length} in all). Before each, a line names its event by its number in the raw ideas. Use what the photos show where it helps the text, and only what they clearly show. Where the author described a photo, take the description as true and prefer it to your own reading of the picture.`,
    },
  ];
  for (const [index, photo] of photos.entries()) {
    const title = ideas[photo.ideaIndex]?.title?.trim();
    const alt = photo.alt?.trim();
    parts.push({
      type: 'text',
      text: `Photo ${index + 1}, from event ${photo.ideaIndex + 1}${title ? ` ("${title}")` : ''}.${alt ? ` The author's description: "${alt}"` : ''}`,
    });
    parts.push({ type: 'image', data: photo.data, mediaType: photo.mediaType });
  }
  return parts;
}

/**
 * At most `limit` photos, taken round by round (each idea's first photo, then each idea's second…)
 * so a post about several events shows each of them; returned in idea order, then photo order.
 */
export function choosePromptPhotos<T extends { ideaIndex: number; position: number }>(
  photos: readonly T[],
  limit: number,
): T[] {
  const rounds = new Map<T, number>();
  const seen = new Map<number, number>();
  for (const photo of [...photos].sort((a, b) => a.ideaIndex - b.ideaIndex || a.position - b.position)) {
    const round = seen.get(photo.ideaIndex) ?? 0;
    rounds.set(photo, round);
    seen.set(photo.ideaIndex, round + 1);
  }
  return [...photos]
    .sort((a, b) => rounds.get(a)! - rounds.get(b)! || a.ideaIndex - b.ideaIndex)
    .slice(0, limit)
    .sort((a, b) => a.ideaIndex - b.ideaIndex || a.position - b.position);
}
