import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bytesHash } from './file-storage';
import { LocalDiskStorage } from './local-disk-storage';

describe('LocalDiskStorage', () => {
  let root: string;
  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'bindery-files-'));
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('stores bytes under their sha256 and reads them back', async () => {
    const storage = new LocalDiskStorage(root);
    const bytes = Buffer.from('hello files');
    const hash = bytesHash(bytes);
    expect(hash).toBe('6e5bc8df28cfac06658769974f895070db24676563ebc1ae17fb961f5da4d5e9');
    await storage.put(hash, bytes);
    expect((await storage.get(hash))?.equals(bytes)).toBe(true);
  });

  it('writes a hash once, even when put concurrently, and leaves no temporary files', async () => {
    const storage = new LocalDiskStorage(root);
    const bytes = Buffer.alloc(100_000, 7);
    const hash = bytesHash(bytes);
    await Promise.all(Array.from({ length: 5 }, () => storage.put(hash, bytes)));
    const dir = join(root, 'sha256', hash.slice(0, 2), hash.slice(2, 4));
    expect(await readdir(dir)).toEqual([hash]);
    expect((await storage.get(hash))?.equals(bytes)).toBe(true);
  });

  it('answers null for bytes never stored and refuses keys that are not sha256 digests', async () => {
    const storage = new LocalDiskStorage(root);
    expect(await storage.get('0'.repeat(64))).toBeNull();
    await expect(storage.get('../../etc/passwd')).rejects.toThrow(/sha256/);
    await expect(storage.put('ABC', Buffer.from('x'))).rejects.toThrow(/sha256/);
  });

  it('lists only the bytes written before a cutoff, never temporary files, and deletes by hash', async () => {
    const storage = new LocalDiskStorage(root);
    const old = Buffer.from('old bytes');
    const fresh = Buffer.from('fresh bytes');
    await storage.put(bytesHash(old), old);
    await storage.put(bytesHash(fresh), fresh);
    const dir = join(root, 'sha256', bytesHash(old).slice(0, 2), bytesHash(old).slice(2, 4));
    const lastWeek = new Date(Date.now() - 7 * 86_400_000);
    await utimes(join(dir, bytesHash(old)), lastWeek, lastWeek);
    await writeFile(join(dir, `.${bytesHash(old)}.abc.tmp`), 'partial');

    const listed: string[] = [];
    for await (const hash of storage.listWrittenBefore(new Date(Date.now() - 86_400_000))) listed.push(hash);
    expect(listed).toEqual([bytesHash(old)]);

    expect(await storage.exists(bytesHash(old))).toBe(true);
    await storage.delete(bytesHash(old));
    await storage.delete(bytesHash(old)); // absent: no error
    expect(await storage.exists(bytesHash(old))).toBe(false);
    expect(await storage.get(bytesHash(fresh))).not.toBeNull();
  });

  it('lists nothing before anything was stored', async () => {
    const listed: string[] = [];
    for await (const hash of new LocalDiskStorage(join(root, 'empty')).listWrittenBefore(new Date())) listed.push(hash);
    expect(listed).toEqual([]);
  });
});
