import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NotFound,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { bytesHash } from './file-storage';
import { S3Storage } from './s3-storage';

/**
 * A fake S3 client: an in-memory bucket answering the commands the backend sends, the way S3
 * answers them (404 as NotFound for HEAD, NoSuchKey-like 404 for GET, listings in pages of
 * `pageSize` with a continuation token). No network.
 */
function fakeS3(pageSize = 1000) {
  const objects = new Map<string, Buffer>();
  const written = new Map<string, Date>();
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
        written.set(key, new Date());
        return Promise.resolve({});
      }
      if (command instanceof DeleteObjectCommand) {
        sent.push('delete');
        objects.delete(key);
        return Promise.resolve({});
      }
      if (command instanceof ListObjectsV2Command) {
        sent.push('list');
        const { Prefix = '', ContinuationToken } = command.input;
        const keys = [...objects.keys()]
          .filter((k) => k.startsWith(`${input.Bucket}/${Prefix}`))
          .sort()
          .map((k) => k.slice(input.Bucket.length + 1));
        const from = ContinuationToken ? Number(ContinuationToken) : 0;
        const page = keys.slice(from, from + pageSize);
        const more = from + pageSize < keys.length;
        return Promise.resolve({
          Contents: page.map((Key) => ({ Key, LastModified: written.get(`${input.Bucket}/${Key}`) })),
          IsTruncated: more,
          NextContinuationToken: more ? String(from + pageSize) : undefined,
        });
      }
      if (command instanceof GetObjectCommand) {
        sent.push('get');
        const body = objects.get(key);
        return body ? Promise.resolve({ Body: { transformToByteArray: () => Promise.resolve(new Uint8Array(body)) } }) : missing();
      }
      return Promise.reject(new Error('unexpected command'));
    },
  };
  return { client: client as unknown as S3Client, objects, written, sent };
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

  it('lists the objects written before a cutoff across listing pages, and deletes by hash', async () => {
    const fake = fakeS3(2);
    const storage = new S3Storage(fake.client, 'bucket');
    const hashes: string[] = [];
    for (const text of ['a', 'b', 'c', 'd', 'e']) {
      const bytes = Buffer.from(text);
      hashes.push(bytesHash(bytes));
      await storage.put(bytesHash(bytes), bytes);
    }
    const lastWeek = new Date(Date.now() - 7 * 86_400_000);
    for (const hash of hashes.slice(0, 3)) fake.written.set(`bucket/sha256/${hash}`, lastWeek);
    fake.objects.set('bucket/other/thing', Buffer.from('not ours'));

    const listed: string[] = [];
    for await (const hash of storage.listWrittenBefore(new Date(Date.now() - 86_400_000))) listed.push(hash);
    expect(listed.sort()).toEqual(hashes.slice(0, 3).sort());
    expect(fake.sent.filter((c) => c === 'list').length).toBe(3);

    await storage.delete(hashes[0]);
    expect(await storage.exists(hashes[0])).toBe(false);
    expect(await storage.exists(hashes[1])).toBe(true);
  });
});
