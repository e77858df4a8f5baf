import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
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

  exists(hash: string): Promise<boolean> {
    return exists(this.pathOf(hash));
  }

  async delete(hash: string): Promise<void> {
    await rm(this.pathOf(hash), { force: true });
  }

  async *listWrittenBefore(cutoff: Date): AsyncIterable<string> {
    const top = join(this.root, 'sha256');
    for (const a of await entries(top)) {
      for (const b of await entries(join(top, a))) {
        for (const name of await entries(join(top, a, b))) {
          // Temporary files of writes in progress start with "." and are never listed.
          if (!/^[0-9a-f]{64}$/.test(name)) continue;
          const info = await stat(join(top, a, b, name)).catch(() => undefined);
          if (info && info.mtime < cutoff) yield name;
        }
      }
    }
  }

  private pathOf(hash: string): string {
    assertHash(hash);
    return join(this.root, 'sha256', hash.slice(0, 2), hash.slice(2, 4), hash);
  }
}

/** Names in a directory; none when it does not exist (nothing stored there yet). */
async function entries(dir: string): Promise<string[]> {
  try {
    return await readdir(dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw e;
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
