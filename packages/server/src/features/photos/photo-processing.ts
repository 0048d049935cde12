import { acceptedPhotoTypes, photoLongSide, thumbnailLongSide } from '@life-updates/contract/photos';
import { fileTypeFromBuffer } from 'file-type';
import type { Sharp, SharpOptions } from 'sharp';
import { AppError } from '../../lib/app-error.ts';

type SharpFactory = (input: Buffer, options?: SharpOptions) => Sharp;

let sharpLoaded: Promise<SharpFactory> | undefined;

/**
 * sharp (libvips) is loaded on the first photo, not at start-up: a server whose users never add a
 * photo keeps its memory (docs/benchmarks.md, Photos). Its operation cache is off: photos come one
 * at a time, and a cache would only hold memory between them.
 */
export function loadSharp(): Promise<SharpFactory> {
  sharpLoaded ??= import('sharp').then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return sharpLoaded;
}

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
const unreadable = () => new AppError({ status: 400, code: 'UNREADABLE_PHOTO', message: 'photos.errors.unreadable' });

/** The photo's type by its first bytes; anything but the accepted image types (SVG, text, a PDF) is refused. */
async function recogniseType(input: Buffer): Promise<string> {
  const type = await fileTypeFromBuffer(input);
  if (!type || !(acceptedPhotoTypes as readonly string[]).includes(type.mime)) throw unsupportedType();
  return type.mime;
}

/**
 * Makes the stored image and its thumbnail from an upload: turned the right way up by its EXIF
 * orientation, then every piece of metadata dropped (EXIF with GPS, XMP, IPTC, the ICC profile once
 * the pixels are in sRGB: sharp's default output keeps none), at most photoLongSide px on its long
 * side (never enlarged), as JPEG on white (a transparent PNG has no black background). An animated
 * GIF or WebP keeps its first frame. A damaged or cut-off file is refused, not stored half grey.
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  const mime = await recogniseType(input);
  const sharp = await loadSharp();
  try {
    const { data: image, info } = await sharp(input, { failOn: 'warning' })
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
    if (error instanceof AppError) throw error;
    // libheif as shipped with sharp reads AVIF but not HEVC-coded HEIC (a patent-encumbered codec).
    if (mime === 'image/heic' || mime === 'image/heif') throw heicUnsupported();
    throw unreadable();
  }
}
