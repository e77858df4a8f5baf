import { GetObjectCommand, HeadObjectCommand, NotFound, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { bytesHash } from './file-storage';
import { S3Storage } from './s3-storage';

/**
 * A fake S3 client: an in-memory bucket answering the three commands the backend sends, the way
 * S3 answers them (404 as NotFound for HEAD, NoSuchKey-like 404 for GET). No network.
 */
function fakeS3() {
  const objects = new Map<string, Buffer>();
  const sent: string[] = [];
  const client = {
    send: (command: unknown) => {
      const input = (command as { input: { Bucket: string; Key: string; Body?: Buffer } }).input;
      const key = `${input.Bucket}/${input.Key}`;
      const missing = () => Promise.reject(new NotFound({ message: 'not found', $metadata: { httpStatusCode: 404 } }));
      if (command instanceof HeadObjectCommand) {
        sent.push('head');
        return objects.has(key) ? Promise.resolve({}) : missing();
      }
      if (command instanceof PutObjectCommand) {
        sent.push('put');
        objects.set(key, Buffer.from(input.Body!));
        return Promise.resolve({});
      }
      if (command instanceof GetObjectCommand) {
        sent.push('get');
        const body = objects.get(key);
        return body ? Promise.resolve({ Body: { transformToByteArray: () => Promise.resolve(new Uint8Array(body)) } }) : missing();
      }
      return Promise.reject(new Error('unexpected command'));
    },
  };
  return { client: client as unknown as S3Client, objects, sent };
}

describe('S3Storage (against a fake client)', () => {
  it('puts bytes under sha256/<hash> once and gets them back', async () => {
    const fake = fakeS3();
    const storage = new S3Storage(fake.client, 'bucket');
    const bytes = Buffer.from('s3 bytes');
    const hash = bytesHash(bytes);
    await storage.put(hash, bytes);
    await storage.put(hash, bytes);
    expect([...fake.objects.keys()]).toEqual([`bucket/sha256/${hash}`]);
    expect(fake.sent).toEqual(['head', 'put', 'head']);
    expect((await storage.get(hash))?.equals(bytes)).toBe(true);
  });

  it('answers null for a missing object and refuses keys that are not sha256 digests', async () => {
    const storage = new S3Storage(fakeS3().client, 'bucket');
    expect(await storage.get('1'.repeat(64))).toBeNull();
    await expect(storage.get('x/../y')).rejects.toThrow(/sha256/);
  });
});
