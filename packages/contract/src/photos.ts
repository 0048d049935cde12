import { z } from 'zod';
import { idempotencyKeyHeader } from './idea-options.ts';

import { maxPhotoAltLength, maxPhotosPerIdea } from './photo-options.ts';

export * from './photo-options.ts';

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
