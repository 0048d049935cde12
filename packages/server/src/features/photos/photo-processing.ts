import {
  acceptedPhotoTypes,
  maxPhotoMegapixels,
  photoLongSide,
  thumbnailLongSide,
} from '@life-updates/contract/photos';
import { fileTypeFromBuffer } from 'file-type';
import { AppError } from '../../lib/app-error.ts';
import { readImageHeader, runImageJob } from './image-queue.ts';

/** Every photo is stored as JPEG: what every email client and Telegram shows (decision in docs/benchmarks.md, Photos). */
const storedPhotoType = 'image/jpeg';

export type ProcessedPhoto = {
  image: Buffer;
  thumbnail: Buffer;
  width: number;
  height: number;
  contentType: typeof storedPhotoType;
};

const unsupportedType = () =>
  new AppError({ status: 400, code: 'UNSUPPORTED_PHOTO_TYPE', message: 'photos.errors.unsupportedType' });
const heicUnsupported = () =>
  new AppError({ status: 400, code: 'HEIC_UNSUPPORTED', message: 'photos.errors.heicUnsupported' });
const tooManyPixels = () =>
  new AppError({
    status: 413,
    code: 'PHOTO_TOO_MANY_PIXELS',
    message: 'photos.errors.tooManyPixels',
    values: { limit: maxPhotoMegapixels },
  });
const unreadable = () => new AppError({ status: 400, code: 'UNREADABLE_PHOTO', message: 'photos.errors.unreadable' });

/** The photo's type by its first bytes; anything but the accepted image types (SVG, text, a PDF) is refused. */
async function recogniseType(input: Buffer): Promise<string> {
  const type = await fileTypeFromBuffer(input);
  if (!type || !(acceptedPhotoTypes as readonly string[]).includes(type.mime)) throw unsupportedType();
  return type.mime;
}

/**
 * The most pixels a photo may have. sharp's own default (16,383 × 16,383, 268 megapixels) lets a
 * 1 MB PNG of one colour make libvips decode a gigabyte of pixels; the largest phone and camera
 * photos are about 100 megapixels, which their owners can still add.
 */
const maxPhotoPixels = maxPhotoMegapixels * 1_000_000;

/**
 * Makes the stored image and its thumbnail from an upload: turned the right way up by its EXIF
 * orientation, then every piece of metadata dropped (EXIF with GPS, XMP, IPTC, the ICC profile once
 * the pixels are in sRGB: sharp's default output keeps none), at most photoLongSide px on its long
 * side (never enlarged), as JPEG on white (a transparent PNG has no black background). An animated
 * GIF or WebP keeps its first frame. A damaged or cut-off file is refused, not stored half grey, and
 * so is one of more than maxPhotoMegapixels, by its header, before any pixel is decoded. The work
 * waits its turn in the image queue; `uploadedBy` is the user of an upload request, null for
 * background work (image-queue.ts).
 */
export async function processPhoto(
  input: Buffer,
  { uploadedBy }: { uploadedBy: string | null },
): Promise<ProcessedPhoto> {
  const mime = await recogniseType(input);
  const refusal = (error: unknown): AppError => {
    if (error instanceof AppError) return error;
    // libheif as shipped with sharp reads AVIF but not HEVC-coded HEIC (a patent-encumbered codec).
    if (mime === 'image/heic' || mime === 'image/heif') return heicUnsupported();
    return unreadable();
  };
  // The header alone, outside the queue: an image over the limit is refused at once and never
  // takes a turn from other people's photos.
  const { width = 0, height = 0 } = await readImageHeader(input).catch((error: unknown) => {
    throw refusal(error);
  });
  if (width * height > maxPhotoPixels) throw tooManyPixels();
  return runImageJob(
    async (sharp) => {
      try {
        const { data: image, info } = await sharp(input, { failOn: 'warning', limitInputPixels: maxPhotoPixels })
          .rotate()
          .resize({ width: photoLongSide, height: photoLongSide, fit: 'inside', withoutEnlargement: true })
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 82 })
          .toBuffer({ resolveWithObject: true });
        const thumbnail = await sharp(image)
          .resize({ width: thumbnailLongSide, height: thumbnailLongSide, fit: 'inside', withoutEnlargement: true })
          .jpeg({ quality: 76 })
          .toBuffer();
        return { image, thumbnail, width: info.width, height: info.height, contentType: storedPhotoType };
      } catch (error) {
        throw refusal(error);
      }
    },
    { uploadedBy },
  );
}
