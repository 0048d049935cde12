import { escapeLittleText, maxLinkedinPhotos } from '@life-updates/contract/linkedin';
import { setTimeout as sleep } from 'node:timers/promises';

/*
 * LinkedIn's versioned REST APIs for a member's post: the Images API for its photos
 * (https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/images-api),
 * then the Posts API for the post itself
 * (https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/posts-api), one
 * photo as `content.media` and 2–20 as `content.multiImage`
 * (https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/multiimage-post-api).
 */

/**
 * A refusal by LinkedIn (or no answer), with the catalogue key of the message the user sees and the
 * values it names. The photo keys (`photoUpload`, `photoRejected`) come only before the post is
 * sent: nothing was published. `noPostId` and `interrupted` come only from the post request: the
 * post may be on the profile.
 */
export class LinkedinPublishError extends Error {
  override name = 'LinkedinPublishError';
  constructor(
    readonly key:
      | 'linkedin.errors.expired'
      | 'linkedin.errors.scope'
      | 'linkedin.errors.duplicate'
      | 'linkedin.errors.rateLimited'
      | 'linkedin.errors.noPostId'
      | 'linkedin.errors.unavailable'
      | 'linkedin.errors.versionRetired'
      | 'linkedin.errors.rejected'
      | 'linkedin.errors.interrupted'
      | 'linkedin.errors.photoUpload'
      | 'linkedin.errors.photoRejected',
    readonly httpStatus: number | null,
    detail: string,
    readonly values: Record<string, string | number> = {},
  ) {
    super(detail);
  }
}

/** The answers every LinkedIn call shares: the token, the permission, the version, the limit. */
function commonFailure(status: number, detail: string, apiVersion: string): LinkedinPublishError | null {
  // A retired (or not yet released) LinkedIn-Version: 426 NONEXISTENT_VERSION "Requested version …
  // is not active" (https://learn.microsoft.com/en-us/linkedin/marketing/versioning; the body as
  // reported in ComposioHQ/composio#3113). Only the administrator can fix it, by LINKEDIN_API_VERSION.
  if (status === 426)
    return new LinkedinPublishError('linkedin.errors.versionRetired', status, detail, { version: apiVersion });
  if (status === 401) return new LinkedinPublishError('linkedin.errors.expired', status, detail);
  if (status === 403) return new LinkedinPublishError('linkedin.errors.scope', status, detail);
  if (status === 429) return new LinkedinPublishError('linkedin.errors.rateLimited', status, detail);
  return null;
}

function postFailure(status: number, body: string, apiVersion: string): LinkedinPublishError {
  const detail = `LinkedIn answered ${status}: ${body.slice(0, 500)}`;
  const common = commonFailure(status, detail, apiVersion);
  if (common) return common;
  // LinkedIn answers a repeated post with 422 "Content is a duplicate of urn:li:share:…".
  if (status === 422 && /duplicate/i.test(body))
    return new LinkedinPublishError('linkedin.errors.duplicate', status, detail);
  if (status >= 500) return new LinkedinPublishError('linkedin.errors.unavailable', status, detail);
  return new LinkedinPublishError('linkedin.errors.rejected', status, detail, { status });
}

/** A refusal while the photos go up: the post was never sent. */
function photoFailure(step: string, status: number, body: string, apiVersion: string): LinkedinPublishError {
  const detail = `${step}: LinkedIn answered ${status}: ${body.slice(0, 500)}`;
  const common = commonFailure(status, detail, apiVersion);
  if (common) return common;
  if (status >= 500) return new LinkedinPublishError('linkedin.errors.photoUpload', status, detail);
  return new LinkedinPublishError('linkedin.errors.photoRejected', status, detail);
}

/** A photo going out with the post: its bytes as stored (no metadata), and its alt text. */
export type LinkedinPhoto = { alt: string | null; read(): Promise<Buffer> };

type Call = { apiBase: string; apiVersion: string; accessToken: string };
const requestTimeoutMs = 20_000;

const restHeaders = ({ apiVersion, accessToken }: Call) => ({
  authorization: `Bearer ${accessToken}`,
  'linkedin-version': apiVersion,
  'x-restli-protocol-version': '2.0.0',
});

