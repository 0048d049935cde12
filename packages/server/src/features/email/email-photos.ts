import type { InlineImage } from '../../providers/email/email-transport.ts';
import { runImageJob } from '../photos/image-queue.ts';
import type { OutgoingPhoto } from '../photos/photos-service.ts';

/*
 * The photos of a share in its emails: as many as fit go inline (`cid:` images under the text), the
 * rest as links. The limits keep a mail well within what receiving systems take (each has its own
 * limit; Gmail's is 25 MB), counting that images grow by a third in Base64: ten 1 MB images make a
 * message of about 13.5 MB (docs/benchmarks.md, Photos).
 */

/** The most one inline image may weigh: a larger stored image is made smaller first. */
export const maxInlinePhotoBytes = 1024 * 1024;
/** The most the inline images of one mail may weigh together; the photos beyond go as links. */
export const maxInlineBytesPerEmail = 10 * 1024 * 1024;

/** A photo of the share as one email shows it. */
export type EmailPhoto = {
  /** Place among the share's photos, from 1 (for a photo without alt text: "Photo 2"). */
  number: number;
  alt: string | null;
} & ({ kind: 'inline'; image: InlineImage; width: number; height: number } | { kind: 'link'; photoId: string });

/**
 * The image within `limit` bytes: as stored when it is, else re-encoded smaller. JPEG's size follows
 * the pixel count, so each try scales the long side by the square root of the excess (and 5% more),
 * from the stored image, until it fits.
 */
export async function fitImage(
  image: Buffer,
  { width, height, limit = maxInlinePhotoBytes }: { width: number; height: number; limit?: number },
): Promise<{ content: Buffer; width: number; height: number }> {
  if (image.length <= limit) return { content: image, width, height };
  let fitted = { content: image, width, height };
  let longSide = Math.max(width, height);
  for (let attempt = 0; attempt < 8 && fitted.content.length > limit; attempt += 1) {
    longSide = Math.max(64, Math.floor(longSide * Math.sqrt(limit / fitted.content.length) * 0.95));
    const { data, info } = await runImageJob(
      (sharp) =>
        sharp(image)
          .resize({ width: longSide, height: longSide, fit: 'inside', withoutEnlargement: true })
          .jpeg({ quality: 80 })
          .toBuffer({ resolveWithObject: true }),
      { uploadedBy: null },
    );
    fitted = { content: data, width: info.width, height: info.height };
  }
  if (fitted.content.length > limit) throw new Error(`photo could not be made smaller than ${limit} bytes`);
  return fitted;
}

/**
 * The share's photos for its emails, in the share's order: each read from storage (on every
 * attempt: a retry sends what is stored then), made to fit `maxInlinePhotoBytes`, and inline while
 * the mail's images stay within `maxInlineBytesPerEmail`; a photo that would pass it goes as a link
 * (a later, smaller one may still fit). Content-IDs and file names come from the photo, so a retry
 * builds the same message.
 */
export async function prepareEmailPhotos(photos: readonly OutgoingPhoto[]): Promise<EmailPhoto[]> {
  const prepared: EmailPhoto[] = [];
  let inlineBytes = 0;
  for (const [index, photo] of photos.entries()) {
    const number = index + 1;
    // A stored image within the per-image limit is known to weigh `bytes`: one that cannot fit is not read.
    const isTooLargeAsStored = photo.bytes <= maxInlinePhotoBytes && inlineBytes + photo.bytes > maxInlineBytesPerEmail;
    if (isTooLargeAsStored) {
      prepared.push({ kind: 'link', number, alt: photo.alt, photoId: photo.id });
      continue;
    }
    const fitted = await fitImage(await photo.read(), { width: photo.width, height: photo.height });
    if (inlineBytes + fitted.content.length > maxInlineBytesPerEmail) {
      prepared.push({ kind: 'link', number, alt: photo.alt, photoId: photo.id });
      continue;
    }
    inlineBytes += fitted.content.length;
    prepared.push({
      kind: 'inline',
      number,
      alt: photo.alt,
      width: fitted.width,
      height: fitted.height,
      image: {
        contentId: `photo-${photo.id}@life-updates`,
        filename: `photo-${number}.jpg`,
        // Stored as JPEG, and re-encoded as JPEG when made smaller.
        contentType: 'image/jpeg',
        content: fitted.content,
      },
    });
  }
  return prepared;
}
