import { defineJob, type JobContext, PermanentJobError } from './job';
import type { JobRecorder } from './job-store';
import { type JobDelivery, type RunJobContext, runJob } from './run-job';

/** A delivery that records what the runner did with it. */
function delivery(attempt = 1, body: unknown = { jobId: 'job-1', payload: { n: 1 } }) {
  const calls: string[] = [];
  const d: JobDelivery & { calls: string[] } = {
    calls,
    attempt,
    json: () => body,
    working: () => void calls.push('working'),
    ack: () => (calls.push('ack'), Promise.resolve()),
    nak: (ms) => void calls.push(`nak ${ms}`),
    term: () => void calls.push('term'),
  };
  return d;
}

/** `queuedAgain`: the job's row was queued again while it ran, so neither its success nor its failure is recorded. */
function recorder(alreadySucceeded = false, queuedAgain = false) {
  const calls: string[] = [];
  const r: JobRecorder & { calls: string[] } = {
    calls,
    start: (job, attempt) => (calls.push(`start ${job.id} ${attempt}`), Promise.resolve(!alreadySucceeded)),
    progress: (_, fraction, message) => (calls.push(`progress ${fraction} ${message}`), Promise.resolve()),
    heartbeat: () => (calls.push('heartbeat'), Promise.resolve()),
    succeed: (_, worker) => (calls.push(worker === 'w' ? 'succeed' : `succeed as ${worker}`), Promise.resolve(!queuedAgain)),
    requeue: (_, error) => (calls.push(`requeue ${error}`), Promise.resolve()),
    fail: (_, error) => (calls.push(`fail ${error}`), Promise.resolve(!queuedAgain)),
  };
  return r;
}

function context(rec: JobRecorder, overrides: Partial<RunJobContext> = {}) {
  const deadLetters: string[] = [];
  const republished: string[] = [];
  const shutdown = new AbortController();
  const graceOver = new AbortController();
  const ctx: RunJobContext = {
    recorder: rec,
    worker: 'w',
    shutdown: shutdown.signal,
    graceOver: graceOver.signal,
    heartbeatMs: 1000,
    random: () => 0,
    deadLetter: (error) => (deadLetters.push(error), Promise.resolve()),
    republish: () => (republished.push('republish'), Promise.resolve()),
    ...overrides,
  };
  return { ctx, deadLetters, republished, shutdown, graceOver };
}

const job = (handle: (payload: { n: number }, ctx: JobContext) => Promise<void>, maxAttempts = 3) =>
  defineJob<{ n: number }>({ type: 'test.job', maxAttempts, backoff: { initialMs: 100, maxMs: 1000 }, handle });

