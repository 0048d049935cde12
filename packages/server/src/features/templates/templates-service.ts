import {
  builtInTemplates,
  fallbackTemplate,
  fallbackTemplateId,
  isBuiltInTemplateId,
  isNamedLikeBuiltIn,
  type Template,
  type TemplateForm,
  type TemplateListResponse,
} from '@life-updates/contract/templates';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import { templates } from '../../db/schema.ts';
import { byIdAndOwner, type UserScope } from '../../db/owned.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { isUuid } from '../../lib/uuid.ts';

type TemplateRow = typeof templates.$inferSelect;

/** Built-in structures cannot be edited or deleted. */
const builtInReadOnly = () =>
  new AppError({ status: 403, code: 'TEMPLATE_READ_ONLY', message: 'templates.errors.readOnly' });
/** The template does not exist or is not the caller's: "No summary template found". */
const templateNotFound = () => notFound('templates.errors.notFound');

function toTemplate(row: TemplateRow): Template {
  return {
    id: row.id,
    name: row.name,
    template: row.template,
    structureDescription: row.structureDescription,
    isDefault: row.isDefault,
    isBuiltIn: false,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function builtInToTemplate(builtIn: (typeof builtInTemplates)[keyof typeof builtInTemplates]): Template {
  return { ...builtIn, isDefault: false, isBuiltIn: true, createdAt: null, updatedAt: null };
}

/**
 * Settings → Templates and the template picker: the built-ins, then the user's own,
 * newest first; a user template named like a built-in is hidden.
 */
export async function findTemplates({ db, userId }: { db: Database; userId: string }): Promise<TemplateListResponse> {
  const rows = await db
    .select()
    .from(templates)
    .where(eq(templates.userId, userId))
    .orderBy(desc(templates.createdAt), desc(templates.id));
  const own = rows.filter((row) => !isNamedLikeBuiltIn(row.name)).map(toTemplate);
  const userDefault = own.find((template) => template.isDefault);
  return {
    templates: [...Object.values(builtInTemplates).map(builtInToTemplate), ...own],
    fallback: builtInToTemplate(fallbackTemplate),
    defaultTemplateId: userDefault?.id ?? fallbackTemplateId,
  };
}

async function getOwnRow({ db, userId, templateId }: { db: Database; userId: string; templateId: string }) {
  if (!isUuid(templateId)) throw templateNotFound();
  const [row] = await db
    .select()
    .from(templates)
    .where(byIdAndOwner(templates, templateId, userId));
  if (!row) throw templateNotFound();
  return row;
}

/**
 * The template a share is written with: a built-in, the fallback default, or one of the user's own.
 * Another user's template is "No summary template found".
 */
export async function getTemplateForUse({
  db,
  userId,
  templateId,
}: UserScope<Database> & { templateId: string }): Promise<{ id: string; name: string; template: string }> {
  if (templateId === fallbackTemplateId) return fallbackTemplate;
  if (isBuiltInTemplateId(templateId)) return builtInTemplates[templateId];
  return getOwnRow({ db, userId, templateId });
}

/** Names of templates by id, for Summeris cards; built-ins included. Unknown ids are left out. */
export async function findTemplateNames({ db, userId }: { db: Database; userId: string }) {
  const rows = await db
    .select({ id: templates.id, name: templates.name })
    .from(templates)
    .where(eq(templates.userId, userId));
  const names = new Map<string, string>(rows.map((row) => [row.id, row.name]));
  for (const builtIn of Object.values(builtInTemplates)) names.set(builtIn.id, builtIn.name);
  return names;
}

function toColumns(form: TemplateForm) {
  return {
    name: form.name,
    template: form.template,
    structureDescription: form.structureDescription?.trim() || null,
    isDefault: form.isDefault,
  };
}

/** One default per user: a new default unsets the old one, in the caller's transaction. */
async function unsetOtherDefaults(tx: Transaction, userId: string, keepId?: string) {
  await tx
    .update(templates)
    .set({ isDefault: false })
    .where(
      and(eq(templates.userId, userId), eq(templates.isDefault, true), keepId ? ne(templates.id, keepId) : undefined),
    );
}

export async function createTemplate({
  db,
  userId,
  form,
}: UserScope<Database> & { form: TemplateForm }): Promise<Template> {
  return db.transaction(async (tx) => {
    if (form.isDefault) await unsetOtherDefaults(tx, userId);
    const [row] = await tx
      .insert(templates)
      .values({ userId, ...toColumns(form) })
      .returning();
    return toTemplate(row!);
  });
}

export async function updateTemplate({
  db,
  userId,
  templateId,
  form,
}: UserScope<Database> & { templateId: string; form: TemplateForm }): Promise<Template> {
  if (isBuiltInTemplateId(templateId) || templateId === fallbackTemplateId) throw builtInReadOnly();
  await getOwnRow({ db, userId, templateId });
  return db.transaction(async (tx) => {
    if (form.isDefault) await unsetOtherDefaults(tx, userId, templateId);
    const [row] = await tx
      .update(templates)
      .set(toColumns(form))
      .where(byIdAndOwner(templates, templateId, userId))
      .returning();
    if (!row) throw templateNotFound();
    return toTemplate(row);
  });
}

export async function deleteTemplate({
  db,
  userId,
  templateId,
}: UserScope<Database> & { templateId: string }): Promise<void> {
  if (isBuiltInTemplateId(templateId) || templateId === fallbackTemplateId) throw builtInReadOnly();
  await getOwnRow({ db, userId, templateId });
  await db.delete(templates).where(byIdAndOwner(templates, templateId, userId));
}