const restUrl = (apiBase: string, path: string) => `${apiBase.replace(/\/+$/, '')}${path}`;

/** A call made while the photos go up: no answer means only that this photo did not go up. */
async function photoCall(step: string, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(requestTimeoutMs) });
  } catch (error) {
    throw new LinkedinPublishError('linkedin.errors.photoUpload', null, `${step}: ${(error as Error).message}`);
  }
}

/**
 * The bearer token goes to the upload URL, as the Images API's sample upload sends it, but only to
 * LinkedIn itself: a URL on another host (an answer tampered with on the way) gets nothing.
 */
function isLinkedinUploadUrl(uploadUrl: string, apiBase: string): boolean {
  let url: URL;
  try {
    url = new URL(uploadUrl);
  } catch {
    return false;
  }
  if (url.origin === new URL(apiBase).origin) return true;
  return url.protocol === 'https:' && (url.hostname === 'linkedin.com' || url.hostname.endsWith('.linkedin.com'));
}

/** A field of a JSON answer; undefined when it has none, or is not JSON. */
function jsonField(answer: string, field: string): unknown {
  try {
    return (JSON.parse(answer) as Record<string, unknown> | null)?.[field];
  } catch {
    return undefined;
  }
}

/**
 * Images API, "Initialize Image Upload" then "Upload the Image": the owner is the member who posts;
 * the answer's `value.uploadUrl` takes the bytes by PUT (201), and `value.image` names the image.
 */
async function uploadImage(call: Call, owner: string, bytes: Buffer): Promise<string> {
  const initialized = await photoCall(
    'initializeUpload',
    restUrl(call.apiBase, '/rest/images?action=initializeUpload'),
    {
      method: 'POST',
      headers: { ...restHeaders(call), 'content-type': 'application/json' },
      body: JSON.stringify({ initializeUploadRequest: { owner } }),
    },
  );
  const answer = await initialized.text().catch(() => '');
  if (initialized.status !== 200) throw photoFailure('initializeUpload', initialized.status, answer, call.apiVersion);
  const { uploadUrl, image } = (jsonField(answer, 'value') ?? {}) as { uploadUrl?: unknown; image?: unknown };
  if (typeof uploadUrl !== 'string' || typeof image !== 'string' || !image.startsWith('urn:li:image:'))
    throw new LinkedinPublishError(
      'linkedin.errors.photoUpload',
      200,
      `initializeUpload answered ${answer.slice(0, 500)}`,
    );
  if (!isLinkedinUploadUrl(uploadUrl, call.apiBase))
    throw new LinkedinPublishError('linkedin.errors.photoUpload', 200, `upload URL not at LinkedIn: ${uploadUrl}`);
  const uploaded = await photoCall('upload', uploadUrl, {
    method: 'PUT',
    headers: { authorization: `Bearer ${call.accessToken}` },
    body: new Uint8Array(bytes),
  });
  if (uploaded.status < 200 || uploaded.status > 299)
    throw photoFailure('upload', uploaded.status, await uploaded.text().catch(() => ''), call.apiVersion);
  await uploaded.body?.cancel();
  return image;
}

/**
 * Waits until LinkedIn has processed the image. The Images API gives each image a `status`
 * (WAITING_UPLOAD, PROCESSING, AVAILABLE, PROCESSING_FAILED); the Posts API does not say what it does
 * with an image still processing, so the post waits for AVAILABLE until `deadline` (one for all the
 * post's images): an image still processing then fails the attempt before anything is published,
 * and the queue tries again.
 */
async function waitUntilAvailable(call: Call, image: string, deadline: number): Promise<void> {
  let pause = 250;
  for (;;) {
    const response = await photoCall(
      'image status',
      restUrl(call.apiBase, `/rest/images/${encodeURIComponent(image)}`),
      { headers: restHeaders(call) },
    );
    const answer = await response.text().catch(() => '');
    if (response.status !== 200) throw photoFailure('image status', response.status, answer, call.apiVersion);
    const status = jsonField(answer, 'status');
    if (status === 'AVAILABLE') return;
    if (status === 'PROCESSING_FAILED')
      throw new LinkedinPublishError('linkedin.errors.photoRejected', 200, `LinkedIn could not process ${image}`);
    if (Date.now() + pause > deadline)
      throw new LinkedinPublishError(
        'linkedin.errors.photoUpload',
        200,
        `${image} still ${String(status)} when the wait for processed photos ended`,
      );
    await sleep(pause);
    pause = Math.min(pause * 2, 2000);
  }
}

