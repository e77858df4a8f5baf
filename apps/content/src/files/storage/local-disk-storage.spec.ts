import { mkdtemp, readdir, rm } from 'node:fs/promises';
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
});
