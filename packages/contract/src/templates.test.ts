import { describe, expect, it } from 'vitest';
import {
  builtInTemplates,
  fallbackTemplate,
  isNamedLikeBuiltIn,
  listIdeasChronologically,
  renderTemplate,
  templateFormSchema,
} from './templates.ts';

const ideas = [
  { title: 'Marathon...', content: 'Ran my first marathon', date: '2025-03-10T08:00:00Z' },
  { title: 'New job...', content: 'Started a new job', date: '2025-01-05T08:00:00Z' },
];

describe('renderTemplate', () => {
  it('fills {{events}}, {{relationship}} and {{name}}', () => {
    const text = renderTemplate({
      template: 'Dear {{name}}, my {{relationship}}:\n{{events}}\nBye {{name}}',
      ideas,
      name: 'Maria',
      relationship: 'family',
    });
    expect(text).toBe(
      'Dear Maria, my family:\n- [Jan 5, 2025] Started a new job\n- [Mar 10, 2025] Ran my first marathon\nBye Maria',
    );
  });

  it('uses "friend" when the contact has no relationship, and appends events to a template without {{events}}', () => {
    const text = renderTemplate({ template: 'Hello {{name}} ({{relationship}})', ideas: 'NEWS', name: 'Ivan' });
    expect(text).toBe('Hello Ivan (friend)\n\nNEWS');
  });

  it('gives different texts for different contacts', () => {
    const template = builtInTemplates['personal-brand'].template;
    const forAnn = renderTemplate({ template, ideas, name: 'Ann', relationship: 'friend' });
    const forBob = renderTemplate({ template, ideas, name: 'Bob', relationship: 'colleague' });
    expect(forAnn).toContain('Hi Ann,');
    expect(forBob).toContain('Hi Bob,');
    expect(forBob).toContain('colleague');
    expect(forAnn).not.toBe(forBob);
  });

  it('the fallback default lists the ideas chronologically', () => {
    const text = renderTemplate({ template: fallbackTemplate.template, ideas, name: 'Ann' });
    expect(text.indexOf('Started a new job')).toBeLessThan(text.indexOf('Ran my first marathon'));
    expect(listIdeasChronologically([{ content: 'undated' }, ...ideas]).split('\n')).toEqual([
      '- [Jan 5, 2025] Started a new job',
      '- [Mar 10, 2025] Ran my first marathon',
      '- undated',
    ]);
  });
});

describe('template form', () => {
  it('requires a name and a template of at least 10 characters; isDefault defaults to false', () => {
    const result = templateFormSchema.safeParse({ name: ' ', template: '123456789' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([
      'templates.validation.nameRequired',
      'templates.validation.templateMin',
    ]);
    expect(templateFormSchema.parse({ name: 'Mine', template: '1234567890' }).isDefault).toBe(false);
  });

  it('recognises built-in names regardless of case and spaces', () => {
    expect(isNamedLikeBuiltIn(' startup update ')).toBe(true);
    expect(isNamedLikeBuiltIn('Startup Update 2')).toBe(false);
  });
});
