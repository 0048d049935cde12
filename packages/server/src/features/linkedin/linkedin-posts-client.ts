import { escapeLittleText } from '@life-updates/contract/linkedin';

/**
 * A refusal by LinkedIn (or no answer), with the catalogue key of the message the user sees and the
 * values it names.
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
      | 'linkedin.errors.rejected',
    readonly httpStatus: number | null,
    detail: string,
    readonly values: Record<string, string | number> = {},
  ) {
    super(detail);
  }
}

function failureFor(status: number, body: string, apiVersion: string): LinkedinPublishError {
  const detail = `LinkedIn answered ${status}: ${body.slice(0, 500)}`;
  // A retired (or not yet released) LinkedIn-Version: 426 NONEXISTENT_VERSION "Requested version …
  // is not active" (https://learn.microsoft.com/en-us/linkedin/marketing/versioning; the body as
  // reported in ComposioHQ/composio#3113). Only the administrator can fix it, by LINKEDIN_API_VERSION.
  if (status === 426)
    return new LinkedinPublishError('linkedin.errors.versionRetired', status, detail, { version: apiVersion });
  if (status === 401) return new LinkedinPublishError('linkedin.errors.expired', status, detail);
  if (status === 403) return new LinkedinPublishError('linkedin.errors.scope', status, detail);
  // LinkedIn answers a repeated post with 422 "Content is a duplicate of urn:li:share:…".
  if (status === 422 && /duplicate/i.test(body))
    return new LinkedinPublishError('linkedin.errors.duplicate', status, detail);
  if (status === 429) return new LinkedinPublishError('linkedin.errors.rateLimited', status, detail);
  if (status >= 500) return new LinkedinPublishError('linkedin.errors.unavailable', status, detail);
  return new LinkedinPublishError('linkedin.errors.rejected', status, detail, { status });
}

/**
 * Creates a text post on the member's feed through the versioned Posts API. The post counts as
 * published only when LinkedIn answers 201 with the new post's URN in `x-restli-id`.
 */
export async function createLinkedinPost({
  apiBase,
  apiVersion,
  accessToken,
  memberId,
  text,
  timeoutMs = 20_000,
}: {
  apiBase: string;
  apiVersion: string;
  accessToken: string;
  memberId: string;
  text: string;
  timeoutMs?: number;
}): Promise<{ postUrn: string }> {
  let response: Response;
  try {
    response = await fetch(`${apiBase.replace(/\/+$/, '')}/rest/posts`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${accessToken}`,
        'content-type': 'application/json',
        'linkedin-version': apiVersion,
        'x-restli-protocol-version': '2.0.0',
      },
      body: JSON.stringify({
        author: `urn:li:person:${memberId}`,
        commentary: escapeLittleText(text),
        visibility: 'PUBLIC',
        distribution: { feedDistribution: 'MAIN_FEED', targetEntities: [], thirdPartyDistributionChannels: [] },
        lifecycleState: 'PUBLISHED',
        isReshareDisabledByAuthor: false,
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    throw new LinkedinPublishError('linkedin.errors.unavailable', null, (error as Error).message);
  }
  const body = await response.text().catch(() => '');
  if (response.status !== 201) throw failureFor(response.status, body, apiVersion);
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
