import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Config } from '#server/config.ts';
import { UPLOADS_URL_PREFIX } from '#shared/picture.ts';
import { isPictureName, UPLOAD_CACHE } from './picture-names.ts';
import type { PictureFiles, StoredFiles } from './picture-store.ts';

type S3Settings = NonNullable<Config['s3']>;

function s3ClientFor(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    // S3-compatible servers (MinIO, Ceph, R2, a local test server) address buckets by path, not host name.
    forcePathStyle: settings.endpoint !== undefined,
    credentials: settings.credentials,
    // Checksums are added only where S3 requires them: several compatible servers refuse the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/**
 * Files in an S3-compatible bucket under `<folder>/`, which every instance reads and writes: they share
 * no disk. Keys sit under a folder so a bucket shared with other data stays tidy.
 */
export function s3Files(
  settings: S3Settings,
  folder: string,
): StoredFiles & { client: S3Client; fetch(name: string): Promise<GetObjectCommandOutput | undefined> } {
  const client = s3ClientFor(settings);
  const keyOf = (name: string) => `${folder}/${name}`;
  const fetch = async (name: string) => {
    if (!isPictureName(name)) return undefined;
    try {
      return await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: keyOf(name) }));
    } catch (error) {
      if (error instanceof NoSuchKey || (error as S3ServiceException).$metadata?.httpStatusCode === 404) return undefined;
      throw error;
    }
  };
  return {
    client,
    fetch,
    async put(name, bytes) {
      await client.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: keyOf(name),
          Body: bytes,
          ContentType: 'image/webp',
          CacheControl: UPLOAD_CACHE,
        }),
      );
    },
    async read(name) {
      const object = await fetch(name);
      return object?.Body ? Buffer.from(await object.Body.transformToByteArray()) : undefined;
    },
    async remove(name) {
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: keyOf(name) }));
    },
  };
}

/**
 * Pictures in the bucket under `uploads/`. The app serves them itself at the usual addresses, so the
 * bucket may stay private and pages need no change.
 */
export function s3PictureFiles(settings: S3Settings): PictureFiles {
  const { client, fetch, ...files } = s3Files(settings, 'uploads');
  return {
    ...files,
    async serve(app) {
      app.addHook('onClose', () => client.destroy());
      app.get<{ Params: { name: string } }>(`${UPLOADS_URL_PREFIX}:name`, { schema: { hide: true } }, async (request, reply) => {
        const picture = await fetch(request.params.name);
        if (!picture) return reply.status(404).type('text/plain').send('Not found');
        if (picture.ContentLength !== undefined) reply.header('content-length', picture.ContentLength);
        return reply
          .type(picture.ContentType ?? 'application/octet-stream')
          .header('cache-control', UPLOAD_CACHE)
          .header('x-content-type-options', 'nosniff')
          .send(picture.Body as Readable);
      });
    },
  };
}
