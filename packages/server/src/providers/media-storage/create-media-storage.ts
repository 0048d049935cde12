import type { Config } from '../../config.ts';
import { createFileMediaStorage } from './file-media-storage.ts';
import type { MediaStorage } from './media-storage.ts';
import { createS3MediaStorage } from './s3-media-storage.ts';

/** An S3 bucket when S3_BUCKET is set, else files under MEDIA_DIR (default DATA_DIR/media). */
export function createMediaStorage(config: Config): MediaStorage {
  if (!config.S3_BUCKET) return createFileMediaStorage(config.MEDIA_DIR);
  return createS3MediaStorage({
    bucket: config.S3_BUCKET,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  });
}
