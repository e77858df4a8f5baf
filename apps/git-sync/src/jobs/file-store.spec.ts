import type { RequestContext } from '@bindery/contracts';
import type { ServiceClient } from '@bindery/platform';
import { FileStore } from './file-store';

const ctx = { requestId: 'r1', caller: { userId: 'u1', tokenId: 't1' } } as RequestContext;

describe('FileStore', () => {
  it('stores each distinct blob once, across paths and calls, and gives its hash', async () => {
    const sent: string[] = [];
    const content = {
      send: jest.fn((_subject: string, _ctx: RequestContext, data: { files: Array<{ base64: string }> }) => {
        const texts = data.files.map((f) => Buffer.from(f.base64, 'base64').toString());
        sent.push(...texts);
        return Promise.resolve({ hashes: texts.map((t) => `hash-of-${t}`) });
      }),
    } as unknown as ServiceClient;
    const read = jest.fn((oids: string[]) => Promise.resolve(new Map(oids.map((oid) => [oid, Buffer.from(`bytes ${oid}`)]))));
    const store = new FileStore(content, ctx, 's1', read);
    // The same image under two paths (one blob), then the assets again with a linked file.
    await store.store([
      { oid: 'a', size: 1 },
      { oid: 'a', size: 1 },
      { oid: 'b', size: 1 },
    ]);
    await store.store([
      { oid: 'b', size: 1 },
      { oid: 'c', size: 1 },
    ]);
    expect(sent).toEqual(['bytes a', 'bytes b', 'bytes c']);
    await expect(store.hashOf('a')).resolves.toBe('hash-of-bytes a');
    await expect(store.hashOf('c')).resolves.toBe('hash-of-bytes c');
  });

  it('gives the failure of a blob that could not be stored', async () => {
    const content = { send: jest.fn(() => Promise.reject(new Error('disk full'))) } as unknown as ServiceClient;
    const store = new FileStore(content, ctx, 's1', (oids) => Promise.resolve(new Map(oids.map((oid) => [oid, Buffer.from(oid)]))));
    await store.store([{ oid: 'a', size: 1 }]);
    await expect(store.hashOf('a')).rejects.toThrow('disk full');
  });
});
