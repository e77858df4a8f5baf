import type { ConversationsRepository } from './conversations.repository';
import { ProcessingTrigger, SWEEP_EVERY_MS } from './processing-trigger';

function fakeRepository(waiting: string[] = []) {
  const queued: Array<[string, string]> = [];
  const waitingSince: Date[] = [];
  const repository = {
    queueProcessing: (organizationId: string, jobId: string) => {
      queued.push([organizationId, jobId]);
      return Promise.resolve();
    },
    waitingSince: (before: Date) => {
      waitingSince.push(before);
      return Promise.resolve(waiting);
    },
  } as unknown as ConversationsRepository;
  return { repository, queued, waitingSince };
}

describe('ProcessingTrigger', () => {
  it('queues one job per organization and window, however many ingestions the window has', async () => {
    const { repository, queued } = fakeRepository();
    const trigger = new ProcessingTrigger(repository);
    const t = 1_800_000_000_000;
    for (let i = 0; i < 50; i++) await trigger.ingested('org-a', t + i * 10);
    await trigger.ingested('org-b', t + 20);
    await trigger.ingested('org-a', t + 1000);
    expect(queued).toEqual([
      ['org-a', 'conversations-process-org-a-ingest-1800000000'],
      ['org-b', 'conversations-process-org-b-ingest-1800000000'],
      ['org-a', 'conversations-process-org-a-ingest-1800000001'],
    ]);
  });

  it('does not fail an ingestion whose job could not be queued, and tries again on the next one', async () => {
    const { repository, queued } = fakeRepository();
    let fail = true;
    const original = repository.queueProcessing.bind(repository);
    repository.queueProcessing = async (organizationId, jobId) => {
      if (fail) throw new Error('database away');
      await original(organizationId, jobId);
    };
    const trigger = new ProcessingTrigger(repository);
    await expect(trigger.ingested('org-a', 5000)).resolves.toBeUndefined();
    fail = false;
    await trigger.ingested('org-a', 5001);
    expect(queued).toEqual([['org-a', 'conversations-process-org-a-ingest-5']]);
  });

  it('sweeps: queues a job for every organization with conversations waiting longer than the sweep period', async () => {
    const { repository, queued, waitingSince } = fakeRepository(['org-a', 'org-b']);
    const trigger = new ProcessingTrigger(repository);
    await trigger.sweep(10_000);
    expect(waitingSince).toEqual([new Date(10_000 - SWEEP_EVERY_MS)]);
    expect(queued).toEqual([
      ['org-a', 'conversations-process-org-a-sweep-10'],
      ['org-b', 'conversations-process-org-b-sweep-10'],
    ]);
  });
});
