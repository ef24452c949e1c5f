import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { assertSafeKey, type FileStorage } from './storage';

export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** For S3-compatible services (MinIO, R2, Spaces…); unset = AWS. */
  endpoint?: string;
  /** Unset = the SDK's default credential chain (environment, instance role…). */
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Prefix inside the bucket, e.g. "verification-docs". */
  prefix?: string;
}

/** Private objects in an S3-compatible bucket (no public ACLs; served through our authorised routes). */
export function createS3Storage(config: S3StorageConfig): FileStorage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials:
      config.accessKeyId && config.secretAccessKey
        ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey }
        : undefined,
    // Plain SigV4 payload hashes: S3-compatible services do not all support the newer default checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const objectKey = (key: string) => {
    assertSafeKey(key);
    return config.prefix ? `${config.prefix.replace(/\/+$/, '')}/${key}` : key;
  };
  return {
    kind: 's3',
    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: objectKey(key),
          Body: body,
          ContentType: contentType,
        }),
      );
    },
    async get(key) {
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
        const body = await out.Body!.transformToByteArray();
        return { body, contentType: out.ContentType ?? 'application/octet-stream', size: body.byteLength };
      } catch (err) {
        if (err instanceof NoSuchKey) return null;
        if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: objectKey(key) }));
    },
  };
}
