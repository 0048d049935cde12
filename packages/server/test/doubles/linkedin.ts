import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for LinkedIn: the OAuth 2.0 / OpenID Connect sign-in of a web app (authorisation page,
 * token endpoint, `/v2/userinfo`), the versioned Images API (`POST /rest/images?action=initializeUpload`,
 * the upload URL, `GET /rest/images/{urn}`) and the Posts API (`POST /rest/posts`, with one image as
 * `content.media` or 2–20 as `content.multiImage`).
 *
 * Every behaviour below names where it comes from: LinkedIn's documentation, or, where LinkedIn's
 * pages say nothing or say otherwise, reports of what the real service answered (those win, and the
 * comment says so). Behaviours with no source are marked as ours. What the app's client gets wrong
 * is also noted in `protocolErrors`, so tests can assert the double saw no protocol mistake.
 *
 * Pages cited:
 * - Web sign-in: https://learn.microsoft.com/en-us/linkedin/shared/authentication/authorization-code-flow
 * - OpenID Connect: https://learn.microsoft.com/en-us/linkedin/consumer/integrations/self-serve/sign-in-with-linkedin-v2
 * - PKCE, native apps only: https://learn.microsoft.com/en-us/linkedin/shared/authentication/authorization-code-flow-native
 * - Posts API: https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/posts-api
 * - Images API: https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/images-api
 * - MultiImage API: https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/multiimage-post-api
 * - Little text format: https://learn.microsoft.com/en-us/linkedin/marketing/community-management/shares/little-text-format
 * - Versioning: https://learn.microsoft.com/en-us/linkedin/marketing/versioning
 * - Version sunset dates: https://learn.microsoft.com/en-us/linkedin/marketing/integrations/migrations
 * - Error bodies: https://learn.microsoft.com/en-us/linkedin/shared/api-guide/concepts/error-handling
 */
/** An image as the Images API keeps it: its owner, the bytes uploaded, and its processing status. */
export type FakeImage = {
  id: string;
  owner: string;
  /** The path of its upload URL on the double. */
  uploadPath: string;
  bytes: Buffer | null;
  status: 'WAITING_UPLOAD' | 'PROCESSING' | 'AVAILABLE' | 'PROCESSING_FAILED';
  /** Status reads still to answer PROCESSING once uploaded. */
  processingReadsLeft: number;
};

/** An image of a post, as the Posts API took it: the image's URN, its alt text, and its bytes. */
export type FakePostImage = { id: string; altText: string | undefined; bytes: Buffer };

export type FakePost = {
  id: string;
  author: string;
  commentary: string;
  /** The post's images in order: none for a text post, one for `content.media`, 2–20 for `multiImage`. */
  images: FakePostImage[];
  /** Which content the post was created with. */
  contentKind: 'none' | 'media' | 'multiImage';
  headers: Record<string, string | undefined>;
  /** When the double took it. */
  receivedAt: Date;
};

type Grant = { redirectUri: string; scope: string };
type Token = { sub: string; scope: string; isRevoked: boolean };

const member = { sub: 'fake-member-42', name: 'Ada Lovelace', given_name: 'Ada', family_name: 'Lovelace' };

/** The Posts API refuses a longer `commentary` (Posts API page; the 400 body below is from a report). */
export const fakeLinkedinCommentaryLimit = 3000;
/** MultiImage API page: "minimum of 2 images and maximum of 20 images". */
export const fakeLinkedinMultiImageLimits = { min: 2, max: 20 } as const;
/** Posts API page, MediaContent: `altText` has at most 4086 characters. */
export const fakeLinkedinAltTextLimit = 4086;

// Token endpoint answers, as reported from the real service.
/** Wrong client id or secret, and (see the token endpoint) any `code_verifier` from a web app. */
const invalidClient = { error: 'invalid_client', error_description: 'Client authentication failed' };
/** An unknown, used or expired code, or a redirect URI other than the authorisation's (reports below). */
const codeMismatch = {
  error: 'invalid_request',
  error_description:
    'Unable to retrieve access token: appid/redirect uri/code verifier does not match authorization code. Or authorization code expired. Or external member binding exists',
};

const base64url = (value: Buffer | string) => Buffer.from(value).toString('base64url');

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

const isDeepEqual = (left: unknown, right: unknown) => JSON.stringify(left) === JSON.stringify(right);