/** The post's `content` for its images: one as `media`, 2–20 as `multiImage`, in their order. */
function contentFor(images: ReadonlyArray<{ id: string; alt: string | null }>) {
  const entry = ({ id, alt }: { id: string; alt: string | null }) => (alt ? { id, altText: alt } : { id });
  if (images.length === 0) return {};
  if (images.length === 1) return { content: { media: entry(images[0]!) } };
  return { content: { multiImage: { images: images.map(entry) } } };
}

/**
 * Network errors that mean the request never left: nothing can have arrived. Any other error
 * (a timeout, a connection cut mid-answer) may come after LinkedIn took the post.
 */
const neverSentCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);

function wasNeverSent(error: unknown): boolean {
  const code = (error as { cause?: { code?: unknown } }).cause?.code;
  return typeof code === 'string' && neverSentCodes.has(code);
}

/**
 * Creates a post on the member's feed, with its photos (at most maxLinkedinPhotos, in their
 * order), through the versioned APIs. The photos go up first: a failure there leaves nothing
 * published. The post counts as published only when LinkedIn answers 201 with the new post's URN in
 * `x-restli-id`.
 */
export async function createLinkedinPost({
  apiBase,
  apiVersion,
  accessToken,
  memberId,
  text,
  photos = [],
  imageReadyTimeoutMs = 20_000,
}: {
  apiBase: string;
  apiVersion: string;
  accessToken: string;
  memberId: string;
  text: string;
  photos?: readonly LinkedinPhoto[];
  /** How long to wait for LinkedIn to process the uploaded photos before giving up this attempt. */
  imageReadyTimeoutMs?: number;
}): Promise<{ postUrn: string }> {
  if (photos.length > maxLinkedinPhotos) throw new RangeError(`at most ${maxLinkedinPhotos} photos in a LinkedIn post`);
  const call: Call = { apiBase, apiVersion, accessToken };
  const author = `urn:li:person:${memberId}`;
  const images: Array<{ id: string; alt: string | null }> = [];
  for (const photo of photos) {
    let bytes: Buffer;
    try {
      bytes = await photo.read();
    } catch (error) {
      throw new LinkedinPublishError(
        'linkedin.errors.photoUpload',
        null,
        `reading a photo: ${(error as Error).message}`,
      );
    }
    images.push({ id: await uploadImage(call, author, bytes), alt: photo.alt });
  }
  const deadline = Date.now() + imageReadyTimeoutMs;
  for (const image of images) await waitUntilAvailable(call, image.id, deadline);

  let response: Response;
  try {
    response = await fetch(restUrl(apiBase, '/rest/posts'), {
      method: 'POST',
      headers: { ...restHeaders(call), 'content-type': 'application/json' },
      body: JSON.stringify({
        author,
        commentary: escapeLittleText(text),
        visibility: 'PUBLIC',
        distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
        ...contentFor(images),
        lifecycleState: 'PUBLISHED',
        isReshareDisabledByAuthor: false,
      }),
      signal: AbortSignal.timeout(requestTimeoutMs),
    });
  } catch (error) {
    const detail = (error as Error).message;
    if (wasNeverSent(error)) throw new LinkedinPublishError('linkedin.errors.unavailable', null, detail);
    throw new LinkedinPublishError('linkedin.errors.interrupted', null, detail);
  }
  const body = await response.text().catch(() => '');
  if (response.status !== 201) throw postFailure(response.status, body, apiVersion);
  const postUrn = response.headers.get('x-restli-id')?.trim();
  if (!postUrn || !postUrn.startsWith('urn:li:')) {
    throw new LinkedinPublishError(
      'linkedin.errors.noPostId',
      response.status,
      'LinkedIn answered 201 without a post id',
    );
  }
  return { postUrn };
}
