import type { AiProviderTestResponse } from '@life-updates/contract/ai-providers';
import { translate, type Locale } from '@life-updates/contract/i18n';
import { createProviderGenerator, type ProviderSettings } from '../../providers/ai/create-text-generators.ts';
import { describeProviderFailure } from '../../providers/ai/provider-connection.ts';

/** A test that takes longer than this reports "too slow": a user would be waiting as long for a post. */
export const providerTestTimeoutMs = 20_000;

/**
 * Settings → Admin → Test: one short generation through the same client users' texts go through,
 * with no retries, timed. A failure is told in our words (wrong key, unreachable, model not found,
 * too slow) with the provider's own message beside it when it sent one.
 */
export async function testProviderModel({
  provider,
  model,
  locale,
  timeoutMs = providerTestTimeoutMs,
}: {
  provider: ProviderSettings;
  model: string;
  locale: Locale;
  timeoutMs?: number;
}): Promise<AiProviderTestResponse> {
  const generator = createProviderGenerator(provider, model, { timeoutMs, maxRetries: 0 });
  const started = performance.now();
  try {
    const answer = await generator.generateText({
      system: 'You answer in one short sentence.',
      prompt: 'Say hello to the person setting you up, in five words or fewer.',
      compose: { ideas: [], preferences: {} },
      temperature: 0,
      maxOutputTokens: 50,
    });
    return { isOk: true, answer: answer.trim(), milliseconds: Math.round(performance.now() - started) };
  } catch (error) {
    const { problem, providerMessage } = describeProviderFailure(error);
    return {
      isOk: false,
      problem,
      message: translate(`aiProviders.errors.${problem}`, locale, { seconds: Math.round(timeoutMs / 1000) }),
      ...(providerMessage ? { providerMessage } : {}),
    };
  }
}
