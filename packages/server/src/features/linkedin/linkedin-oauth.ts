import { linkedinScopes } from '@life-updates/contract/linkedin';
import * as oidc from 'openid-client';
import type { Config } from '../../config.ts';

/**
 * The one redirect URL to register in the LinkedIn app: the public address (`publicAddress.forLinks()`)
 * plus the callback path. Built from the same stored address at authorisation and at the token
 * exchange, so both send LinkedIn the same value.
 */
export function linkedinRedirectUrl(publicOrigin: string): string {
  return new URL('/api/linkedin/callback', publicOrigin).toString();
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * LinkedIn's OpenID Connect sign-in through openid-client: the authorisation URL carries a random
 * state; the callback checks it, trades the code (client secret in the body: LinkedIn takes no HTTP
 * Basic), validates the ID token's claims and reads the member's name from userinfo.
 *
 * No PKCE: LinkedIn documents it for native apps only
 * (https://learn.microsoft.com/en-us/linkedin/shared/authentication/authorization-code-flow-native),
 * and answers a web app's token request that carries a `code_verifier` with 401 invalid_client
 * (UsefulSoftwareCo/executor#2087, teamhanko/hanko#2405). better-auth's LinkedIn provider sends none
 * either. The state, kept server-side and bound to the user, is what ties the callback to its start.
 *
 * The endpoints sit under LINKEDIN_AUTH_BASE / LINKEDIN_API_BASE so a stand-in can take LinkedIn's
 * place; plain http is allowed only when one of them says so.
 */
export function createLinkedinOauth(config: Config) {
  const clientId = config.LINKEDIN_CLIENT_ID;
  const clientSecret = config.LINKEDIN_CLIENT_SECRET;
  if (!clientId || !clientSecret) return null;
  const authBase = trimSlash(config.LINKEDIN_AUTH_BASE);
  const apiBase = trimSlash(config.LINKEDIN_API_BASE);
  const configuration = new oidc.Configuration(
    {
      issuer: `${authBase}/oauth`,
      authorization_endpoint: `${authBase}/oauth/v2/authorization`,
      token_endpoint: `${authBase}/oauth/v2/accessToken`,
      userinfo_endpoint: `${apiBase}/v2/userinfo`,
      id_token_signing_alg_values_supported: ['RS256'],
    },
    clientId,
    { token_endpoint_auth_method: 'client_secret_post' },
    oidc.ClientSecretPost(clientSecret),
  );
  if (authBase.startsWith('http:') || apiBase.startsWith('http:')) oidc.allowInsecureRequests(configuration);

  return {
    /** A fresh state, and the URL that sends the browser to LinkedIn with it. */
    startAuthorization({ redirectUrl }: { redirectUrl: string }) {
      const state = oidc.randomState();
      const authorizationUrl = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUrl,
        scope: linkedinScopes.join(' '),
        state,
      });
      return { state, authorizationUrl: authorizationUrl.href };
    },
    /**
     * Trades the callback's code for an access token (the library checks the state against
     * `expectedState` and fails on an error response), then reads the member's id and name.
     */
    async finishAuthorization({
      redirectUrl,
      callbackQuery,
      expectedState,
    }: {
      /** The same redirect URL the authorisation sent (LinkedIn compares them). */
      redirectUrl: string;
      callbackQuery: URLSearchParams;
      expectedState: string;
    }) {
      const callbackUrl = new URL(redirectUrl);
      callbackUrl.search = callbackQuery.toString();
      const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, { expectedState });
      const subject = tokens.claims()?.sub;
      const userInfo = await oidc.fetchUserInfo(configuration, tokens.access_token, subject ?? oidc.skipSubjectCheck);
      const name =
        userInfo.name ?? ([userInfo.given_name, userInfo.family_name].filter(Boolean).join(' ') || 'LinkedIn member');
      return {
        memberId: userInfo.sub,
        name,
        accessToken: tokens.access_token,
        scope: tokens.scope ?? null,
        /** Seconds the token lives; LinkedIn issues 60-day tokens. */
        expiresIn: tokens.expiresIn() ?? 60 * 24 * 60 * 60,
      };
    },
  };
}

export type LinkedinOauth = NonNullable<ReturnType<typeof createLinkedinOauth>>;
