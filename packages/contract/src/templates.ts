import { z } from 'zod';
import { fillTemplateVariables, hasEventsVariable, templateMaxLength, type RawIdea } from './generation.ts';
import { fallbackTemplateId, type BuiltInTemplateId } from './template-options.ts';

export * from './template-options.ts';

// ── Summary / email-structure templates ──

export const templateLimits = {
  nameMax: 100,
  /** The template body is at least 10 characters. */
  templateMin: 10,
  templateMax: templateMaxLength,
  descriptionMax: 500,
  /** A template's preview shows its first 80 characters. */
  previewLength: 80,
} as const;

/** The template form, shared by Settings → Templates and the server. */
export const templateFormSchema = z.object({
  name: z
    .string({ error: 'templates.validation.nameRequired' })
    .trim()
    .min(1, 'templates.validation.nameRequired')
    .max(templateLimits.nameMax, 'validation.tooLong'),
  template: z
    .string({ error: 'templates.validation.templateMin' })
    .trim()
    .min(templateLimits.templateMin, 'templates.validation.templateMin')
    .max(templateLimits.templateMax, 'generation.validation.templateTooLong'),
  structureDescription: z.string().trim().max(templateLimits.descriptionMax, 'validation.tooLong').optional(),
  isDefault: z.boolean().default(false),
});
export type TemplateFormInput = z.input<typeof templateFormSchema>;
export type TemplateForm = z.output<typeof templateFormSchema>;

export const templateSchema = z.object({
  id: z.string(),
  name: z.string(),
  template: z.string(),
  structureDescription: z.string().nullable(),
  isDefault: z.boolean(),
  /** Built-in structures are read-only. */
  isBuiltIn: z.boolean(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type Template = z.infer<typeof templateSchema>;

/**
 * GET /api/templates: the three built-ins, then the user's own (newest first); `defaultTemplateId`
 * is the user's default, or the fallback default's id when the user has none.
 */
export const templateListResponseSchema = z.object({
  templates: z.array(templateSchema),
  fallback: templateSchema,
  defaultTemplateId: z.string(),
});
export type TemplateListResponse = z.infer<typeof templateListResponseSchema>;
export const templateResponseSchema = z.object({ template: templateSchema });

// ── Built-ins (ids personal-brand, startup, corporate; a fallback default) ──

type BuiltInTemplate = { id: string; name: string; template: string; structureDescription: string };

export const builtInTemplates: Record<BuiltInTemplateId, BuiltInTemplate> = {
  'personal-brand': {
    id: 'personal-brand',
    name: 'Personal Brand',
    structureDescription: 'A warm first-person update that shows who you are and what you are working on.',
    template:
      'Hi {{name}},\n\nAs my {{relationship}}, you are one of the first people I want to tell. Here is what has been happening in my life lately:\n\n{{events}}\n\nI would love to hear what is new with you too.\n\n[Your Name]',
  },
  startup: {
    id: 'startup',
    name: 'Startup Update',
    structureDescription: 'A short investor-style update: highlights first, then what comes next.',
    template:
      'Hi {{name}},\n\nA quick update for you, my {{relationship}}, on how things are going.\n\nHighlights\n\n{{events}}\n\nWhat comes next: I will keep you posted. Any advice or introductions are very welcome.\n\n[Your Name]',
  },
  corporate: {
    id: 'corporate',
    name: 'Corporate Report',
    structureDescription: 'A formal, structured report with a summary and the events in order.',
    template:
      'Dear {{name}},\n\nPlease find below a brief report on recent developments, shared with you as my {{relationship}}.\n\nSummary of events\n\n{{events}}\n\nShould you have any questions, I remain at your disposal.\n\n[Your Name]',
  },
};

/** The built-in fallback default: lists the events chronologically. */
export const fallbackTemplate: BuiltInTemplate = {
  id: fallbackTemplateId,
  name: 'Default Template',
  structureDescription: 'Lists your events in chronological order.',
  template: 'Hi {{name}},\n\nHere is what has been happening in my life:\n\n{{events}}\n\n[Your Name]',
};

/** A user template named like a built-in is hidden from the list. */
export function isNamedLikeBuiltIn(name: string): boolean {
  const normalized = name.trim().toLocaleLowerCase('en-US');
  return Object.values(builtInTemplates).some((builtIn) => builtIn.name.toLocaleLowerCase('en-US') === normalized);
}

function eventTime(event: RawIdea): number {
  const date = event.date instanceof Date ? event.date : event.date ? new Date(event.date) : undefined;
  const time = date?.getTime();
  return time === undefined || Number.isNaN(time) ? Number.POSITIVE_INFINITY : time;
}

function formatIdeaDate(event: RawIdea): string | undefined {
  const time = eventTime(event);
  if (!Number.isFinite(time)) return undefined;
  return new Date(time).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** The events as "- [date] content" lines, oldest first (the fallback default's list). */
export function listIdeasChronologically(events: readonly RawIdea[]): string {
  return events
    .map((event, index) => ({ event, index }))
    .sort((left, right) => eventTime(left.event) - eventTime(right.event) || left.index - right.index)
    .map(({ event }) => {
      const date = formatIdeaDate(event);
      // Titles are derived from the content (its first words), so the content alone says it all.
      const content = event.content.trim().replace(/\s*\n+\s*/g, ' ');
      const heading = date ? `[${date}]` : '';
      return `- ${heading ? `${heading} ` : ''}${content}`;
    })
    .join('\n');
}

/**
 * Fills a template for one contact: {{events}} gets the events, as a
 * chronological list unless a text is given; {{name}} and {{relationship}} the contact's. A template
 * without {{events}} gets the events appended, so they are never lost.
 */
export function renderTemplate({
  template,
  events,
  name,
  relationship,
}: {
  template: string;
  events: readonly RawIdea[] | string;
  name: string;
  relationship?: string | null | undefined;
}): string {
  const ideasText = typeof events === 'string' ? events : listIdeasChronologically(events);
  const body = hasEventsVariable(template) ? template : `${template.trimEnd()}\n\n{{events}}`;
  return fillTemplateVariables(body, {
    events: ideasText,
    name: name.trim() || 'friend',
    relationship: relationship?.trim() || 'friend',
  });
}
