import type { ConversationsRepository } from './conversations.repository';
import { ProcessingTrigger, SWEEP_EVERY_MS, SWEEP_IDLE_MAX_MS } from './processing-trigger';

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

  describe('sweeping on a schedule (fake timers)', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('backs off while sweeps find nothing, and sweeps often again after an ingestion or a find', async () => {
      const waiting: string[] = [];
      const { repository, waitingSince } = fakeRepository(waiting);
      const trigger = new ProcessingTrigger(repository);
      trigger.onApplicationBootstrap();
      const gaps: number[] = [];
      for (let i = 0; i < 6; i++) {
        gaps.push(trigger.sweepGapMs);
        await jest.advanceTimersByTimeAsync(trigger.sweepGapMs);
      }
      expect(waitingSince).toHaveLength(6);
      expect(gaps).toEqual([
        SWEEP_EVERY_MS,
        2 * SWEEP_EVERY_MS,
        4 * SWEEP_EVERY_MS,
        8 * SWEEP_EVERY_MS,
        SWEEP_IDLE_MAX_MS,
        SWEEP_IDLE_MAX_MS,
      ]);
      // An ingestion here: the next sweep comes SWEEP_EVERY_MS later, not after the idle gap.
      await trigger.ingested('org-a');
      expect(trigger.sweepGapMs).toBe(SWEEP_EVERY_MS);
      await jest.advanceTimersByTimeAsync(SWEEP_EVERY_MS);
      expect(waitingSince).toHaveLength(7);
      // A sweep that finds conversations waiting keeps the short gap.
      waiting.push('org-b');
      await jest.advanceTimersByTimeAsync(2 * SWEEP_EVERY_MS);
      expect(trigger.sweepGapMs).toBe(SWEEP_EVERY_MS);
      trigger.onApplicationShutdown();
      const swept = waitingSince.length;
      await jest.advanceTimersByTimeAsync(2 * SWEEP_IDLE_MAX_MS);
      expect(waitingSince).toHaveLength(swept);
    });
  });
});
