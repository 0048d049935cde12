import type { AiProvider, AiProviderCreate, AiProviderUpdate } from '@life-updates/contract/ai-providers';
import { offlineModelId } from '@life-updates/contract/generation';
import { eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client.ts';
import { aiProviders } from '../../db/schema.ts';
import { moveUsersOffModel } from '../settings/settings-service.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { providerModelId, type ProviderSettings } from '../../providers/ai/create-text-generators.ts';

type ProviderRow = typeof aiProviders.$inferSelect;

export const providerNotFound = () =>
  new AppError({ status: 404, code: 'AI_PROVIDER_NOT_FOUND', message: 'aiProviders.errors.notFound' });

/** What the admin sees of a provider: whether a key is kept, never the key. */
const toProvider = (row: ProviderRow): AiProvider => ({
  id: row.id,
  kind: row.kind as AiProvider['kind'],
  name: row.name,
  baseUrl: row.baseUrl,
  hasApiKey: row.apiKeyEncrypted !== null,
  enabledModels: row.enabledModels,
});

export async function findProviders({ db }: { db: Database }): Promise<AiProvider[]> {
  const rows = await db.select().from(aiProviders).orderBy(aiProviders.createdAt);
  return rows.map(toProvider);
}

/** Every provider with its key decrypted, for building its models (server side only). */
export async function findProviderSettings({
  db,
  secretBox,
}: {
  db: Database;
  secretBox: SecretBox;
}): Promise<Array<ProviderSettings & { enabledModels: string[]; updatedAt: Date }>> {
  const rows = await db.select().from(aiProviders).orderBy(aiProviders.createdAt);
  return rows.map((row) => ({
    ...settingsOf(row, secretBox),
    enabledModels: row.enabledModels,
    updatedAt: row.updatedAt,
  }));
}

function settingsOf(row: ProviderRow, secretBox: SecretBox): ProviderSettings {
  return {
    id: row.id,
    kind: row.kind as ProviderSettings['kind'],
    name: row.name,
    baseUrl: row.baseUrl,
    apiKey: row.apiKeyEncrypted === null ? null : secretBox.decrypt(row.apiKeyEncrypted),
  };
}

export async function getProviderSettings({
  db,
  secretBox,
  providerId,
}: {
  db: Database;
  secretBox: SecretBox;
  providerId: string;
}): Promise<ProviderSettings> {
  const [row] = await db.select().from(aiProviders).where(eq(aiProviders.id, providerId));
  if (!row) throw providerNotFound();
  return settingsOf(row, secretBox);
}

export async function createProvider({
  db,
  secretBox,
  provider,
}: {
  db: Database;
  secretBox: SecretBox;
  provider: AiProviderCreate;
}): Promise<AiProvider> {
  const [row] = await db
    .insert(aiProviders)
    .values({
      kind: provider.kind,
      name: provider.name,
      baseUrl: provider.baseUrl ?? null,
      apiKeyEncrypted: provider.apiKey === undefined ? null : secretBox.encrypt(provider.apiKey),
    })
    .returning();
  return toProvider(row!);
}

/**
 * Changes a provider. Models no longer enabled stop being offered: the users who had one chosen
 * move to the offline composer and are told once (moveUsersOffRemovedModels).
 */
export async function updateProvider({
  db,
  secretBox,
  providerId,
  changes,
}: {
  db: Database;
  secretBox: SecretBox;
  providerId: string;
  changes: AiProviderUpdate;
}): Promise<AiProvider> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(aiProviders).where(eq(aiProviders.id, providerId)).for('update');
    if (!before) throw providerNotFound();
    const [row] = await tx
      .update(aiProviders)
      .set({
        ...(changes.name === undefined ? {} : { name: changes.name }),
        ...(changes.baseUrl === undefined ? {} : { baseUrl: changes.baseUrl }),
        ...(changes.apiKey === undefined
          ? {}
          : { apiKeyEncrypted: changes.apiKey === null ? null : secretBox.encrypt(changes.apiKey) }),
        ...(changes.enabledModels === undefined ? {} : { enabledModels: [...new Set(changes.enabledModels)] }),
      })
      .where(eq(aiProviders.id, providerId))
      .returning();
    const kept = new Set(row!.enabledModels);
    await moveUsersOffRemovedModels({
      db: tx,
      removed: before.enabledModels.filter((model) => !kept.has(model)).map((model) => ({ provider: before, model })),
    });
    return toProvider(row!);
  });
}

export async function removeProvider({ db, providerId }: { db: Database; providerId: string }) {
  await db.transaction(async (tx) => {
    const [removed] = await tx.delete(aiProviders).where(eq(aiProviders.id, providerId)).returning();
    if (!removed) throw providerNotFound();
    await moveUsersOffRemovedModels({
      db: tx,
      removed: removed.enabledModels.map((model) => ({ provider: removed, model })),
    });
  });
}

/**
 * Users who had chosen a model that is no longer offered write with the offline composer from now
 * on, and are told once (removedModelNotice).
 */
async function moveUsersOffRemovedModels({
  db,
  removed,
}: {
  db: Executor;
  removed: Array<{ provider: ProviderRow; model: string }>;
}) {
  for (const { provider, model } of removed) {
    await moveUsersOffModel({
      db,
      modelId: providerModelId(provider.id, model),
      fallbackModelId: offlineModelId,
      notice: `${provider.name}: ${model}`,
    });
  }
}
