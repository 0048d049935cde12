import { z } from 'zod';
import {
  contactFileFormats,
  contactLimits,
  contactSortFields,
  relationshipFilters,
  relationships,
  sortDirections,
  type Relationship,
} from './contact-options.ts';

export * from './contact-options.ts';

// ── Relationship ──

export const relationshipSchema = z.enum(relationships, { error: 'contacts.validation.relationshipInvalid' });

// ── Contact form ──

/** Optional leading plus, then digits, spaces, hyphens and parentheses, with at least one digit. */
const phonePattern = /^\+?[\d\s()-]*\d[\d\s()-]*$/;

const isPhone = (value: string) => value === '' || phonePattern.test(value);

/** PostgreSQL text cannot hold NUL; refuse it as bad input instead of failing in the database. */
const hasNoNul = (value: string) => !value.includes('\u0000');

/**
 * The contact form: Name required ("Name required"; whitespace-only fails), Email
 * required ("Email required") and shaped like an email ("Incorrect email"), Phone optional
 * ("Incorrect phone number"), relationship optional, description optional. Messages are
 * catalogue keys. Empty strings in the optional fields mean "none" (form inputs give '').
 */
export const contactFormSchema = z.object({
  name: z
    .string({ error: 'contacts.validation.nameRequired' })
    .trim()
    .min(1, 'contacts.validation.nameRequired')
    .max(contactLimits.name, 'validation.tooLong')
    .refine(hasNoNul, 'validation.invalidInput'),
  email: z
    .string({ error: 'contacts.validation.emailRequired' })
    .trim()
    .min(1, { message: 'contacts.validation.emailRequired', abort: true })
    .max(contactLimits.email, { message: 'validation.tooLong', abort: true })
    .email('contacts.validation.emailInvalid'),
  phone: z
    .string({ error: 'contacts.validation.phoneInvalid' })
    .trim()
    .max(contactLimits.phone, 'validation.tooLong')
    .refine(isPhone, 'contacts.validation.phoneInvalid')
    .nullish(),
  relationship: z
    .union([relationshipSchema, z.literal('')], { error: 'contacts.validation.relationshipInvalid' })
    .nullish(),
  description: z
    .string({ error: 'validation.invalidInput' })
    .trim()
    .max(contactLimits.description, 'validation.tooLong')
    .refine(hasNoNul, 'validation.invalidInput')
    .nullish(),
});
export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactForm = z.output<typeof contactFormSchema>;

/** Unknown keys in a request body are refused; `user_id` always comes from the session. */
function unknownKeyError(issue: { code?: string; keys?: string[] }) {
  if (issue.code !== 'unrecognized_keys') return undefined;
  const namesOwner = issue.keys?.some((key) => key === 'user_id' || key === 'userId');
  return namesOwner ? 'contacts.errors.userIdNotAllowed' : 'contacts.validation.unknownField';
}

/**
 * Body of POST /api/contacts and PUT /api/contacts/:id. On update an omitted optional field
 * (phone, relationship, description) keeps its stored value; null or '' clears it. This lets
 * the form leave `description` alone (sent but not edited in the form).
 */
export const contactInputSchema = z.strictObject(contactFormSchema.shape, { error: unknownKeyError });
export type ContactInput = z.input<typeof contactInputSchema>;

/** What a contact looks like once stored: optional fields are null when absent. */
export type ContactFields = {
  name: string;
  email: string;
  phone: string | null;
  relationship: Relationship | null;
  description: string | null;
};

/** Turns a validated form into stored fields ('' → null). `undefined` stays undefined (keep). */
export function normalizeContactForm(form: ContactForm) {
  const orNull = <T extends string>(value: T | '' | null | undefined) =>
    value === undefined ? undefined : value ? value : null;
  return {
    name: form.name,
    email: form.email,
    phone: orNull(form.phone),
    relationship: orNull(form.relationship),
    description: orNull(form.description),
  };
}

// ── Responses ──

export const contactSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  relationship: relationshipSchema.nullable(),
  description: z.string().nullable(),
  templateId: z.string().nullable(),
  /** When the contact unsubscribed from updates (only they can undo it), else null. */
  unsubscribedAt: z.string().nullable(),
  /** When mail to the contact's address bounced for good, else null. */
  bouncedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Contact = z.infer<typeof contactSchema>;

export const contactListResponseSchema = z.object({ contacts: z.array(contactSchema) });
export type ContactListResponse = z.infer<typeof contactListResponseSchema>;

export const contactIdParamsSchema = z.object({ id: z.string() });

// ── List query (search, relationship filter, sort; default created_at desc) ──

