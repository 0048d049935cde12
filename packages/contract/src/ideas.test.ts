import { describe, expect, it } from 'vitest';
import {
  createIdeaSchema,
  defaultIdeaPreferences,
  deriveTitle,
  ideaPreferencesSchema,
  formatDuration,
  normaliseAudioType,
  preferenceOptions,
  previewContent,
  recording,
  resolvePreferences,
  updateIdeaSchema,
  usageState,
} from './ideas.ts';
import { translate } from './i18n.ts';
import { preferenceGroupLabelKey, preferenceOptionLabelKey } from './preferences.ts';

describe('deriveTitle (first three words, ellipsis if longer)', () => {
  it.each([
    ['Went hiking today with friends', 'Went hiking today...'],
    ['Went hiking today', 'Went hiking today'],
    ['  Hello   world  ', 'Hello world'],
    ['One', 'One'],
    ['line\nbreaks\tand tabs count as spaces', 'line breaks and...'],
    ['', ''],
  ])('%j → %j', (content, title) => {
    expect(deriveTitle(content)).toBe(title);
  });
});

describe('previewContent (100 characters)', () => {
  it('keeps short text and cuts long text with an ellipsis', () => {
    expect(previewContent('short')).toBe('short');
    expect(previewContent('x'.repeat(100))).toBe('x'.repeat(100));
    expect(previewContent('x'.repeat(101))).toBe(`${'x'.repeat(100)}...`);
  });
});

describe('usageState', () => {
  it.each([
    [0, 10, 0, 'normal'],
    [7, 10, 70, 'normal'],
    [8, 10, 80, 'warning'],
    [9, 10, 90, 'warning'],
    [10, 10, 100, 'limit'],
    [14, 10, 100, 'limit'],
    [1, 3, 33, 'normal'],
    [2, 3, 67, 'normal'],
    [0, 0, 100, 'limit'],
  ] as const)('%i of %i → %i%% %s', (used, total, percent, level) => {
    expect(usageState({ used, total })).toEqual({ percent, level });
  });

  it('does not show a full bar while a share remains', () => {
    expect(usageState({ used: 199, total: 200 })).toEqual({ percent: 99, level: 'warning' });
  });
});

describe('formatDuration (mm:ss)', () => {
  it.each([
    [0, '00:00'],
    [5, '00:05'],
    [59.9, '00:59'],
    [65, '01:05'],
    [recording.maxSeconds, '02:00'],
    [-3, '00:00'],
    [Number.NaN, '00:00'],
  ])('%d → %s', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });
});

describe('recording constants', () => {
  it('match the spec', () => {
    expect(recording).toEqual({ maxSeconds: 120, timesliceMs: 1000, progressCap: 95, closeDelayMs: 500 });
  });
});

describe('event schemas', () => {
  it('trims content and defaults the voice flag', () => {
    expect(createIdeaSchema.parse({ content: '  Had coffee  ' })).toEqual({
      content: 'Had coffee',
      isAudioRecording: false,
    });
  });

  it.each(['', '   ', '\n\t'])('refuses blank content %j with the catalogue key', (content) => {
    const result = createIdeaSchema.safeParse({ content });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('ideas.validation.contentRequired');
  });

  it('refuses content over 10000 characters', () => {
    expect(createIdeaSchema.safeParse({ content: 'a'.repeat(10_000) }).success).toBe(true);
    const result = createIdeaSchema.safeParse({ content: 'a'.repeat(10_001) });
    expect(result.error?.issues[0]?.message).toBe('ideas.validation.contentTooLong');
  });

  it('refuses an empty update and a non-boolean voice flag', () => {
    expect(updateIdeaSchema.safeParse({}).error?.issues[0]?.message).toBe('ideas.validation.nothingToUpdate');
    expect(createIdeaSchema.safeParse({ content: 'x', isAudioRecording: 'yes' }).success).toBe(false);
  });
});

describe('preferences', () => {
  it('defaults to the first option of each group', () => {
    for (const [group, options] of Object.entries(preferenceOptions)) {
      expect(defaultIdeaPreferences[group as keyof typeof defaultIdeaPreferences]).toBe(options[0]);
    }
    expect(ideaPreferencesSchema.parse(defaultIdeaPreferences)).toEqual(defaultIdeaPreferences);
  });

  it('resolves stored values, falling back to the defaults for unknown ones', () => {
    expect(resolvePreferences(null)).toEqual(defaultIdeaPreferences);
    expect(
      resolvePreferences({ platform: 'Telegram', tone: 'loud', structure: 'Short with links', length: 'long' }),
    ).toEqual({
      ...defaultIdeaPreferences,
      platform: 'telegram',
      structure: 'short_with_links',
      length: 'long',
    });
  });

  it('has a display name for every option in both languages', () => {
    for (const [group, options] of Object.entries(preferenceOptions)) {
      const groupKey = preferenceGroupLabelKey(group as keyof typeof preferenceOptions);
      expect(translate(groupKey, 'en')).not.toBe(groupKey);
      expect(translate(groupKey, 'ru')).not.toBe(groupKey);
      for (const option of options) {
        const key = preferenceOptionLabelKey(group as keyof typeof preferenceOptions, option);
        expect(translate(key, 'en')).not.toBe(key);
        expect(translate(key, 'ru')).not.toBe(key);
      }
    }
    expect(translate(preferenceOptionLabelKey('structure', 'short_with_links'), 'en')).toBe('Short with links');
    expect(translate(preferenceOptionLabelKey('platform', 'linkedin'), 'en')).toBe('LinkedIn');
  });
});

describe('normaliseAudioType', () => {
  it.each([
    ['audio/webm;codecs=opus', 'audio/webm'],
    ['audio/ogg', 'audio/ogg'],
    ['audio/mp4', 'audio/mp4'],
    ['audio/x-wav', 'audio/wav'],
    ['audio/mpeg', 'audio/mpeg'],
    ['video/webm', null],
    ['text/plain', null],
    [undefined, null],
  ])('%s → %s', (type, expected) => {
    expect(normaliseAudioType(type)).toBe(expected);
  });
});
