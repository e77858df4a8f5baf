import { S3Client } from '@aws-sdk/client-s3';
import { join } from 'node:path';
import type { ContentEnv } from '../../config/content.env';
import type { FileStorage } from './file-storage';
import { LocalDiskStorage } from './local-disk-storage';
import { S3Storage } from './s3-storage';

/** The storage backend the (already validated) environment selects. */
export function storageFromEnv(env: ContentEnv): FileStorage {
  if (env.FILE_STORAGE !== 's3') return new LocalDiskStorage(join(env.BINDERY_DATA_DIR, 'blobs'));
  const client = new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    forcePathStyle: env.S3_FORCE_PATH_STYLE !== 'false',
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY! },
  });
  return new S3Storage(client, env.S3_BUCKET!);
}
