import { linkedinPostUrl, linkedinTextProblem } from '@life-updates/contract/linkedin';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { MediaStorage } from '../../providers/media-storage/media-storage.ts';
import type { Channel } from '../shares/delivery/channel.ts';
import { createLinkedinPost, LinkedinPublishError } from './linkedin-posts-client.ts';
import { endTokenValidity, getUsableToken } from './linkedin-service.ts';

/*
 * LinkedIn as a channel of the share pipeline: one delivery, a post on the user's own profile, with
 * the share's one text.
 */

/** LinkedIn's refusals that passing time can mend; the others would fail the same way again. */
const passingKeys = new Set(['linkedin.errors.rateLimited', 'linkedin.errors.unavailable']);

export function createLinkedinChannel({
  config,
  secretBox,
}: {
  config: Config;
  secretBox: SecretBox;
  /** Where the share's photos are read from. */
  media: MediaStorage;
}): Channel {
  return {
    name: 'linkedin',
    // A second attempt after an unanswered one could publish the post twice.
    repeatsSafely: false,

    async prepare({ db, userId, everyoneText }) {
      const problem = linkedinTextProblem(everyoneText ?? '');
      // The text's field error, as the request's own validation would give it: the form shows it inline.
      if (problem)
        throw new AppError({ status: 400, code: 'VALIDATION_FAILED', message: problem, fields: { text: problem } });
      const token = await getUsableToken({ db, config, secretBox, userId, now: new Date() });
      return { rows: [{ recipientName: token.name, body: everyoneText! }] };
    },

    async send(delivery, { db }) {
      const now = new Date();
      const token = await getUsableToken({ db, config, secretBox, userId: delivery.userId, now });
      try {
        const { postUrn } = await createLinkedinPost({
          apiBase: config.LINKEDIN_API_BASE,
          apiVersion: config.LINKEDIN_API_VERSION,
          accessToken: token.accessToken,
          memberId: token.memberId,
          text: delivery.body,
        });
        return { status: 'published', providerMessageId: postUrn, link: linkedinPostUrl(postUrn) };
      } catch (error) {
        if (error instanceof LinkedinPublishError && error.key === 'linkedin.errors.expired') {
          await endTokenValidity({ db, userId: delivery.userId, now });
        }
        throw error;
      }
    },

    describeError(error) {
      if (error instanceof LinkedinPublishError) {
        // LinkedIn took the request but named no post: it may be on the profile.
        if (error.key === 'linkedin.errors.noPostId')
          return { key: error.key, isPermanent: false, mayHaveArrived: true };
        return { key: error.key, values: error.values, isPermanent: !passingKeys.has(error.key) };
      }
      if (error instanceof AppError) return { key: error.message, values: error.values, isPermanent: true };
      // No answer: the post may or may not be on the profile.
      return { key: 'linkedin.errors.interrupted', isPermanent: false, mayHaveArrived: true };
    },
  };
}
