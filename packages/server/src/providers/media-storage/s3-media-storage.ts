import type * as S3Sdk from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { checkMediaKey, type MediaStorage } from './media-storage.ts';

export type S3Settings = {
  bucket: string;
  region: string;
  endpoint: string | undefined;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  forcePathStyle: boolean;
};

type S3Module = typeof S3Sdk;

/**
 * Media in an S3 bucket (AWS or any S3-compatible store). The SDK is loaded on first use, so a
 * server that never stores a photo does not carry it.
 */
export function createS3MediaStorage(settings: S3Settings): MediaStorage {
  let connection: Promise<{ s3: S3Module; client: S3Sdk.S3Client }> | undefined;
  const connect = () =>
    (connection ??= import('@aws-sdk/client-s3').then((s3) => ({
      s3,
      client: new s3.S3Client({
        region: settings.region,
        endpoint: settings.endpoint,
        forcePathStyle: settings.forcePathStyle,
        credentials:
          settings.accessKeyId && settings.secretAccessKey
            ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
            : undefined,
      }),
    })));
  const Bucket = settings.bucket;

  return {
    async put(key, body, contentType) {
      const { s3, client } = await connect();
      await client.send(
        new s3.PutObjectCommand({ Bucket, Key: checkMediaKey(key), Body: body, ContentType: contentType }),
      );
    },
    async get(key) {
      const { s3, client } = await connect();
      try {
        const answer = await client.send(new s3.GetObjectCommand({ Bucket, Key: checkMediaKey(key) }));
        // In Node the SDK's body is an http.IncomingMessage: a Readable.
        return { body: answer.Body as Readable, bytes: answer.ContentLength };
      } catch (error) {
        if (error instanceof s3.NoSuchKey || (error as { name?: string }).name === 'NotFound') return null;
        throw error;
      }
    },
    async delete(key) {
      const { s3, client } = await connect();
      await client.send(new s3.DeleteObjectCommand({ Bucket, Key: checkMediaKey(key) }));
    },
    async deleteAll(prefix) {
      const { s3, client } = await connect();
      const Prefix = `${checkMediaKey(prefix)}/`;
      // A listing answers at most 1000 keys, and one DeleteObjects call takes at most 1000.
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new s3.ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        const keys = (page.Contents ?? []).flatMap((item) => (item.Key ? [{ Key: item.Key }] : []));
        if (keys.length > 0) {
          await client.send(new s3.DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }));
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async *list(prefix) {
      const { s3, client } = await connect();
      const Prefix = prefix === undefined ? undefined : `${checkMediaKey(prefix)}/`;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new s3.ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        for (const item of page.Contents ?? []) {
          if (item.Key && item.LastModified) yield { key: item.Key, modifiedAt: item.LastModified };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
