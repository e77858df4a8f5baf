import { GetObjectCommand, HeadObjectCommand, NoSuchKey, NotFound, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { assertHash, type FileStorage } from './file-storage';

/** Bytes as objects of an S3-compatible bucket (AWS S3, MinIO, Ceph …), keyed by their hash. */
export class S3Storage implements FileStorage {
  constructor(
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  async put(hash: string, bytes: Buffer): Promise<void> {
    const Key = keyOf(hash);
    // Written once: an object already there holds the same bytes, by construction of the key.
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key }));
      return;
    } catch (e) {
      if (!isMissing(e)) throw e;
    }
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key, Body: bytes, ContentLength: bytes.length }));
  }

  async get(hash: string): Promise<Buffer | null> {
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: keyOf(hash) }));
      if (!out.Body) return null;
      return Buffer.from(await out.Body.transformToByteArray());
    } catch (e) {
      if (isMissing(e)) return null;
      throw e;
    }
  }
}

function keyOf(hash: string): string {
  assertHash(hash);
  return `sha256/${hash}`;
}

function isMissing(e: unknown): boolean {
  if (e instanceof NoSuchKey || e instanceof NotFound) return true;
  const status = (e as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
  return status === 404;
}