describe('runJob', () => {
  it('records the run, then the success, then acks', async () => {
    const rec = recorder();
    const d = delivery();
    const seen: unknown[] = [];
    const outcome = await runJob(
      d,
      job((payload, ctx) => (seen.push(payload, ctx.jobId, ctx.attempt), Promise.resolve())),
      context(rec).ctx,
    );
    expect(outcome).toBe('succeeded');
    expect(seen).toEqual([{ n: 1 }, 'job-1', 1]);
    expect(rec.calls).toEqual(['start job-1 1', 'succeed']);
    expect(d.calls).toEqual(['ack']);
  });

  it('records the success as the delivery that ran it (the worker token it started with)', async () => {
    const rec = recorder();
    await runJob(
      delivery(),
      job(() => Promise.resolve()),
      context(rec, { worker: 'content-worker@host:1#7' }).ctx,
    );
    expect(rec.calls).toEqual(['start job-1 1', 'succeed as content-worker@host:1#7']);
  });

  it('publishes the job again, then acks, when it was queued again while it ran (its success is not recorded)', async () => {
    const d = delivery();
    const { ctx, republished } = context(recorder(false, true));
    const order: string[] = [];
    ctx.republish = () => (order.push('republish'), republished.push('republish'), Promise.resolve());
    const ack = d.ack;
    d.ack = () => (order.push('ack'), ack());
    expect(
      await runJob(
        d,
        job(() => Promise.resolve()),
        ctx,
      ),
    ).toBe('queued-again');
    // Published before the ack: a crash in between leaves the old message to run, not none.
    expect(order).toEqual(['republish', 'ack']);
  });

  it('retries later (the message is not acked) when the job queued again cannot be published', async () => {
    const d = delivery();
    const { ctx } = context(recorder(false, true), { republish: () => Promise.reject(new Error('nats down')) });
    expect(
      await runJob(
        d,
        job(() => Promise.resolve()),
        ctx,
      ),
    ).toBe('retrying');
    expect(d.calls).toEqual(['nak 100']);
  });

  it('publishes a job queued again while its last attempt failed, as well as dead-lettering the failure', async () => {
    const d = delivery(3);
    const { ctx, deadLetters, republished } = context(recorder(false, true));
    expect(
      await runJob(
        d,
        job(() => Promise.reject(new Error('boom'))),
        ctx,
      ),
    ).toBe('failed');
    expect(republished).toEqual(['republish']);
    expect(deadLetters).toEqual(['boom']);
    expect(d.calls).toEqual(['term']);
  });

  it('does not run a job whose status already says succeeded (redelivered after a lost ack)', async () => {
    const handle = jest.fn(() => Promise.resolve());
    const d = delivery(2);
    expect(await runJob(d, job(handle), context(recorder(true)).ctx)).toBe('skipped');
    expect(handle).not.toHaveBeenCalled();
    expect(d.calls).toEqual(['ack']);
  });

  it('retries a failure with exponential backoff, then fails and dead-letters it on the last attempt', async () => {
    const failing = job(() => Promise.reject(new Error('boom')));
    const naks: string[] = [];
    for (const attempt of [1, 2]) {
      const d = delivery(attempt);
      const rec = recorder();
      expect(await runJob(d, failing, context(rec).ctx)).toBe('retrying');
      expect(rec.calls).toEqual([`start job-1 ${attempt}`, 'requeue boom']);
      naks.push(...d.calls);
    }
    expect(naks).toEqual(['nak 100', 'nak 200']);

    const last = delivery(3);
    const rec = recorder();
    const { ctx, deadLetters } = context(rec);
    expect(await runJob(last, failing, ctx)).toBe('failed');
    expect(rec.calls).toEqual(['start job-1 3', 'fail boom']);
    expect(deadLetters).toEqual(['boom']);
    expect(last.calls).toEqual(['term']);
  });

  it('fails a PermanentJobError at once, with its reason, without retrying', async () => {
    const d = delivery(1);
    const rec = recorder();
    const { ctx, deadLetters } = context(rec);
    expect(
      await runJob(
        d,
        job(() => Promise.reject(new PermanentJobError('broken .gitbook.yaml'))),
        ctx,
      ),
    ).toBe('failed');
    expect(rec.calls).toEqual(['start job-1 1', 'fail broken .gitbook.yaml']);
    expect(deadLetters).toEqual(['broken .gitbook.yaml']);
    expect(d.calls).toEqual(['term']);
  });

  it('fails without running a job delivered more often than its attempts (its worker died each time)', async () => {
    const handle = jest.fn(() => Promise.resolve());
    const d = delivery(4);
    const rec = recorder();
    const { ctx, deadLetters } = context(rec);
    expect(await runJob(d, job(handle), ctx)).toBe('failed');
    expect(handle).not.toHaveBeenCalled();
    expect(rec.calls).toEqual([expect.stringMatching(/^fail no outcome after 3 attempts/)]);
    expect(deadLetters).toHaveLength(1);
    expect(d.calls).toEqual(['term']);
  });

  it('dead-letters a message that is not a job envelope', async () => {
    const d = delivery(1, { n: 1 });
    const { ctx, deadLetters } = context(recorder());
    expect(
      await runJob(
        d,
        job(() => Promise.resolve()),
        ctx,
      ),
    ).toBe('failed');
    expect(deadLetters).toEqual([expect.stringContaining('not a job envelope')]);
    expect(d.calls).toEqual(['term']);
  });

  it('heartbeats while the handler works and records progress', async () => {
    jest.useFakeTimers();
    try {
      const rec = recorder();
      const d = delivery();
      let finish!: () => void;
      const running = runJob(
        d,
        job(async (_, ctx) => {
          await ctx.progress(0.5, 'half way');
          await new Promise<void>((resolve) => (finish = resolve));
        }),
        context(rec).ctx,
      );
      await jest.advanceTimersByTimeAsync(3500);
      finish();
      expect(await running).toBe('succeeded');
      expect(d.calls).toEqual(['working', 'working', 'working', 'working', 'ack']);
      expect(rec.calls).toEqual(['start job-1 1', 'progress 0.5 half way', 'heartbeat', 'heartbeat', 'heartbeat', 'succeed']);
    } finally {
      jest.useRealTimers();
    }
  });

  describe('a job that defers', () => {
    /** A job that defers by `deferMs` and records who asked (payload and job id) and what ran. */
    function deferring(deferMs: number | (() => number), handle: () => Promise<void> = () => Promise.resolve()) {
      const asked: unknown[] = [];
      const ran = jest.fn(handle);
      const definition = defineJob<{ n: number }>({
        type: 'test.coalesced',
        maxAttempts: 3,
        backoff: { initialMs: 100, maxMs: 1000 },
        defer: (payload, { jobId }) => (asked.push(payload, jobId), typeof deferMs === 'number' ? deferMs : deferMs()),
        handle: ran,
      });
      return { definition, asked, ran };
    }

    it('naks its first delivery with the delay, without running it or writing a status row', async () => {
      const rec = recorder();
      const d = delivery(1);
      const { definition, asked, ran } = deferring(350.2);
      expect(await runJob(d, definition, context(rec).ctx)).toBe('deferred');
      expect(asked).toEqual([{ n: 1 }, 'job-1']);
      expect(ran).not.toHaveBeenCalled();
      expect(rec.calls).toEqual([]);
      expect(d.calls).toEqual(['nak 351']);
    });

    it('runs the redelivery without asking again, so it is never deferred twice', async () => {
      const rec = recorder();
      const d = delivery(2);
      const { definition, asked, ran } = deferring(350);
      expect(await runJob(d, definition, context(rec).ctx)).toBe('succeeded');
      expect(asked).toEqual([]);
      expect(ran).toHaveBeenCalledTimes(1);
      expect(rec.calls).toEqual(['start job-1 2', 'succeed']);
      expect(d.calls).toEqual(['ack']);
    });

    it('runs at once when the deferral is 0, or when deciding it throws', async () => {
      const throwing = (): number => {
        throw new Error('no schedule');
      };
      for (const deferMs of [0, throwing]) {
        const d = delivery(1);
        const { definition, ran } = deferring(deferMs);
        expect(await runJob(d, definition, context(recorder()).ctx)).toBe('succeeded');
        expect(ran).toHaveBeenCalledTimes(1);
        expect(d.calls).toEqual(['ack']);
      }
    });

    it('gets one delivery more than its attempts, as the first may have been spent deferred', async () => {
      const failing = deferring(350, () => Promise.reject(new Error('boom'))).definition;
      const third = delivery(3);
      expect(await runJob(third, failing, context(recorder()).ctx)).toBe('retrying');
      expect(third.calls).toEqual(['nak 400']);

      const fourth = delivery(4);
      const { ctx, deadLetters } = context(recorder());
      expect(await runJob(fourth, failing, ctx)).toBe('failed');
      expect(deadLetters).toEqual(['boom']);

      const fifth = delivery(5);
      const rec = recorder();
      expect(await runJob(fifth, failing, context(rec).ctx)).toBe('failed');
      expect(rec.calls).toEqual([expect.stringMatching(/^fail no outcome after 4 attempts/)]);
    });

    it('is handed straight back, not deferred, when pulled after shutdown began', async () => {
      const { ctx, shutdown } = context(recorder());
      shutdown.abort();
      const d = delivery(1);
      const { definition, asked } = deferring(350);
      expect(await runJob(d, definition, ctx)).toBe('released');
      expect(asked).toEqual([]);
      expect(d.calls).toEqual(['nak 0']);
    });
  });

  describe('at shutdown', () => {
    /** A handler that signals when it runs, then does what `body` says. */
    function handler(body: (ctx: JobContext) => Promise<void>) {
      let started!: () => void;
      const running = new Promise<void>((resolve) => (started = resolve));
      return { running, handle: (_: { n: number }, ctx: JobContext) => (started(), body(ctx)) };
    }

    it('lets a job in hand finish within the grace period', async () => {
      const { ctx, shutdown } = context(recorder());
      const d = delivery();
      let finish!: () => void;
      const h = handler(() => new Promise<void>((resolve) => (finish = resolve)));
      const outcome = runJob(d, job(h.handle), ctx);
      await h.running;
      shutdown.abort();
      finish();
      expect(await outcome).toBe('succeeded');
      expect(d.calls).toEqual(['ack']);
    });

    it('releases at once (no backoff, no failure) a job whose handler stops on the signal', async () => {
      const rec = recorder();
      const { ctx, shutdown } = context(rec);
      const d = delivery();
      const h = handler(
        (jobCtx) =>
          new Promise<void>((_, reject) => jobCtx.signal.addEventListener('abort', () => reject(new Error('stopped at a checkpoint')))),
      );
      const outcome = runJob(d, job(h.handle), ctx);
      await h.running;
      shutdown.abort();
      expect(await outcome).toBe('released');
      expect(d.calls).toEqual(['nak 0']);
      expect(rec.calls).toEqual(['start job-1 1', 'requeue null']);
    });

    it('releases a job still running when the grace period ends', async () => {
      const rec = recorder();
      const { ctx, shutdown, graceOver } = context(rec);
      const d = delivery();
      const h = handler(() => new Promise<void>(() => undefined));
      const outcome = runJob(d, job(h.handle), ctx);
      await h.running;
      shutdown.abort();
      graceOver.abort();
      expect(await outcome).toBe('released');
      expect(d.calls).toEqual(['nak 0']);
      expect(rec.calls).toEqual(['start job-1 1', 'requeue null']);
    });

    it('hands back a job pulled after shutdown began without starting it', async () => {
      const rec = recorder();
      const { ctx, shutdown } = context(rec);
      shutdown.abort();
      const d = delivery();
      expect(
        await runJob(
          d,
          job(() => Promise.resolve()),
          ctx,
        ),
      ).toBe('released');
      expect(rec.calls).toEqual([]);
      expect(d.calls).toEqual(['nak 0']);
    });
  });
});