export const contactListQuerySchema = z.object({
  /** Case-insensitive partial match over name, email and phone. While set, `relationship` is ignored. */
  search: z
    .string()
    .trim()
    .max(contactLimits.search, 'validation.tooLong')
    .refine(hasNoNul, 'validation.invalidInput')
    .optional(),
  relationship: z.enum(relationshipFilters, { error: 'contacts.validation.relationshipInvalid' }).optional(),
  sortBy: z.enum(contactSortFields, { error: 'validation.invalidInput' }).default('created_at'),
  sortDirection: z.enum(sortDirections, { error: 'validation.invalidInput' }).default('desc'),
});
export type ContactListQueryInput = z.input<typeof contactListQuerySchema>;
export type ContactListQuery = z.output<typeof contactListQuerySchema>;

// ── Import ──

/** The fields a file row may carry: checked for shape here, for the form rules row by row. */
const importRowText = z.string({ error: 'validation.invalidInput' }).nullish();
export const contactImportRowSchema = z.strictObject(
  {
    name: importRowText,
    email: importRowText,
    phone: importRowText,
    relationship: importRowText,
    description: importRowText,
  },
  { error: unknownKeyError },
);
export type ContactImportRow = z.input<typeof contactImportRowSchema>;

export const contactImportRequestSchema = z.strictObject(
  {
    contacts: z
      .array(contactImportRowSchema, { error: 'contacts.errors.importEmpty' })
      .min(1, 'contacts.errors.importEmpty')
      .max(contactLimits.importRows, 'contacts.errors.importTooMany'),
  },
  { error: unknownKeyError },
);
export type ContactImportRequest = z.input<typeof contactImportRequestSchema>;

/**
 * A row that could not be imported. `row` is 1-based: the data row of a CSV file (header not
 * counted), the card of a vCard file, or the position in an import request. `fields` maps a
 * field to a message: catalogue keys from the parse helpers here, translated text from the API.
 */
export const contactRowErrorSchema = z.object({
  row: z.number().int(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  fields: z.record(z.string(), z.string()),
});
export type ContactRowError = z.infer<typeof contactRowErrorSchema>;

export const importSkipReasons = ['existing', 'duplicateInFile'] as const;
export type ImportSkipReason = (typeof importSkipReasons)[number];

export const contactImportResultSchema = z.object({
  /** How many contacts were inserted. */
  created: z.number().int(),
  /** Rows not inserted because the email (case-insensitive) is already a contact, or repeats an earlier row. */
  skipped: z.array(z.object({ row: z.number().int(), email: z.string(), reason: z.enum(importSkipReasons) })),
  errors: z.array(contactRowErrorSchema),
});
export type ContactImportResult = z.infer<typeof contactImportResultSchema>;

/** The result of reading a file in the browser, before it is sent for import. */
export type ParsedContactFile = {
  /** Valid rows, ready for POST /api/contacts/import. */
  contacts: Array<{ row: number; contact: ContactFields }>;
  errors: ContactRowError[];
  /** A catalogue key when the file as a whole cannot be read; then both lists are empty. */
  fileError: string | null;
};

/** Picks a relationship from free text: the English value or the Russian label, any case. */
export function toRelationship(text: string | null | undefined): Relationship | null {
  const value = text?.trim().toLowerCase();
  if (!value) return null;
  const russian: Record<string, Relationship> = {
    семья: 'family',
    друг: 'friend',
    подруга: 'friend',
    друзья: 'friend',
    коллега: 'colleague',
    коллеги: 'colleague',
    клиент: 'client',
    клиенты: 'client',
    другое: 'other',
    другой: 'other',
  };
  return (relationships as readonly string[]).includes(value) ? (value as Relationship) : (russian[value] ?? null);
}

/** Validates one imported row with the contact form rules: the stored fields, or field → message key. */
export function validateContactRow(
  row: ContactImportRow,
): { success: true; contact: ContactFields } | { success: false; fields: Record<string, string> } {
  const parsed = contactFormSchema.safeParse({
    ...row,
    relationship: row.relationship?.trim() ? row.relationship.trim() : null,
  });
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? 'row')] ??= issue.message;
    return { success: false, fields };
  }
  const normalized = normalizeContactForm(parsed.data);
  return {
    success: true,
    contact: {
      name: normalized.name,
      email: normalized.email,
      phone: normalized.phone ?? null,
      relationship: normalized.relationship ?? null,
      description: normalized.description ?? null,
    },
  };
}

// ── Files ──

export const contactExportQuerySchema = z.object({
  format: z.enum(contactFileFormats, { error: 'contacts.export.unsupportedFormat' }).default('csv'),
});
