import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
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
    if (await this.exists(hash)) return;
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

  async exists(hash: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: keyOf(hash) }));
      return true;
    } catch (e) {
      if (isMissing(e)) return false;
      throw e;
    }
  }

  async delete(hash: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: keyOf(hash) }));
  }

  async *listWrittenBefore(cutoff: Date): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: PREFIX, ContinuationToken: token }));
      for (const object of page.Contents ?? []) {
        const hash = object.Key?.slice(PREFIX.length) ?? '';
        if (/^[0-9a-f]{64}$/.test(hash) && object.LastModified && object.LastModified < cutoff) yield hash;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}

const PREFIX = 'sha256/';

function keyOf(hash: string): string {
  assertHash(hash);
  return `${PREFIX}${hash}`;
}

function isMissing(e: unknown): boolean {
  if (e instanceof NoSuchKey || e instanceof NotFound) return true;
  const status = (e as { $metadata?: { httpStatusCode?: number } } | null)?.$metadata?.httpStatusCode;
  return status === 404;
}
