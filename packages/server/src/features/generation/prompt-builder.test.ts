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
import { buildSystemPrompt, buildUserMessage, type PromptInput } from './prompt-builder.ts';

const ideas = [
  { title: 'Went hiking with...', content: 'Went hiking with Anna in the mountains.', date: '2025-01-05T15:04:00Z' },
  { content: 'Finished the quarterly report.' },
];
const base: Preferences = {
  platform: 'linkedin',
  length: 'short',
  tone: 'casual',
  intent: 'educate',
  sentiment: 'awe',
  structure: 'storytelling',
};

function prompt(preferences: Partial<Record<keyof Preferences, string>>, extra: Partial<PromptInput> = {}) {
  return buildSystemPrompt({ ideas, preferences: { ...base, ...preferences }, ...extra });
}

describe('buildSystemPrompt: every option', () => {
  const platformExpectations: Record<(typeof platformOptions)[number], RegExp> = {
    linkedin: /LinkedIn post.*at most 2 hashtags/,
    telegram: /Telegram channel post.*short \(one to three sentences\)/,
    newsletter: /newsletter section.*heading line/,
  };
  it.each(platformOptions)('platform %s', (platform) => {
    expect(prompt({ platform })).toMatch(platformExpectations[platform]);
  });

  const lengthExpectations = {
    short: 'between 100 and 200 words',
    medium: 'between 300 and 500 words',
    long: 'between 700 and 1200 words',
  };
  it.each(lengthOptions)('length %s', (length) => {
    expect(prompt({ length })).toContain(`Length: ${lengthExpectations[length]}.`);
  });

  it.each(toneOptions)('tone %s', (tone) => {
    expect(prompt({ tone })).toContain(`Tone: ${tone}.`);
  });

  it.each(intentOptions)('intent %s', (intent) => {
    expect(prompt({ intent })).toContain(`Intent: ${intent}.`);
  });

  it.each(sentimentOptions)('sentiment %s', (sentiment) => {
    expect(prompt({ sentiment })).toContain(`Sentiment: ${sentiment}.`);
  });

  const structureExpectations: Record<(typeof structureOptions)[number], string> = {
    storytelling: 'Structure: storytelling.',
    technical: 'Structure: technical.',
    letter: 'Structure: letter. A personal letter with a greeting',
    bulletins: 'Structure: bulleted. A one-line introduction, then 3 to 5 sections, each a line starting with "- "',
    short_with_links: 'Structure: short with links.',
  };
  it.each(structureOptions)('structure %s', (structure) => {
    expect(prompt({ structure })).toContain(structureExpectations[structure]);
  });

  it('names exactly one option of each group', () => {
    const text = prompt({});
    expect(text.match(/^Tone: /gm)).toHaveLength(1);
    expect(text.match(/^Intent: /gm)).toHaveLength(1);
    expect(text.match(/^Sentiment: /gm)).toHaveLength(1);
    expect(text.match(/^Structure: /gm)).toHaveLength(1);
    expect(text.match(/^Length: /gm)).toHaveLength(1);
  });
});

describe('buildSystemPrompt: fallbacks', () => {
  const fallbackPrompt = prompt({});
  it.each([
    ['platform', 'tiktok'],
    ['length', 'epic'],
    ['tone', 'angry'],
    ['intent', 'sell'],
    ['sentiment', 'rage'],
    ['structure', 'haiku'],
  ])('an unknown %s falls back', (group, value) => {
    expect(prompt({ [group]: value })).toBe(fallbackPrompt);
  });

  it('falls back to linkedin, short, casual, educate, awe and storytelling with no preferences at all', () => {
    for (const preferences of [undefined, null, {}, 'junk', { platform: 42 }]) {
      const text = buildSystemPrompt({ ideas, preferences });
      expect(text).toBe(fallbackPrompt);
      expect(text).toContain('LinkedIn post');
      expect(text).toContain('Length: between 100 and 200 words.');
      expect(text).toContain('Tone: casual.');
      expect(text).toContain('Intent: educate.');
      expect(text).toContain('Sentiment: awe.');
      expect(text).toContain('Structure: storytelling.');
    }
  });
});

