import type { TranscriptionSettingsUpdate } from '@life-updates/contract/ai-providers';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { instanceSettings } from '../../db/schema.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import {
  createOpenAiTranscriptionProvider,
  createTranscriptionProvider,
  resolveTranscriptionSettings,
} from '../../providers/transcription/create-transcription-provider.ts';
import type { TranscriptionProvider } from '../../providers/transcription/transcription-provider.ts';

/** Speech to text set up in Settings → Admin: one row of instance_settings, its key encrypted with the server secret. */
const settingKey = 'transcription';
const storedSchema = z.object({ baseUrl: z.string(), model: z.string(), apiKeyEncrypted: z.string().nullable() });
type StoredTranscription = z.infer<typeof storedSchema>;

/** The environment's speech to text (TRANSCRIPTION_*, or the OPENAI_* fallback) wins over the app's. */
export const isTranscriptionFromEnvironment = (config: Config) => resolveTranscriptionSettings(config) !== null;

export async function getStoredTranscription({ db }: { db: Database }): Promise<StoredTranscription | null> {
  const [row] = await db
    .select({ value: instanceSettings.value })
    .from(instanceSettings)
    .where(eq(instanceSettings.key, settingKey));
  if (!row) return null;
  try {
    return storedSchema.parse(JSON.parse(row.value));
  } catch {
    return null;
  }
}

/** Saves the settings; an absent key keeps the stored one, null forgets it. */
export async function saveStoredTranscription({
  db,
  secretBox,
  settings,
}: {
  db: Database;
  secretBox: SecretBox;
  settings: TranscriptionSettingsUpdate;
}) {
  const before = await getStoredTranscription({ db });
  const apiKeyEncrypted =
    settings.apiKey === undefined
      ? (before?.apiKeyEncrypted ?? null)
      : settings.apiKey === null
        ? null
        : secretBox.encrypt(settings.apiKey);
  const value = JSON.stringify({ baseUrl: settings.baseUrl, model: settings.model, apiKeyEncrypted });
  await db
    .insert(instanceSettings)
    .values({ key: settingKey, value })
    .onConflictDoUpdate({ target: instanceSettings.key, set: { value } });
}

export async function removeStoredTranscription({ db }: { db: Database }) {
  await db.delete(instanceSettings).where(eq(instanceSettings.key, settingKey));
}

export function providerOfStored(stored: StoredTranscription, secretBox: SecretBox): TranscriptionProvider {
  return createOpenAiTranscriptionProvider({
    baseUrl: stored.baseUrl,
    model: stored.model,
    apiKey: stored.apiKeyEncrypted === null ? undefined : secretBox.decrypt(stored.apiKeyEncrypted),
  });
}

/** The speech to text users get now: the environment's, else the one set up in the app, else none. */
export async function currentTranscriptionProvider({
  db,
  config,
  secretBox,
}: {
  db: Database;
  config: Config;
  secretBox: SecretBox;
}): Promise<TranscriptionProvider | null> {
  const fromEnvironment = createTranscriptionProvider(config);
  if (fromEnvironment) return fromEnvironment;
  const stored = await getStoredTranscription({ db });
  return stored ? providerOfStored(stored, secretBox) : null;
}

/**
 * A one-second WAV (16 kHz, 16-bit mono) of a 440 Hz tone: the clip the admin's test sends. It
 * holds no words, so a working service may answer with no text; what the test checks is that the
 * service takes the upload and answers.
 */
export function makeTestClip(): Uint8Array {
  const sampleRate = 16_000;
  const samples = sampleRate;
  const buffer = Buffer.alloc(44 + samples * 2);
  buffer.write('RIFF', 0);
  buffer.writeUInt32LE(36 + samples * 2, 4);
  buffer.write('WAVE', 8);
  buffer.write('fmt ', 12);
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36);
  buffer.writeUInt32LE(samples * 2, 40);
  for (let index = 0; index < samples; index += 1) {
    buffer.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * index) / sampleRate) * 8000), 44 + index * 2);
  }
  return new Uint8Array(buffer);
}
