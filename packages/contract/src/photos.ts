import { z } from 'zod';
import { idempotencyKeyHeader } from './idea-options.ts';

/** Photos on an idea: at most this many per idea. */
export const maxPhotosPerIdea = 10;
/** The largest file accepted, before processing: the upload is cut off as soon as it passes this. */
export const maxPhotoBytes = 20 * 1024 * 1024;
export const maxPhotoMegabytes = maxPhotoBytes / 1024 / 1024;
/** Alt text, for people who cannot see the picture. */
export const maxPhotoAltLength = 300;
/** The stored image is at most this many pixels on its long side (never enlarged). */
export const photoLongSide = 2048;
/** The thumbnail: at most this many pixels on its long side. */
export const thumbnailLongSide = 400;

/**
 * What the server recognises by a file's first bytes (never its name or the browser's word).
 * HEIC/HEIF is accepted when the server's image library can decode it.
 */
export const acceptedPhotoTypes = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/avif',
  'image/gif',
  'image/heic',
  'image/heif',
] as const;

export const photoSchema = z.object({
  id: z.string(),
  ideaId: z.string(),
  /** 0 first: the order the photos are shown and sent in. */
  position: z.number().int(),
  alt: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  /** The full image (at most photoLongSide px on its long side), for its owner only. */
  url: z.string(),
  /** The thumbnail (at most thumbnailLongSide px on its long side). */
  thumbnailUrl: z.string(),
});
export type Photo = z.infer<typeof photoSchema>;

export const photoListSchema = z.object({ photos: z.array(photoSchema) });
export type PhotoList = z.infer<typeof photoListSchema>;

/**
 * An upload's optional Idempotency-Key (`idempotencyKeyHeader`, idea-options.ts), for an upload of
 * one photo: a UUID made on the device for that photo, so a retried upload stores it once.
 */
export const uploadPhotosHeadersSchema = z.object({
  [idempotencyKeyHeader]: z.uuid('photos.errors.idempotencyKey').optional(),
});

export const photoIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

/** Alt text: an empty one removes it. */
export const updatePhotoSchema = z.object({
  alt: z
    .string()
    .trim()
    .max(maxPhotoAltLength, { message: 'photos.errors.altTooLong' })
    .nullable()
    .transform((value) => (value === '' ? null : value)),
});
export type UpdatePhoto = z.input<typeof updatePhotoSchema>;

/** The idea's photos in their new order: every one of them, once each. */
export const reorderPhotosSchema = z.object({
  photoIds: z
    .array(z.uuid())
    .min(1)
    .max(maxPhotosPerIdea)
    .refine((ids) => new Set(ids).size === ids.length, { message: 'photos.errors.orderMismatch' }),
});
export type ReorderPhotos = z.infer<typeof reorderPhotosSchema>;

/** A link to one photo of a share that did not fit in its email: the signed token is the credential. */
export const photoLinkParamsSchema = z.object({ token: z.string().min(1).max(100) });
