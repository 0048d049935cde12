import { linkedinPostUrl, linkedinTextProblem, maxLinkedinPhotos } from '@life-updates/contract/linkedin';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { MediaStorage } from '../../providers/media-storage/media-storage.ts';
import { findSharePhotos } from '../photos/photos-service.ts';
import type { Channel, DeliveryRow } from '../shares/delivery/channel.ts';
import { createLinkedinPost, LinkedinPublishError } from './linkedin-posts-client.ts';
import { endTokenValidity, getUsableToken } from './linkedin-service.ts';

/*
 * LinkedIn as a channel of the share pipeline: one delivery, a post on the user's own profile, with
 * the share's one text and the photos of its ideas (the first 20, LinkedIn's most for one post).
 */

/** LinkedIn's refusals that passing time can mend; the others would fail the same way again. */
const passingKeys = new Set([
  'linkedin.errors.rateLimited',
  'linkedin.errors.unavailable',
  // The photos did not go up (or LinkedIn was still processing them): nothing was published.
  'linkedin.errors.photoUpload',
]);

/** Refusals from a post request that may have been taken: the post may be on the profile. */
const mayHaveArrivedKeys = new Set(['linkedin.errors.noPostId', 'linkedin.errors.interrupted']);

export function createLinkedinChannel({
  config,
  secretBox,
  media,
}: {
  config: Config;
  secretBox: SecretBox;
  /** Where the share's photos are read from. */
  media: MediaStorage;
}): Channel {
  /** The share's photos to post, in order; not finding them fails the attempt before anything is sent. */
  async function sharePhotos(db: Database, delivery: DeliveryRow) {
    if (!delivery.shareId) return [];
    try {
      const photos = await findSharePhotos({ db, storage: media, userId: delivery.userId, shareId: delivery.shareId });
      return photos.slice(0, maxLinkedinPhotos);
    } catch (error) {
      throw new LinkedinPublishError(
        'linkedin.errors.photoUpload',
        null,
        `finding the photos: ${(error as Error).message}`,
      );
    }
  }

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
        const photos = await sharePhotos(db, delivery);
        const { postUrn } = await createLinkedinPost({
          apiBase: config.LINKEDIN_API_BASE,
          apiVersion: config.LINKEDIN_API_VERSION,
          accessToken: token.accessToken,
          memberId: token.memberId,
          text: delivery.body,
          photos,
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
        // LinkedIn took the request but named no post, or never answered it: it may be on the profile.
        if (mayHaveArrivedKeys.has(error.key)) return { key: error.key, isPermanent: false, mayHaveArrived: true };
        return { key: error.key, values: error.values, isPermanent: !passingKeys.has(error.key) };
      }
      if (error instanceof AppError) return { key: error.message, values: error.values, isPermanent: true };
      // Anything else broke mid-attempt: the post may or may not be on the profile.
      return { key: 'linkedin.errors.interrupted', isPermanent: false, mayHaveArrived: true };
    },
  };
}
