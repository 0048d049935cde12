import { describe, expect, it } from 'vitest';
import {
  aiConfigSchema,
  countWords,
  fillTemplateVariables,
  generateRequestSchema,
  hasIdeasVariable,
  toneOfVoiceExampleKeys,
} from './generation.ts';
import { translate } from './i18n.ts';
import * as en from './locales/en.ts';
import * as ru from './locales/ru.ts';
import {
  defaultPreferences,
  resolvePreferences,
  preferenceFallbacks,
  preferenceGroupLabelKey,
  preferenceGroups,
  preferenceOptionLabelKey,
  preferencesSchema,
} from './preferences.ts';
import { saveShareTextRequestSchema, shareListQuerySchema } from './shares.ts';

type Nested = { [key: string]: string | Nested };
function keysOf(node: Nested, prefix = ''): string[] {
  return Object.entries(node).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value, `${prefix}${key}.`),
  );
}

describe('preferences', () => {
  it("lists the options in the spec's order", () => {
    expect(Object.fromEntries(preferenceGroups.map((group) => [group.name, group.options]))).toEqual({
      platform: ['linkedin', 'telegram', 'newsletter'],
      length: ['short', 'medium', 'long'],
      tone: ['casual', 'professional', 'storyteller', 'personalized'],
      intent: ['educate', 'inspire', 'entertain', 'provoke', 'promote', 'reflect'],
      sentiment: ['awe', 'joy', 'curiosity', 'urgency', 'calm'],
      structure: ['storytelling', 'technical', 'letter', 'bulletins', 'short_with_links'],
    });
  });

  it('defaults Create Content to Medium and falls back to Short', () => {
    expect(defaultPreferences.length).toBe('medium');
    expect(preferenceFallbacks).toEqual({
      platform: 'linkedin',
      length: 'short',
      tone: 'casual',
      intent: 'educate',
      sentiment: 'awe',
      structure: 'storytelling',
    });
    expect(preferencesSchema.safeParse(defaultPreferences).success).toBe(true);
  });

  it('normalizes unknown and missing values to the fallbacks, keeping known ones', () => {
    expect(resolvePreferences({ platform: 'telegram', length: 'epic', tone: 3 })).toEqual({
      ...preferenceFallbacks,
      platform: 'telegram',
    });
    expect(resolvePreferences(null)).toEqual(preferenceFallbacks);
    expect(resolvePreferences('linkedin')).toEqual(preferenceFallbacks);
    expect(resolvePreferences({}, defaultPreferences)).toEqual(defaultPreferences);
    // An option named in another case or with spaces is the same option (as stored preferences are read).
    expect(resolvePreferences({ platform: 'Telegram', structure: 'Short With Links' }, defaultPreferences)).toEqual({
      ...defaultPreferences,
      platform: 'telegram',
      structure: 'short_with_links',
    });
  });

  it('has a label for every group and option in both languages', () => {
    for (const group of preferenceGroups) {
      for (const locale of ['en', 'ru'] as const) {
        const groupKey = preferenceGroupLabelKey(group.name);
        expect(translate(groupKey, locale)).not.toBe(groupKey);
        for (const option of group.options) {
          const key = preferenceOptionLabelKey(group.name, option);
          expect(translate(key, locale), `${locale} ${key}`).not.toBe(key);
        }
      }
    }
    expect(translate(preferenceOptionLabelKey('structure', 'short_with_links'), 'en')).toBe('Short with links');
  });
});

describe('AI settings schema', () => {
  const valid = { model: 'offline', temperature: 0.7, maxTokens: 1000, personalizationStrength: 'medium' };

  it('accepts the bounds and steps', () => {
    for (const temperature of [0, 0.1, 0.7, 1.9, 2])
      expect(aiConfigSchema.safeParse({ ...valid, temperature }).success).toBe(true);
    for (const maxTokens of [100, 1000, 4000])
      expect(aiConfigSchema.safeParse({ ...valid, maxTokens }).success).toBe(true);
    for (const personalizationStrength of ['low', 'medium', 'high']) {
      expect(aiConfigSchema.safeParse({ ...valid, personalizationStrength }).success).toBe(true);
    }
  });

  it.each([
    [{ temperature: 2.1 }, 'generation.validation.temperatureRange'],
    [{ temperature: 0.05 }, 'generation.validation.temperatureStep'],
    [{ maxTokens: 4001 }, 'generation.validation.maxTokensRange'],
    [{ maxTokens: 1050 }, 'generation.validation.maxTokensStep'],
    [{ personalizationStrength: 'max' }, 'generation.validation.personalizationStrength'],
    [{ voiceSample: 'x'.repeat(20_001) }, 'generation.validation.voiceSampleTooLong'],
  ])('refuses %j with a catalogue key', (change, key) => {
    const result = aiConfigSchema.safeParse({ ...valid, ...change });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(key);
  });
});

