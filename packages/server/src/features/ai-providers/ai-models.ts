import type { Database } from '../../db/client.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { createProviderGenerator } from '../../providers/ai/create-text-generators.ts';
import type { TextGenerator } from '../../providers/ai/text-generator.ts';
import { findProviderSettings } from './ai-providers-service.ts';

/**
 * The models users may choose, kept up to date without a restart: the environment's (the offline
 * composer first) and then the enabled models of the providers set up in Settings → Admin.
 * `generators` is one array updated in place, so every feature that was handed it (generation,
 * shares, the schedule) sees a change at its next generation.
 */
export type AiModels = {
  generators: readonly TextGenerator[];
  /** Reads the providers again; a model whose provider did not change keeps its generator (and its loaded SDK). */
  refresh: () => Promise<void>;
};

export function createAiModels({
  db,
  secretBox,
  environmentGenerators,
}: {
  db: Database;
  secretBox: SecretBox;
  environmentGenerators: readonly TextGenerator[];
}): AiModels {
  const generators: TextGenerator[] = [...environmentGenerators];
  // Keyed by model id and the provider's last change, so an edited key or address builds afresh.
  let built = new Map<string, TextGenerator>();
  return {
    generators,
    async refresh() {
      const providers = await findProviderSettings({ db, secretBox });
      const next = new Map<string, TextGenerator>();
      for (const provider of providers) {
        for (const model of provider.enabledModels) {
          const key = `${provider.id}\n${model}\n${provider.updatedAt.toISOString()}`;
          next.set(key, built.get(key) ?? createProviderGenerator(provider, model));
        }
      }
      built = next;
      generators.splice(0, generators.length, ...environmentGenerators, ...next.values());
    },
  };
}
