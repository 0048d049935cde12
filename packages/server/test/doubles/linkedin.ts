import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A stand-in for LinkedIn, speaking its documented wire protocol: the OAuth 2.0 authorisation page
 * (approves at once, or as the member cancelling), the token endpoint (checks client id and secret
 * in the body, the redirect URI, and the PKCE verifier against the S256 challenge; codes are single
 * use; answers with an RS256-signed OpenID ID token), `/v2/userinfo`, and the versioned Posts API
 * (`POST /rest/posts`: bearer token, `LinkedIn-Version`, `X-Restli-Protocol-Version: 2.0.0`, the
 * body's exact shape; a repeated commentary is refused as a duplicate with 422, as LinkedIn does).
 */
export type FakePost = { id: string; author: string; commentary: string; headers: Record<string, string | undefined> };

type Grant = { clientId: string; redirectUri: string; challenge: string; scope: string };
type Token = { sub: string; scope: string; isRevoked: boolean };

const member = { sub: 'fake-member-42', name: 'Ada Lovelace', given_name: 'Ada', family_name: 'Lovelace' };

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
  /** What went wrong, newest last: tests assert the fake saw no protocol error. */
  const protocolErrors: string[] = [];
  const state = {
    /** The next authorisation is cancelled by the member. */
    denyNext: false,
    /** Scopes granted instead of the requested ones (e.g. without w_member_social). */
    grantedScope: null as string | null,
    /** The next post answers with this status (429) or 201 without the id header. */
    nextPostFailure: null as null | 429 | 'no-id',
    expiresInSeconds,
  };
  let postCounter = 7000;
  let url = '';

  const protocolError = (response: ServerResponse, status: number, message: string) => {
    protocolErrors.push(message);
    json(response, status, { status, message });
  };

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

  const server = createServer((request, response) => {
    void (async () => {
      const requestUrl = new URL(request.url ?? '/', 'http://fake');
      const route = `${request.method} ${requestUrl.pathname}`;

      if (route === 'GET /oauth/v2/authorization') {
        const query = requestUrl.searchParams;
        const redirectUri = query.get('redirect_uri') ?? '';
        const scope = query.get('scope') ?? '';
        if (query.get('response_type') !== 'code') return protocolError(response, 400, 'response_type must be code');
        if (query.get('client_id') !== clientId) return protocolError(response, 400, 'unknown client_id');
        if (!query.get('state')) return protocolError(response, 400, 'state missing');
        if (query.get('code_challenge_method') !== 'S256' || !query.get('code_challenge'))
          return protocolError(response, 400, 'S256 code_challenge missing');
        if (!scope.split(' ').includes('openid') || !scope.split(' ').includes('w_member_social'))
          return protocolError(response, 400, `scope lacks openid or w_member_social: ${scope}`);
        const back = new URL(redirectUri);
        if (state.denyNext) {
          state.denyNext = false;
          back.searchParams.set('error', 'user_cancelled_authorize');
          back.searchParams.set('error_description', 'The user cancelled the authorization');
        } else {
          const code = base64url(randomBytes(24));
          grants.set(code, {
            clientId,
            redirectUri,
            challenge: query.get('code_challenge')!,
            scope: state.grantedScope ?? scope,
          });
          back.searchParams.set('code', code);
        }
        back.searchParams.set('state', query.get('state')!);
        response.writeHead(302, { location: back.href });
        return response.end();
      }

      if (route === 'POST /oauth/v2/accessToken') {
        if (!(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
          return protocolError(response, 400, 'token request must be form-encoded');
        const form = new URLSearchParams(await readBody(request));
        const code = form.get('code') ?? '';
        const grant = grants.get(code);
        grants.delete(code);
        if (form.get('grant_type') !== 'authorization_code') return protocolError(response, 400, 'grant_type');
        if (form.get('client_id') !== clientId || form.get('client_secret') !== clientSecret)
          return json(response, 401, { error: 'invalid_client', error_description: 'Client authentication failed' });
        if (!grant)
          return json(response, 400, {
            error: 'invalid_request',
            error_description: 'Unable to retrieve access token: authorization code not found',
          });
        if (form.get('redirect_uri') !== grant.redirectUri)
          return protocolError(response, 400, 'redirect_uri does not match the authorisation request');
        const verifier = form.get('code_verifier') ?? '';
        if (createHash('sha256').update(verifier).digest('base64url') !== grant.challenge)
          return protocolError(response, 400, 'code_verifier does not match code_challenge');
        const accessToken = base64url(randomBytes(32));
        tokens.set(accessToken, { sub: member.sub, scope: grant.scope, isRevoked: false });
        return json(response, 200, {
          access_token: accessToken,
          expires_in: state.expiresInSeconds,
          scope: grant.scope,
          token_type: 'Bearer',
          id_token: idToken(clientId),
        });
      }

      if (route === 'GET /v2/userinfo') {
        const token = bearer(request);
        if (!token)
          return json(response, 401, { status: 401, code: 'INVALID_ACCESS_TOKEN', message: 'Invalid access token' });
        return json(response, 200, { ...member, locale: { country: 'GB', language: 'en' }, email_verified: true });
      }

      if (route === 'POST /rest/posts') {
        const raw = await readBody(request);
        const token = bearer(request);
        if (!token)
          return json(response, 401, {
            status: 401,
            serviceErrorCode: 65601,
            code: 'REVOKED_ACCESS_TOKEN',
            message: 'The token used in the request has been revoked by the user',
          });
        if (!/^\d{6}$/.test(String(request.headers['linkedin-version'] ?? '')))
          return protocolError(response, 400, 'LinkedIn-Version header missing or not YYYYMM');
        if (request.headers['x-restli-protocol-version'] !== '2.0.0')
          return protocolError(response, 400, 'X-Restli-Protocol-Version must be 2.0.0');
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
          return protocolError(response, 400, 'body is not JSON');
        }
        const expected = {
          author: `urn:li:person:${token.sub}`,
          visibility: 'PUBLIC',
          distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
          lifecycleState: 'PUBLISHED',
          isReshareDisabledByAuthor: false,
        };
        const { commentary, ...rest } = body;
        if (typeof commentary !== 'string') return protocolError(response, 422, 'commentary missing');
        if (
          !isDeepEqual(
            Object.fromEntries(Object.entries(rest).sort()),
            Object.fromEntries(Object.entries(expected).sort()),
          )
        )
          return protocolError(response, 422, `unexpected post body: ${raw}`);
        if (state.nextPostFailure === 429) {
          state.nextPostFailure = null;
          return json(response, 429, {
            status: 429,
            message: 'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.',
          });
        }
        const duplicate = posts.find((post) => post.commentary === commentary && post.author === expected.author);
        if (duplicate)
          return json(response, 422, {
            status: 422,
            errorDetailType: 'com.linkedin.common.error.BadRequest',
            message: `Content is a duplicate of ${duplicate.id}`,
          });
        const id = `urn:li:share:${(postCounter += 1)}`;
        if (state.nextPostFailure === 'no-id') {
          state.nextPostFailure = null;
          response.writeHead(201);
          return response.end();
        }
        posts.push({
          id,
          author: expected.author,
          commentary,
          headers: {
            'linkedin-version': String(request.headers['linkedin-version']),
            'x-restli-protocol-version': String(request.headers['x-restli-protocol-version']),
          },
        });
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
    member,
    posts,
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
