/**
 * Which models are shown the ideas' photos, and how many. The rule is written out in README.md
 * (Photos); neither @ai-sdk/openai nor @ai-sdk/anthropic says whether a model takes images (they
 * convert image parts for any model), so it is decided here by the model's name, and by
 * OPENAI_IMAGE_INPUT / ANTHROPIC_IMAGE_INPUT where the name cannot tell.
 */

/** `auto`: by the model's name; `on` / `off`: what the server's owner knows of their model. */
export const imageInputSettings = ['auto', 'on', 'off'] as const;
type ImageInputSetting = (typeof imageInputSettings)[number];

/**
 * At most this many photos go with one request. Anthropic takes up to 100 images per request but
 * holds each to 2000 px once there are more than 20
 * (https://docs.anthropic.com/en/docs/build-with-claude/vision, "Limitations"; refused with "At least
 * one of the image dimensions exceed max allowed size for many-image requests: 2000 pixels",
 * anthropics/claude-code#9375); OpenAI takes up to 500 images and 50 MB per request
 * (https://platform.openai.com/docs/guides/images-vision, "Image input requirements"); some
 * OpenAI-compatible hosts take no more than 12 (Scaleway's Generative APIs FAQ), and Ollama's older
 * vision models one ("vision model only supports a single image per message", ollama/ollama-js#213,
 * which the refusal fallback turns into a text-only request). Eight keeps far inside all of them
 * while a post about a few events still shows each.
 */
export const maxPromptPhotos = 8;

/**
 * Each photo is sent as its stored thumbnail (at most thumbnailLongSide = 400 px on its long side,
 * JPEG, tens of kilobytes): far under Anthropic's 5 MB per image (measured on the base64 text:
 * "image exceeds 5 MB maximum: … bytes > 5242880 bytes", anthropics/claude-code#19631) and its
 * 1568 px, about 1.15 megapixels, beyond which an image is scaled down anyway (≈ 400×300/750 = 160
 * tokens each, vision page above). OpenAI gets it at `detail: 'low'`, the 512 × 512 version of
 * 85 tokens (images-vision guide, "Specify image input detail level"): a 400 px thumbnail has no
 * more to show at `high`.
 */
export const openAiImageDetail = 'low';

/** A name the OpenAI API lists as taking image input; `vendor/` prefixes (OpenRouter, LiteLLM) are dropped. */
export function openAiModelAcceptsImages(model: string): boolean {
  const name = model.toLowerCase().replace(/^.*\//, '');
  // Audio, realtime, speech and search variants of GPT-4o take text (and audio) only.
  if (/audio|realtime|transcribe|tts|search/.test(name)) return false;
  return /^(chatgpt-4o|gpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|gpt-4-turbo(?!-preview)|gpt-4-vision|gpt-4-\d+-vision|o1(?!-mini|-preview)|o3(?!-mini)|o4-mini)/.test(
    name,
  );
}

/** Every Claude model from Claude 3 on takes images (https://docs.anthropic.com/en/docs/about-claude/models/overview); Claude 2 and Instant did not. */
export function claudeModelAcceptsImages(model: string): boolean {
  const name = model.toLowerCase().replace(/^.*\//, '');
  return /^claude-/.test(name) && !/^claude-(2|instant)/.test(name);
}

export function acceptsImagesBy(setting: ImageInputSetting, byName: boolean): boolean {
  if (setting === 'on') return true;
  if (setting === 'off') return false;
  return byName;
}

/**
 * The provider's answer means "this model (or server) takes no images": OpenAI's 400 "Invalid
 * content type. image_url is only supported by certain models." (browser-use/web-ui#274,
 * danny-avila/LibreChat#6333), llama.cpp's 500 "image input is not supported by this server"
 * (ggml-org/llama.cpp#13566), Ollama's "this model is missing data required for image input"
 * (open-webui/open-webui#13077) or "vision model only supports a single image per message"
 * (ollama/ollama-js#213), Anthropic's 400 on an image it will not take. Authentication, rate limits
 * and overload are never read as a refusal.
 */
export function isImageRefusal(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current instanceof Error && !seen.has(current)) {
    seen.add(current);
    const details = current as Error & { statusCode?: number; responseBody?: string; lastError?: unknown };
    if (details.statusCode !== undefined) {
      const status = details.statusCode;
      const isRefusalStatus = status >= 400 && ![401, 403, 408, 409, 429, 502, 503, 504, 529].includes(status);
      return (
        isRefusalStatus && /image|vision|multimodal|mmproj/i.test(`${details.message} ${details.responseBody ?? ''}`)
      );
    }
    current = details.lastError ?? current.cause;
  }
  return false;
}
