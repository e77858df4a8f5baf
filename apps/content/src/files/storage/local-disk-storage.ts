import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { assertHash, type FileStorage } from './file-storage';

/**
 * Bytes as files under a directory, fanned out by the hash's first two bytes so no directory
 * grows huge. A write goes to a temporary name first and is renamed into place: a reader never
 * sees half a file, and a crash leaves only a stray temporary file.
 */
export class LocalDiskStorage implements FileStorage {
  constructor(private readonly root: string) {}

  async put(hash: string, bytes: Buffer): Promise<void> {
    const path = this.pathOf(hash);
    if (await exists(path)) return;
    const dir = join(path, '..');
    await mkdir(dir, { recursive: true });
    const temp = join(dir, `.${hash}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await writeFile(temp, bytes, { flag: 'wx' });
      await rename(temp, path);
    } finally {
      await rm(temp, { force: true });
    }
  }

  async get(hash: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(hash));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  private pathOf(hash: string): string {
    assertHash(hash);
    return join(this.root, 'sha256', hash.slice(0, 2), hash.slice(2, 4), hash);
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}
