import type { EntityManager } from 'typeorm';
import type { PendingConversation } from '../engine/process-batch';
import { ClusteringEngine } from './clustering-engine';
import type { ProcessingRepository } from './processing.repository';

const question = (id: string, body: string): PendingConversation => ({
  id,
  source: 'email',
  parts: [{ role: 'user', body }],
  createdAt: new Date('2026-11-20T00:00:00Z'),
  ingestedAt: new Date('2026-11-20T00:00:00Z'),
});

/** A repository that logs what is asked of it, and whether the organization's lock is held. */
function fakeRepository(waiting: PendingConversation[], embeddings: string | null) {
  const log: string[] = [];
  let locked = false;
  const repository = {
    embeddings: () => (log.push('read setting'), Promise.resolve(embeddings)),
    lock: () => {
      locked = true;
      log.push('lock');
      return Promise.resolve({ version: 'v0', embeddings });
    },
    pending: (_tx: unknown, _org: string, limit: number, only?: string[]) => {
      log.push(only ? `pending of ${only.join(',')}` : 'pending');
      return Promise.resolve(waiting.filter((c) => !only || only.includes(c.id)).slice(0, limit));
    },
    clusters: () => Promise.resolve([]),
    save: () => {
      log.push('save');
      locked = false;
      return Promise.resolve();
    },
  } as unknown as ProcessingRepository;
  return { repository, log, isLocked: () => locked };
}

describe('ClusteringEngine with an embedding endpoint', () => {
  const tx = {} as EntityManager;
  let n = 0;
  const newId = () => `id${++n}`;

  it('calls the endpoint before the batch takes the lock, and the batch uses those vectors', async () => {
    const engine = new ClusteringEngine();
    const { repository, log, isLocked } = fakeRepository(
      [question('a', 'How do I get a refund?'), question('b', 'Why is my custom domain not working?')],
      'local',
    );
    jest.spyOn(engine, 'vectorsFor').mockImplementation(() => {
      log.push(isLocked() ? 'embed under the lock' : 'embed');
      return Promise.resolve({
        space: 'embeddings:local:m',
        dims: engine.featurizer.dims,
        vectorize: (text: string) => engine.featurizer.vectorize(text),
      });
    });

    const prepared = await engine.prepareBatch(tx, repository, 'org', 500);
    const done = await engine.processBatch(tx, repository, 'org', 500, newId, prepared);

    expect(done).toBe(2);
    expect(log).toEqual(['read setting', 'pending', 'embed', 'lock', 'pending of a,b', 'save']);
  });

  it('prepares nothing (no network, no extra read) for an organization on the built-in vectors', async () => {
    const engine = new ClusteringEngine();
    const { repository, log } = fakeRepository([question('a', 'How do I get a refund?')], null);
    const embed = jest.spyOn(engine, 'vectorsFor');
    expect(await engine.prepareBatch(tx, repository, 'org', 500)).toBeUndefined();
    expect(await engine.processBatch(tx, repository, 'org', 500, newId, undefined)).toBe(1);
    expect(log).toEqual(['read setting', 'lock', 'pending', 'save']);
    expect(embed).toHaveBeenCalledTimes(1); // the built-in vectors, under the lock: no network
    expect((await embed.mock.results[0].value).space).toBe('builtin');
  });
});
