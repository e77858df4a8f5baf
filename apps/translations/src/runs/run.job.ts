import { TRANSLATION_RUN_JOB, type TranslationRunPayload } from '@bindery/contracts';
import { defineJob, type JobDefinition } from '@bindery/platform';
import type { RunService } from './run.service';

const MAX_ATTEMPTS = 5;

/**
 * `translations.run`: one run of a translation. A killed worker's run comes back after `ackWaitMs`
 * and resumes (translated pages are kept as they are made); a run that keeps failing is retried
 * with backoff, then recorded on the translation as failed.
 */
export function runJob(runs: RunService, ackWaitMs = 30_000): JobDefinition<TranslationRunPayload> {
  return defineJob<TranslationRunPayload>({
    type: TRANSLATION_RUN_JOB,
    concurrency: 2,
    ackWaitMs,
    maxAttempts: MAX_ATTEMPTS,
    backoff: { initialMs: 2000, maxMs: 60_000 },
    handle: (payload, ctx) => runs.run(payload, ctx, ctx.attempt >= MAX_ATTEMPTS),
  });
}