describe('request schemas', () => {
  const id = '7b0e7a1c-2f55-4b8e-9d33-0c2d7c4f9a10';

  it('accepts a generate request with an optional contact and template', () => {
    expect(generateRequestSchema.safeParse({ ideaIds: [id], preferences: defaultPreferences }).success).toBe(true);
    expect(
      generateRequestSchema.safeParse({
        ideaIds: [id],
        preferences: defaultPreferences,
        contact: { name: 'Ann', relationship: 'friend' },
        template: '{{events}}',
      }).success,
    ).toBe(true);
  });

  it('refuses duplicate ideas and blank text', () => {
    expect(
      generateRequestSchema.safeParse({ ideaIds: [id, id], preferences: defaultPreferences }).error?.issues[0]?.message,
    ).toBe('generation.validation.duplicateIdeas');
    expect(
      saveShareTextRequestSchema.safeParse({ ideaIds: [id], text: ' \n ', preferences: defaultPreferences }).error
        ?.issues[0]?.message,
    ).toBe('generation.toasts.noTextToSave');
  });

  it('reads a status list from the query', () => {
    expect(shareListQuerySchema.parse({ status: 'sent, approved' })).toEqual({ status: ['sent', 'approved'] });
    expect(shareListQuerySchema.parse({})).toEqual({ status: undefined });
    expect(shareListQuerySchema.safeParse({ status: 'lost' }).success).toBe(false);
  });
});

describe('template variables and word counts', () => {
  it('fills {{events}}, {{name}} and {{relationship}} and their single-brace forms', () => {
    expect(
      fillTemplateVariables('Hi {{name}} ({{ relationship }}): {{events}} / {events}', {
        name: 'Ann',
        relationship: 'friend',
        ideas: 'News',
      }),
    ).toBe('Hi Ann (friend): News / News');
    expect(fillTemplateVariables('Hi {{name}}: {{events}}', { name: '$& cash' })).toBe('Hi $& cash: {{events}}');
    expect(hasIdeasVariable('a {{events}} b')).toBe(true);
    expect(hasIdeasVariable('a {events} b')).toBe(true);
    expect(hasIdeasVariable('a {{name}} b')).toBe(false);
  });

  it('counts words, not bullets or emoji', () => {
    expect(countWords('- One two\n\n✨ three, four-five 6.')).toBe(5);
    expect(countWords('')).toBe(0);
  });
});

describe('the "generation" catalogue section', () => {
  it('has the same keys in English and Russian (plural forms aside: Russian has more)', () => {
    const base = (catalogue: { generation: Nested }) =>
      [...new Set(keysOf(catalogue.generation).map((key) => key.replace(/_(one|few|many|other)$/, '')))].sort();
    expect(base(ru as unknown as { generation: Nested })).toEqual(base(en as unknown as { generation: Nested }));
  });

  it('holds the spec strings verbatim in English', () => {
    for (const [key, text] of [
      ['generation.noIdeaSelected', 'No Idea Selected'],
      ['generation.approveAndFinish', 'Approve & Finish'],
      ['common.contactPicker.noContacts', 'No contacts found. Please add contacts first.'],
      ['generation.ideasChosen', 'Idea/s Chosen'],
      ['generation.selectContactsTitle', 'Select Contacts to Share With'],
      ['generation.toasts.generateFailedRetry', 'Failed to generate summary. Please try again.'],
      ['generation.toasts.errorUpdatingEventStatus', 'Error while updating the status of an event.'],
      [
        'generation.voice.hint',
        'Suggested length: 200-500 words. Include both formal and casual writing samples if possible.',
      ],
      [
        'generation.voice.saved',
        'Your voice sample has been saved and will be used to personalize your outgoing emails',
      ],
      ['generation.aiSettings.save', 'Save AI Settings'],
    ]) {
      expect(translate(key!, 'en')).toBe(text);
    }
    for (const key of toneOfVoiceExampleKeys) expect(translate(key, 'en')).not.toBe(key);
  });
});