/**
 * A refusal of a post's input in the error-handling page's shape (`status`, `message`,
 * `errorDetails.inputErrors`), as the commentary's 400 below shows it; the messages are ours.
 */
const badInput = (message: string, code: string) => ({
  errorDetailType: 'com.linkedin.common.error.BadRequest',
  message: `com.linkedin.content.common.exception.BadRequestResponseException: ${message}`,
  errorDetails: { inputErrors: [{ description: message, input: {}, code }] },
  status: 400,
});

async function readBytes(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Whether LinkedIn serves this `LinkedIn-Version` on `now`. Monthly versions, each supported for at
 * least a year (versioning page); the migrations page retires each in the middle of its month a
 * year on (202601 on January 15, 2027; 202603 on March 16, 2027): the double retires on the 15th.
 * A version from a month still to come does not exist yet. Both get the same 426 (below).
 * It reads the real clock on purpose: once the app's default LINKEDIN_API_VERSION is retired, the
 * tests that post fail as the real service would, until the default moves on (config.ts).
 */
export function isActiveLinkedinVersion(version: string, now: Date): boolean {
  const year = Number(version.slice(0, 4));
  const month = Number(version.slice(4, 6)) - 1;
  return now >= new Date(Date.UTC(year, month, 1)) && now < new Date(Date.UTC(year + 1, month, 15));
}

export async function startFakeLinkedin({
  clientId,
  clientSecret,
  port = 0,
  expiresInSeconds = 60 * 24 * 60 * 60,
}: {
  clientId: string;
  clientSecret: string;
  port?: number;
  expiresInSeconds?: number;
}) {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, Token>();
  const posts: FakePost[] = [];
  const images = new Map<string, FakeImage>();
  /** Every Images API call the app made, in order: `initializeUpload`, `upload`, `status`. */
  const imageCalls: Array<{ step: 'initializeUpload' | 'upload' | 'status'; image: string | null }> = [];
  /** What the app's client got wrong, newest last: tests assert the double saw no protocol mistake. */
  const protocolErrors: string[] = [];
  const state = {
    /** The next authorisation is cancelled by the member. */
    denyNext: false,
    /** Scopes granted instead of the requested ones (e.g. without w_member_social). */
    grantedScope: null as string | null,
    /**
     * The next post answers with this status (429, 503) or 201 without the id header; or, with
     * `taken-no-answer`, is published but its connection drops before the answer.
     */
    nextPostFailure: null as null | 429 | 503 | 'no-id' | 'taken-no-answer',
    /** How many posts in a row meet `nextPostFailure`. */
    nextPostFailureTimes: 1,
    /** Every POST /rest/posts that reached the posting step, refused or taken. */
    postAttempts: 0,
    /** The next uploads of image bytes answer 500 (LinkedIn's own trouble), this many in a row. */
    uploadFailures: 0,
    /** How many status reads an uploaded image answers PROCESSING before it is AVAILABLE. */
    processingReads: 1,
    /** The next uploaded image fails LinkedIn's processing (PROCESSING_FAILED). */
    failNextProcessing: false,
    expiresInSeconds,
  };
  let postCounter = 7000;
  let imageCounter = 0;
  let url = '';

  /** Answers as LinkedIn would, and notes the mistake of the app's client. */
  const refuse = (response: ServerResponse, status: number, body: unknown, mistake: string) => {
    protocolErrors.push(mistake);
    json(response, status, body);
  };

  // OpenID Connect page: an RS256-signed ID token with the member's claims; issuer as in
  // https://www.linkedin.com/oauth/.well-known/openid-configuration (`https://www.linkedin.com/oauth`).
  function idToken(audience: string) {
    const now = Math.floor(Date.now() / 1000);
    const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: 'fake-key' }));
    const payload = base64url(
      JSON.stringify({ iss: `${url}/oauth`, aud: audience, iat: now, exp: now + 3600, ...member }),
    );
    const signature = sign('sha256', Buffer.from(`${header}.${payload}`), privateKey);
    return `${header}.${payload}.${base64url(signature)}`;
  }

  function bearer(request: IncomingMessage): Token | null {
    const match = /^Bearer (.+)$/.exec(request.headers.authorization ?? '');
    const token = match ? tokens.get(match[1]!) : undefined;
    return token && !token.isRevoked ? token : null;
  }

  /**
   * The checks every versioned call shares (Images API page: "All APIs require the request headers
   * Linkedin-Version … and X-Restli-Protocol-Version: 2.0.0"), answered as for a post (below).
   * Returns the token, or null once it has answered.
   */
  function checkVersionedCall(request: IncomingMessage, response: ServerResponse): Token | null {
    const token = bearer(request);
    if (!token) {
      // Body as reported in decioferreira/omniauth-linkedin-oauth2#81.
      json(response, 401, {
        status: 401,
        serviceErrorCode: 65601,
        code: 'REVOKED_ACCESS_TOKEN',
        message: 'The token used in the request has been revoked by the user',
      });
      return null;
    }
    const version = String(request.headers['linkedin-version'] ?? '');
    if (!/^\d{6}$/.test(version)) {
      refuse(response, 400, { status: 400 }, 'LinkedIn-Version header missing or not YYYYMM');
      return null;
    }
    if (!isActiveLinkedinVersion(version, new Date())) {
      json(response, 426, {
        status: 426,
        code: 'NONEXISTENT_VERSION',
        message: `Requested version ${version} is not active`,
      });
      return null;
    }
    if (request.headers['x-restli-protocol-version'] !== '2.0.0') {
      refuse(response, 400, { status: 400 }, 'X-Restli-Protocol-Version must be 2.0.0');
      return null;
    }
    return token;
  }

  /** What the Images API answers for an image: `owner`, `id` and `status`, as the "Get an Image" sample has them. */
  const imageView = (image: FakeImage) => ({ owner: image.owner, id: image.id, status: image.status });

  /**
   * Reads a post's `content` and names its images, or says what is wrong with it. Posts API page:
   * an image post has `content.media` with the image's `id` (and optional `altText`); MultiImage API
   * page: `content.multiImage.images`, 2 to 20 of them, "owned by the author".
   */
  function postImages(
    content: unknown,
    author: string,
  ): { kind: FakePost['contentKind']; images: FakePostImage[] } | { problem: string; code: string } {
    if (content === undefined) return { kind: 'none', images: [] };
    const { media, multiImage, ...other } = (content ?? {}) as { media?: unknown; multiImage?: unknown };
    if (Object.keys(other).length > 0 || (media === undefined) === (multiImage === undefined))
      return {
        problem: `content must have exactly one of media or multiImage: ${JSON.stringify(content)}`,
        code: 'INVALID_CONTENT',
      };
    const entries = media !== undefined ? [media] : (multiImage as { images?: unknown }).images;
    if (!Array.isArray(entries)) return { problem: 'multiImage.images must be an array', code: 'INVALID_CONTENT' };
    if (
      multiImage !== undefined &&
      (entries.length < fakeLinkedinMultiImageLimits.min || entries.length > fakeLinkedinMultiImageLimits.max)
    )
      return {
        problem: `multiImage takes ${fakeLinkedinMultiImageLimits.min} to ${fakeLinkedinMultiImageLimits.max} images, not ${entries.length}`,
        code: 'FIELD_ARRAY_SIZE_TOO_HIGH',
      };
    const taken: FakePostImage[] = [];
    for (const entry of entries as Array<{ id?: unknown; altText?: unknown }>) {
      const image = typeof entry?.id === 'string' ? images.get(entry.id) : undefined;
      // Ours: an image that does not exist, or was uploaded by someone else, is refused.
      if (!image || image.owner !== author)
        return { problem: `${String(entry?.id)} is not an image of ${author}`, code: 'INVALID_MEDIA' };
      // Ours: the pages do not say what becomes of an image still processing; the double refuses it,
      // the safe reading, so a client that does not wait for AVAILABLE is caught.
      if (image.status !== 'AVAILABLE' || !image.bytes)
        return { problem: `${image.id} is ${image.status}, not AVAILABLE`, code: 'MEDIA_NOT_AVAILABLE' };
      if (
        entry.altText !== undefined &&
        (typeof entry.altText !== 'string' || entry.altText.length > fakeLinkedinAltTextLimit)
      )
        return {
          problem: `altText must be a string of at most ${fakeLinkedinAltTextLimit} characters`,
          code: 'FIELD_LENGTH_TOO_LONG',
        };
      taken.push({ id: image.id, altText: entry.altText, bytes: image.bytes });
    }
    return { kind: media !== undefined ? 'media' : 'multiImage', images: taken };
  }

  const server = createServer((request, response) => {
    void (async () => {
      const requestUrl = new URL(request.url ?? '/', 'http://fake');
      const route = `${request.method} ${requestUrl.pathname}`;

      // Web sign-in page, step 2: response_type=code, client_id, redirect_uri, state, scope; the
      // member approves (here at once) and the browser goes back with `code` and `state`.
      if (route === 'GET /oauth/v2/authorization') {
        const query = requestUrl.searchParams;
        const redirectUri = query.get('redirect_uri') ?? '';
        const scope = query.get('scope') ?? '';
        if (query.get('response_type') !== 'code')
          return refuse(response, 400, { error: 'invalid_request' }, 'response_type must be code');
        if (query.get('client_id') !== clientId)
          return refuse(response, 400, { error: 'invalid_request' }, 'unknown client_id');
        // Ours: LinkedIn's page lists state as optional; the app must always send one (CSRF).
        if (!query.get('state')) return refuse(response, 400, { error: 'invalid_request' }, 'state missing');
        if (!scope.split(' ').includes('openid') || !scope.split(' ').includes('w_member_social'))
          return refuse(response, 400, { error: 'invalid_scope' }, `scope lacks openid or w_member_social: ${scope}`);
        // A code_challenge is no parameter of the web flow (PKCE is documented for native apps only).
        // The real page does not refuse one, as the report cited at the token endpoint shows: the
        // failure comes at the exchange. The app must not send one all the same.
        if (query.has('code_challenge') || query.has('code_challenge_method'))
          protocolErrors.push('code_challenge sent on the web flow');
        const back = new URL(redirectUri);
        if (state.denyNext) {
          // Web sign-in page, "Member cancels": error=user_cancelled_authorize and a description.
          state.denyNext = false;
          back.searchParams.set('error', 'user_cancelled_authorize');
          back.searchParams.set('error_description', 'The user cancelled the authorization');
        } else {
          const code = base64url(randomBytes(24));
          grants.set(code, { redirectUri, scope: state.grantedScope ?? scope });
          back.searchParams.set('code', code);
        }
        back.searchParams.set('state', query.get('state')!);
        response.writeHead(302, { location: back.href });
        return response.end();
      }

      // Web sign-in page, step 3: a form-encoded POST with grant_type, code, client_id,
      // client_secret (in the body: no HTTP Basic) and the same redirect_uri. Codes are single use.
      if (route === 'POST /oauth/v2/accessToken') {
        if (!(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
          return refuse(response, 400, { error: 'invalid_request' }, 'token request must be form-encoded');
        const form = new URLSearchParams(await readBody(request));
        const code = form.get('code') ?? '';
        const grant = grants.get(code);
        grants.delete(code);
        if (form.get('grant_type') !== 'authorization_code')
          return refuse(response, 400, { error: 'unsupported_grant_type' }, 'grant_type');
        // Body as reported in nextauthjs/next-auth#7444 and authlib/authlib#719.
        if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret)
          return json(response, 401, invalidClient);
        // Reports, not docs: the docs only say PKCE is for native apps, and say nothing of a web app
        // sending a verifier. The real service then refuses the exchange with the same 401
        // invalid_client, with or without a challenge at authorisation (UsefulSoftwareCo/executor#2087,
        // live comparisons of 2026-09-21; teamhanko/hanko#2405; nextauthjs/next-auth#8831).
        if (form.has('code_verifier'))
          return refuse(response, 401, invalidClient, 'code_verifier sent on the web flow');
        // Answer as reported in d3xt3r2909/linkedin_login#77 and cuongdevjs/reactjs-social-login#43.
        if (!grant) return json(response, 400, codeMismatch);
        if (form.get('redirect_uri') !== grant.redirectUri)
          return refuse(response, 400, codeMismatch, 'redirect_uri does not match the authorisation request');
        const accessToken = base64url(randomBytes(32));
        tokens.set(accessToken, { sub: member.sub, scope: grant.scope, isRevoked: false });
        // Web sign-in page: access_token, expires_in (60 days), scope; id_token with `openid`.
        return json(response, 200, {
          access_token: accessToken,
          expires_in: state.expiresInSeconds,
          scope: grant.scope,
          token_type: 'Bearer',
          id_token: idToken(clientId),
        });
      }

      // OpenID Connect page: the member's claims for a valid bearer token.
      if (route === 'GET /v2/userinfo') {
        const token = bearer(request);
        // Shape of the error-handling page; this message is ours.
        if (!token)
          return json(response, 401, { status: 401, code: 'INVALID_ACCESS_TOKEN', message: 'Invalid access token' });
        return json(response, 200, { ...member, locale: { country: 'GB', language: 'en' }, email_verified: true });
      }

      // Images API, "Initialize Image Upload": POST /rest/images?action=initializeUpload with
      // {"initializeUploadRequest": {"owner": …}}; 200 with value.uploadUrl, value.image (urn:li:image:…)
      // and value.uploadUrlExpiresAt.
      if (route === 'POST /rest/images' && requestUrl.searchParams.get('action') === 'initializeUpload') {
        const raw = await readBody(request);
        const token = checkVersionedCall(request, response);
        if (!token) return;
        let body: { initializeUploadRequest?: { owner?: unknown } };
        try {
          body = JSON.parse(raw) as typeof body;
        } catch {
          return refuse(response, 400, { status: 400 }, 'initializeUpload body is not JSON');
        }
        const owner = body.initializeUploadRequest?.owner;
        if (typeof owner !== 'string')
          return refuse(response, 400, { status: 400 }, `initializeUploadRequest.owner missing: ${raw}`);
        // Images API page: a member's images need w_member_social and are owned by that member
        // (the permission table); this 403 is in the error-handling page's shape, its text ours.
        if (owner !== `urn:li:person:${token.sub}` || !token.scope.split(/[ ,]/).includes('w_member_social'))
          return json(response, 403, {
            status: 403,
            serviceErrorCode: 100,
            code: 'ACCESS_DENIED',
            message: `Not enough permissions to upload images for ${owner}`,
          });
        imageCounter += 1;
        const id = `urn:li:image:D4E10AQFake${imageCounter}`;
        // Images API page: the upload URL is LinkedIn's own (`https://www.linkedin.com/dms-uploads/…`);
        // here a path on the double, so that the app's client follows the URL it is given.
        const uploadPath = `/dms-uploads/D4E10AQFake${imageCounter}/uploaded-image/0`;
        images.set(id, {
          id,
          owner,
          uploadPath,
          bytes: null,
          status: 'WAITING_UPLOAD',
          processingReadsLeft: 0,
        });
        imageCalls.push({ step: 'initializeUpload', image: id });
        return json(response, 200, {
          value: {
            uploadUrlExpiresAt: Date.now() + 24 * 3600 * 1000,
            uploadUrl: `${url}${uploadPath}?ut=fake`,
            image: id,
          },
        });
      }

      // Images API, "Upload the Image": the bytes by PUT to the upload URL, with the bearer token as
      // the page's sample sends it; 201 Created. (One report says the URL is signed and takes no token:
      // "7 API quirks", dev.to/nicolasai; the double requires it, as the page shows.)
      if (request.method === 'PUT' && requestUrl.pathname.startsWith('/dms-uploads/')) {
        const bytes = await readBytes(request);
        const image = [...images.values()].find((candidate) => candidate.uploadPath === requestUrl.pathname);
        const token = bearer(request);
        // Ours: the page does not say how the upload URL answers a missing token or an unknown path.
        if (!token)
          return refuse(response, 401, { status: 401, message: 'Unauthorized' }, 'upload without the bearer token');
        if (!image) return json(response, 404, { status: 404, message: 'Not Found' });
        if (image.owner !== `urn:li:person:${token.sub}`)
          return refuse(response, 403, { status: 403, message: 'Forbidden' }, 'upload with another member’s token');
        imageCalls.push({ step: 'upload', image: image.id });
        if (state.uploadFailures > 0) {
          state.uploadFailures -= 1;
          // Ours: LinkedIn's own trouble, which passes.
          return json(response, 500, { status: 500, message: 'Internal Server Error' });
        }
        // Images API page: JPG, GIF and PNG are taken. The double checks the first bytes.
        const isImage =
          bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])) ||
          bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) ||
          bytes.subarray(0, 4).toString('latin1') === 'GIF8';
        image.bytes = bytes;
        if (!isImage || state.failNextProcessing) {
          state.failNextProcessing = false;
          image.status = 'PROCESSING_FAILED';
        } else {
          image.status = 'PROCESSING';
          image.processingReadsLeft = state.processingReads;
        }
        response.writeHead(201);
        return response.end();
      }

      // Images API, "Get an Image": GET /rest/images/{encoded image URN}; `status` is one of
      // WAITING_UPLOAD, PROCESSING, AVAILABLE, PROCESSING_FAILED. How long processing takes is not
      // documented: the double answers PROCESSING to `processingReads` reads, then AVAILABLE.
      if (request.method === 'GET' && requestUrl.pathname.startsWith('/rest/images/')) {
        const token = checkVersionedCall(request, response);
        if (!token) return;
        const id = decodeURIComponent(requestUrl.pathname.slice('/rest/images/'.length));
        const image = images.get(id);
        // Ours: an unknown image, or another member's, is not found.
        if (!image || image.owner !== `urn:li:person:${token.sub}`)
          return json(response, 404, { status: 404, message: `Image ${id} not found` });
        imageCalls.push({ step: 'status', image: id });
        if (image.status === 'PROCESSING') {
          if (image.processingReadsLeft > 0) {
            image.processingReadsLeft -= 1;
            return json(response, 200, imageView(image));
          }
          image.status = 'AVAILABLE';
        }
        return json(response, 200, imageView(image));
      }

      // Posts API, "Create a text-only post", and with images: "Create an image post" (content.media)
      // and the MultiImage API (content.multiImage).
      if (route === 'POST /rest/posts') {
        const raw = await readBody(request);
        const token = bearer(request);
        // Body as reported in decioferreira/omniauth-linkedin-oauth2#81.
        if (!token)
          return json(response, 401, {
            status: 401,
            serviceErrorCode: 65601,
            code: 'REVOKED_ACCESS_TOKEN',
            message: 'The token used in the request has been revoked by the user',
          });
        const version = String(request.headers['linkedin-version'] ?? '');
        // Versioning page: every call names its version as YYYYMM. LinkedIn's answer to a missing
        // or malformed header is not documented; the double refuses it as a protocol mistake.
        if (!/^\d{6}$/.test(version))
          return refuse(response, 400, { status: 400 }, 'LinkedIn-Version header missing or not YYYYMM');
        // Versioning page: a retired version is answered 426. Body as reported in
        // ComposioHQ/composio#3113 and #4320, gitroomhq/postiz-app#2005 (n8n-io/n8n#39065 too).
        if (!isActiveLinkedinVersion(version, new Date()))
          return json(response, 426, {
            status: 426,
            code: 'NONEXISTENT_VERSION',
            message: `Requested version ${version} is not active`,
          });
        // Posts API page: the Rest.li protocol version is required.
        if (request.headers['x-restli-protocol-version'] !== '2.0.0')
          return refuse(response, 400, { status: 400 }, 'X-Restli-Protocol-Version must be 2.0.0');
        // Error-handling page shape; posting needs w_member_social (Posts API page). Message is ours.
        if (!token.scope.split(/[ ,]/).includes('w_member_social'))
          return json(response, 403, {
            status: 403,
            serviceErrorCode: 100,
            code: 'ACCESS_DENIED',
            message: 'Not enough permissions to access: partnerApiPostsExternal.CREATE.20260101',
          });
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(raw) as Record<string, unknown>;
        } catch {
          return refuse(response, 400, { status: 400 }, 'body is not JSON');
        }
        // Posts API page: the text post's fields, exactly.
        const expected = {
          author: `urn:li:person:${token.sub}`,
          visibility: 'PUBLIC',
          distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
          lifecycleState: 'PUBLISHED',
          isReshareDisabledByAuthor: false,
        };
        const { commentary, content, ...rest } = body;
        if (typeof commentary !== 'string') return refuse(response, 422, { status: 422 }, 'commentary missing');
        if (
          !isDeepEqual(
            Object.fromEntries(Object.entries(rest).sort()),
            Object.fromEntries(Object.entries(expected).sort()),
          )
        )
          return refuse(response, 422, { status: 422 }, `unexpected post body: ${raw}`);
        // Little text format page: these characters must reach LinkedIn backslash-escaped; an
        // unescaped one cuts the post short there without an error (brightbeanxyz/brightbean-studio#121,
        // n8n-io/n8n#10185). The double notes it instead of cutting.
        if (/(^|[^\\])(\\\\)*[|{}@[\]()<>#*_~]/.test(commentary))
          protocolErrors.push(`commentary has an unescaped little-text character: ${commentary}`);
        // The limit counts the field as LinkedIn receives it, escaping backslashes included (whether
        // LinkedIn counts them is not documented: counting them is the safe side). Status 400 and
        // body as reported in n8n-io/n8n#22899.
        if (commentary.length > fakeLinkedinCommentaryLimit)
          return json(response, 400, {
            errorDetailType: 'com.linkedin.common.error.BadRequest',
            message: `com.linkedin.content.common.exception.BadRequestResponseException: ShareCommentary text length (${commentary.length} characters) exceeded the maximum allowed (${fakeLinkedinCommentaryLimit} characters)`,
            errorDetails: {
              inputErrors: [
                {
                  description: 'Size of array cannot be higher than the maxLength',
                  input: { value: { stringValue: commentary } },
                  code: 'FIELD_ARRAY_SIZE_TOO_HIGH',
                  maxLength: fakeLinkedinCommentaryLimit,
                },
              ],
            },
            status: 400,
          });
        const withImages = postImages(content, expected.author);
        if ('problem' in withImages)
          return refuse(
            response,
            400,
            badInput(withImages.problem, withImages.code),
            `post content: ${withImages.problem}`,
          );
        state.postAttempts += 1;
        /** Takes the scripted failure for this post, if any. */
        const takeFailure = () => {
          const failure = state.nextPostFailure;
          state.nextPostFailureTimes -= 1;
          if (state.nextPostFailureTimes <= 0) {
            state.nextPostFailure = null;
            state.nextPostFailureTimes = 1;
          }
          return failure;
        };
        if (state.nextPostFailure === 503) {
          takeFailure();
          // Ours: LinkedIn's own trouble, which passes.
          return json(response, 503, { status: 503, message: 'Service Unavailable' });
        }
        if (state.nextPostFailure === 429) {
          takeFailure();
          // Rate-limits page (https://learn.microsoft.com/en-us/linkedin/shared/api-guide/concepts/rate-limits):
          // 429 once a daily limit is reached. Body as reported in Automattic/wp-calypso#32007.
          return json(response, 429, {
            serviceErrorCode: 101,
            message: 'Resource level throttle limit for calls to this resource is reached.',
            status: 429,
          });
        }
        // Not documented; reports (Arisamiga/Linkedin-RSS#5, ComposioHQ/composio#2710): the same
        // text again is refused with 422 DUPLICATE_POST naming the earlier post.
        const duplicate = posts.find((post) => post.commentary === commentary && post.author === expected.author);
        if (duplicate)
          return json(response, 422, {
            errorDetailType: 'com.linkedin.common.error.BadRequest',
            message: `com.linkedin.content.common.exception.BadRequestResponseException: Content is a duplicate of ${duplicate.id}`,
            errorDetails: {
              inputErrors: [{ description: 'Duplicate post is detected', input: {}, code: 'DUPLICATE_POST' }],
            },
            status: 422,
          });
        const id = `urn:li:share:${(postCounter += 1)}`;
        if (state.nextPostFailure === 'no-id') {
          // Ours: a 201 without the id, to check the app does not count it as published.
          takeFailure();
          response.writeHead(201);
          return response.end();
        }
        posts.push({
          id,
          author: expected.author,
          commentary,
          images: withImages.images,
          contentKind: withImages.kind,
          receivedAt: new Date(),
          headers: {
            'linkedin-version': version,
            'x-restli-protocol-version': String(request.headers['x-restli-protocol-version']),
          },
        });
        if (state.nextPostFailure === 'taken-no-answer') {
          // Ours: the post is on the profile, but its answer is lost on the way (a connection cut).
          takeFailure();
          return response.socket?.destroy();
        }
        // Posts API page: 201 Created, the new post's URN in x-restli-id.
        response.writeHead(201, { 'x-restli-id': id, 'x-linkedin-id': id });
        return response.end();
      }

      json(response, 404, { status: 404, message: `no route ${route}` });
    })().catch((error: unknown) => {
      protocolErrors.push(String(error));
      if (!response.headersSent) json(response, 500, { message: 'fake failed' });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    /** The settings that point the app's LinkedIn client here, with this app's id and secret. */
    appEnv: {
      LINKEDIN_CLIENT_ID: clientId,
      LINKEDIN_CLIENT_SECRET: clientSecret,
      LINKEDIN_API_BASE: url,
      LINKEDIN_AUTH_BASE: url,
    },
    member,
    posts,
    images,
    imageCalls,
    protocolErrors,
    state,
    /** The member revokes the app: every token stops working. */
    revokeAllTokens() {
      for (const token of tokens.values()) token.isRevoked = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeLinkedin = Awaited<ReturnType<typeof startFakeLinkedin>>;
