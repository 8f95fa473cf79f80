import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  type S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Config } from '#server/config.ts';
import { UPLOADS_URL_PREFIX } from '#shared/picture.ts';
import { isPictureName, UPLOAD_CACHE } from './picture-names.ts';
import type { PictureFiles } from './picture-store.ts';

type S3Settings = NonNullable<Config['s3']>;

/** Keys sit under the same path as the addresses, so a bucket shared with other data stays tidy. */
const keyOf = (name: string) => `uploads/${name}`;

/**
 * Pictures in an S3-compatible bucket, which every instance reads and writes: they share no disk. The
 * app serves them itself at the usual addresses, so the bucket may stay private and pages need no change.
 */
export function s3PictureFiles(settings: S3Settings): PictureFiles {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    // S3-compatible servers (MinIO, Ceph, R2, a local test server) address buckets by path, not host name.
    forcePathStyle: settings.endpoint !== undefined,
    credentials: settings.credentials,
    // Checksums are added only where S3 requires them: several compatible servers refuse the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  return {
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
    async remove(name) {
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: keyOf(name) }));
    },
    async serve(app) {
      app.addHook('onClose', () => client.destroy());
      app.get<{ Params: { name: string } }>(`${UPLOADS_URL_PREFIX}:name`, { schema: { hide: true } }, async (request, reply) => {
        const { name } = request.params;
        const notFound = () => reply.status(404).type('text/plain').send('Not found');
        if (!isPictureName(name)) return notFound();
        try {
          const picture = await client.send(new GetObjectCommand({ Bucket: settings.bucket, Key: keyOf(name) }));
          if (picture.ContentLength !== undefined) reply.header('content-length', picture.ContentLength);
          return reply
            .type(picture.ContentType ?? 'application/octet-stream')
            .header('cache-control', UPLOAD_CACHE)
            .header('x-content-type-options', 'nosniff')
            .send(picture.Body as Readable);
        } catch (error) {
          if (error instanceof NoSuchKey || (error as S3ServiceException).$metadata?.httpStatusCode === 404) return notFound();
          throw error;
        }
      });
    },
  };
}