describe('buildSystemPrompt: the voice sample', () => {
  it('inserts the voice sample into the personalized tone', () => {
    const text = prompt({ tone: 'personalized' }, { voiceSample: 'Hey folks!\nShort sentences. Big smiles.' });
    expect(text).toContain('Examples of the author\'s writing:\n"""\nHey folks!\nShort sentences. Big smiles.\n"""');
    expect(text).not.toContain('{{voiceSample}}');
  });

  it.each([undefined, '', '   \n  '])('removes the placeholder and its block without a sample (%j)', (voiceSample) => {
    const text = prompt({ tone: 'personalized' }, { voiceSample });
    expect(text).toContain('Tone: personalized.');
    expect(text).not.toContain('{{voiceSample}}');
    expect(text).not.toContain('Examples of');
    expect(text).not.toContain('"""');
  });

  it.each(['casual', 'professional', 'storyteller'])('leaves the sample out of the %s tone', (tone) => {
    const text = prompt({ tone }, { voiceSample: 'MY VOICE SAMPLE' });
    expect(text).not.toContain('MY VOICE SAMPLE');
  });

  it('keeps special replacement patterns in the sample literally', () => {
    expect(prompt({ tone: 'personalized' }, { voiceSample: "costs $& and $' today" })).toContain(
      "costs $& and $' today",
    );
  });

  it('never leaves a placeholder for any tone, with or without a sample', () => {
    for (const tone of toneOptions) {
      for (const voiceSample of [undefined, 'sample']) {
        expect(prompt({ tone }, { voiceSample })).not.toMatch(/\{\{\s*voiceSample\s*\}\}/);
      }
    }
  });
});

describe('buildSystemPrompt: settings, ideas, contact and template', () => {
  it('includes the tone of voice and the personalization strength, with defaults', () => {
    expect(prompt({})).toContain('Tone of voice: friendly and warm.');
    expect(prompt({})).toContain('Personalization strength: medium.');
    const custom = prompt({}, { toneOfVoice: 'dry and witty', personalizationStrength: 'high' });
    expect(custom).toContain('Tone of voice: dry and witty.');
    expect(custom).toContain('Personalization strength: high.');
    expect(prompt({}, { personalizationStrength: 'low' })).toContain('Personalization strength: low.');
  });

  it('lists the raw ideas in order with their date and title', () => {
    expect(prompt({})).toContain(
      'Raw ideas:\n1. [Jan 5, 2025] Went hiking with...: Went hiking with Anna in the mountains.\n2. Finished the quarterly report.',
    );
  });

  it('asks for plain text without markdown', () => {
    expect(prompt({})).toContain('plain text without markdown');
  });

  it('names the contact and fills the template variables it knows, leaving {{events}} for the writer', () => {
    const text = prompt(
      {},
      {
        contact: { name: 'Maria', relationship: 'sister' },
        template: 'Hi {{name}},\nAs my {{relationship}}:\n{{events}}\nLove',
      },
    );
    expect(text).toContain("personal update for Maria (the author's sister)");
    expect(text).toContain('Hi Maria,\nAs my sister:\n{{events}}\nLove');
  });

  it('leaves the contact and template out when there are none', () => {
    const text = prompt({});
    expect(text).not.toContain('personal update for');
    expect(text).not.toContain('email structure');
  });
});

describe('buildUserMessage', () => {
  it('asks for a personalised update from the events', () => {
    expect(buildUserMessage({ ideas })).toBe('Write a personalised update from these 2 events.');
    expect(buildUserMessage({ ideas: ideas.slice(0, 1) })).toBe('Write a personalised update from this event.');
    expect(buildUserMessage({ ideas, contact: { name: 'Maria' } })).toBe(
      'Write a personalised update for Maria from these 2 events.',
    );
  });
});
